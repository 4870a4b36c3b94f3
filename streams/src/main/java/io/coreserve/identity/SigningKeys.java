package io.coreserve.identity;

import java.security.SecureRandom;
import java.util.Base64;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;

/**
 * Users' signing keys: 256 random bits for HMAC-SHA256, in text as base64. A key is shared by its user and the
 * pipeline only (see {@link CommandSignature} for why a MAC and not a public-key signature).
 */
public final class SigningKeys {

    static final String ALGORITHM = "HmacSHA256";
    private static final int BYTES = 32;
    private static final SecureRandom RANDOM = new SecureRandom();

    private SigningKeys() {
    }

    public static SecretKey generate() {
        byte[] bytes = new byte[BYTES];
        RANDOM.nextBytes(bytes);
        return new SecretKeySpec(bytes, ALGORITHM);
    }

    public static String encode(SecretKey key) {
        return Base64.getEncoder().encodeToString(key.getEncoded());
    }

    public static SecretKey decode(String base64) {
        byte[] bytes;
        try {
            bytes = Base64.getDecoder().decode(base64.trim());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("signing key is not base64: " + e.getMessage(), e);
        }
        if (bytes.length < BYTES) {
            throw new IllegalArgumentException("signing key has " + bytes.length + " bytes, needs " + BYTES);
        }
        return new SecretKeySpec(bytes, ALGORITHM);
    }
}
