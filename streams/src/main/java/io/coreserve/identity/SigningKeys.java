package io.coreserve.identity;

import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Base64;

/** Ed25519 key pairs (built into the JDK since 15) and their text form: base64 of X.509 / PKCS#8. */
public final class SigningKeys {

    static final String ALGORITHM = "Ed25519";

    private SigningKeys() {
    }

    public static KeyPair generate() {
        try {
            return KeyPairGenerator.getInstance(ALGORITHM).generateKeyPair();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("this JDK has no " + ALGORITHM, e);
        }
    }

    public static String encode(PublicKey key) {
        return Base64.getEncoder().encodeToString(key.getEncoded());
    }

    public static String encode(PrivateKey key) {
        return Base64.getEncoder().encodeToString(key.getEncoded());
    }

    public static PublicKey publicKey(String base64) {
        try {
            return KeyFactory.getInstance(ALGORITHM).generatePublic(new X509EncodedKeySpec(decode(base64)));
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException("not an " + ALGORITHM + " public key: " + e.getMessage(), e);
        }
    }

    public static PrivateKey privateKey(String base64) {
        try {
            return KeyFactory.getInstance(ALGORITHM).generatePrivate(new PKCS8EncodedKeySpec(decode(base64)));
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException("not an " + ALGORITHM + " private key: " + e.getMessage(), e);
        }
    }

    private static byte[] decode(String base64) {
        try {
            return Base64.getDecoder().decode(base64.trim());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("not base64: " + e.getMessage(), e);
        }
    }
}
