package io.coreserve.identity;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;

/**
 * The signature of a command record: Ed25519 over {@code "coreserve-command-v1" 0 topic 0 signer 0 value}, where
 * value is the record's serialized value exactly as it is on the topic (schema id included). The signer's name and
 * the signature travel in the headers {@value #SIGNER_HEADER} and {@value #SIGNATURE_HEADER}.
 *
 * <p>The record key is not signed: the value deserializer that verifies never sees it, and the key is derived from
 * the signed body (its domain), which the pipeline checks against the key. The topic is signed so that a command
 * cannot be moved to another topic with the same schema.
 */
public final class CommandSignature {

    public static final String SIGNER_HEADER = "coreserve-signer";
    public static final String SIGNATURE_HEADER = "coreserve-signature";

    private static final byte[] CONTEXT = "coreserve-command-v1".getBytes(StandardCharsets.US_ASCII);

    private CommandSignature() {
    }

    public static byte[] sign(PrivateKey key, String topic, String signer, byte[] value) {
        try {
            Signature signature = Signature.getInstance(SigningKeys.ALGORITHM);
            signature.initSign(key);
            signature.update(message(topic, signer, value));
            return signature.sign();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot sign as " + signer + ": " + e.getMessage(), e);
        }
    }

    public static boolean verify(PublicKey key, String topic, String signer, byte[] value, byte[] signatureBytes) {
        try {
            Signature signature = Signature.getInstance(SigningKeys.ALGORITHM);
            signature.initVerify(key);
            signature.update(message(topic, signer, value));
            return signature.verify(signatureBytes);
        } catch (java.security.SignatureException e) {
            return false;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot verify: " + e.getMessage(), e);
        }
    }

    /** Replaces any signer and signature headers with these. */
    public static void put(Headers headers, String signer, byte[] signature) {
        headers.remove(SIGNER_HEADER);
        headers.remove(SIGNATURE_HEADER);
        headers.add(SIGNER_HEADER, signer.getBytes(StandardCharsets.UTF_8));
        headers.add(SIGNATURE_HEADER, signature);
    }

    static String signerOf(Headers headers) {
        byte[] value = single(headers, SIGNER_HEADER);
        return value == null ? null : new String(value, StandardCharsets.UTF_8);
    }

    static byte[] signatureOf(Headers headers) {
        return single(headers, SIGNATURE_HEADER);
    }

    /** The header's value if it occurs exactly once; a repeated header is as good as none (ambiguous). */
    private static byte[] single(Headers headers, String name) {
        byte[] found = null;
        int count = 0;
        for (Header header : headers.headers(name)) {
            found = header.value();
            count++;
        }
        return count == 1 ? found : null;
    }

    private static byte[] message(String topic, String signer, byte[] value) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(CONTEXT.length + 64 + (value == null ? 0 : value.length));
        out.writeBytes(CONTEXT);
        out.write(0);
        out.writeBytes(topic.getBytes(StandardCharsets.UTF_8));
        out.write(0);
        out.writeBytes(signer.getBytes(StandardCharsets.UTF_8));
        out.write(0);
        if (value != null) {
            out.writeBytes(value);
        }
        return out.toByteArray();
    }
}
