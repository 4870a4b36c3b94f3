package io.coreserve.identity;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import javax.crypto.SecretKey;
import org.apache.avro.Schema;
import org.apache.avro.specific.SpecificRecordBase;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.Deserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads a signed command and decides whose it is: a {@code ReservationCommand} on the requests topic (its body
 * names the user) or a {@code VirtualGridRequest} on the vgrid-requests topic (the record itself names it). First,
 * any {@value #AUTH_ERROR_HEADER} header that came with the record is removed (nobody can forge or suppress it). With {@link AuthSettings#ENABLED} on, the
 * record's signature ({@link CommandSignature}) is verified with the signer's key, then:
 * <ul>
 *   <li>on success the command's {@code user} is the signer: a command signed by bob that claims to be alice's
 *       fails; an operator ({@link AuthSettings#OPERATORS}) may act for anyone and the declared user is kept;</li>
 *   <li>on failure the record gets the header {@value #AUTH_ERROR_HEADER} whose value (UTF-8) says why, and the
 *       command is passed on unchanged, so that the pipeline can answer REJECTED UNAUTHENTICATED to its id.</li>
 * </ul>
 * Unreadable values still throw, as the wrapped deserializer does, and go to the dead-letter topic.
 */
public final class AuthenticatingCommandDeserializer<T> implements Deserializer<T> {

    /** Set on a command whose sender could not be authenticated; the value is the reason. */
    public static final String AUTH_ERROR_HEADER = "coreserve-auth-error";

    private static final Logger LOG = LoggerFactory.getLogger(AuthenticatingCommandDeserializer.class);
    private static final String USER_FIELD = "user";

    private final Deserializer<T> inner;
    private final AuthSettings settings;
    private final UserKeyDirectory keys;
    private final Function<? super T, ?> userRecord;

    /**
     * @param inner an already configured deserializer of the command's Avro value
     * @param userRecord the Avro record inside a command that has its {@code user} field
     */
    public AuthenticatingCommandDeserializer(Deserializer<T> inner, AuthSettings settings,
            Function<? super T, ?> userRecord) {
        this.inner = inner;
        this.settings = settings;
        this.keys = settings.enabled() ? new UserKeyDirectory(settings.keysDir()) : null;
        this.userRecord = userRecord;
    }

    @Override
    public void configure(Map<String, ?> configs, boolean isKey) {
        // Configured at construction (Kafka Streams does not configure the deserializers a topology is given).
    }

    @Override
    public T deserialize(String topic, byte[] data) {
        return deserialize(topic, new RecordHeaders(), data);
    }

    @Override
    public T deserialize(String topic, Headers headers, byte[] data) {
        headers.remove(AUTH_ERROR_HEADER);
        Verdict verdict = settings.enabled() ? verifySignature(topic, headers, data) : null;
        T command = inner.deserialize(topic, headers, data);
        if (command == null || verdict == null) {
            return command;
        }
        String problem = verdict.problem() != null ? verdict.problem() : bindUser(command, verdict.signer());
        if (problem != null) {
            headers.add(AUTH_ERROR_HEADER, problem.getBytes(StandardCharsets.UTF_8));
            LOG.info("Command on {} not authenticated: {}", topic, problem);
        }
        return command;
    }

    /** The reason a command's record was refused by this deserializer, or null when it was authenticated. */
    public static String errorOf(Headers headers) {
        Header header = headers.lastHeader(AUTH_ERROR_HEADER);
        if (header == null) {
            return null;
        }
        return header.value() == null ? "no reason given" : new String(header.value(), StandardCharsets.UTF_8);
    }

    /** The signer, or why the signature does not hold. */
    private record Verdict(String signer, String problem) {
    }

    private Verdict verifySignature(String topic, Headers headers, byte[] data) {
        String signer = CommandSignature.signerOf(headers);
        byte[] signature = CommandSignature.signatureOf(headers);
        boolean anySigner = headers.lastHeader(CommandSignature.SIGNER_HEADER) != null;
        boolean anySignature = headers.lastHeader(CommandSignature.SIGNATURE_HEADER) != null;
        if (!anySigner && !anySignature) {
            return new Verdict(null, "unsigned: the command has no " + CommandSignature.SIGNER_HEADER + " and "
                    + CommandSignature.SIGNATURE_HEADER + " headers");
        }
        if (signer == null || signature == null) {
            return new Verdict(null, "malformed signature: exactly one " + CommandSignature.SIGNER_HEADER
                    + " and one " + CommandSignature.SIGNATURE_HEADER + " header are needed");
        }
        if (!UserNames.isValid(signer)) {
            return new Verdict(null, "invalid signer name in " + CommandSignature.SIGNER_HEADER);
        }
        Optional<SecretKey> key = keys.find(signer);
        if (key.isEmpty()) {
            return new Verdict(null, "unknown signer '" + signer + "': no key");
        }
        if (data == null || !CommandSignature.verify(key.get(), topic, signer, data, signature)) {
            return new Verdict(null, "the signature of '" + signer + "' does not verify");
        }
        return new Verdict(signer, null);
    }

    /** Makes the command's user the authenticated one; null when that holds, else why not. */
    private String bindUser(T command, String signer) {
        if (!(userRecord.apply(command) instanceof SpecificRecordBase body)) {
            return "the command has no body";
        }
        Schema.Field field = body.getSchema().getField(USER_FIELD);
        if (field == null) {
            return "a " + body.getSchema().getName() + " names no user";
        }
        Object declared = body.get(field.pos());
        if (settings.operators().contains(signer)) {
            return null;
        }
        if (declared == null || !signer.equals(declared.toString())) {
            return "signed by '" + signer + "' but claims to be from user '" + declared + "'";
        }
        body.put(field.pos(), signer);
        return null;
    }

    @Override
    public void close() {
        inner.close();
    }
}
