package io.coreserve.identity;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.common.config.AbstractConfig;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.ConfigDef.Importance;
import org.apache.kafka.common.config.ConfigDef.Type;

/**
 * The {@code coreserve.auth.*} settings, declared once with type, default and documentation. Verification is off
 * unless {@value #ENABLED} is true (the library default, so tests that do not exercise identity need no keys);
 * {@code coreserve dev} turns it on.
 */
public final class AuthSettings {

    /** The pipeline verifies every command's signature (requests and virtual grid requests). */
    public static final String ENABLED = "coreserve.auth.enabled";
    /** Directory of users' signing keys, one {@code NAME.key} file each (base64, HMAC-SHA256); keep it private. */
    public static final String KEYS_DIR = "coreserve.auth.keys.dir";
    /** Signers who may act for any user (replay tools, gateways): their commands keep the declared user. */
    public static final String OPERATORS = "coreserve.auth.operators";
    /** A client's credentials directory (see {@link CredentialStore}); the CLI's {@code --credentials}. */
    public static final String CREDENTIALS = "coreserve.auth.credentials";
    /** A client's own credentials file: commands it produces to the requests topic are signed with its key. */
    public static final String SIGNING_CREDENTIALS = "coreserve.auth.signing.credentials";

    public static final ConfigDef DEFINITION = new ConfigDef()
            .define(ENABLED, Type.BOOLEAN, false, Importance.HIGH,
                    "Verify the signature of every command on the requests and vgrid-requests topics; a command "
                            + "that fails gets the header " + AuthenticatingCommandDeserializer.AUTH_ERROR_HEADER
                            + " and is refused.")
            .define(KEYS_DIR, Type.STRING, null, Importance.HIGH,
                    "Directory of the users' signing keys (NAME.key, readable by the pipeline only); required when "
                            + ENABLED + " is true.")
            .define(OPERATORS, Type.LIST, "", Importance.MEDIUM,
                    "Signers trusted to act for any user, e.g. the replay tool's identity.")
            .define(CREDENTIALS, Type.STRING, null, Importance.MEDIUM,
                    "Client side: a credentials directory holding NAME.properties files (SASL password and signing key).")
            .define(SIGNING_CREDENTIALS, Type.STRING, null, Importance.MEDIUM,
                    "Client side: the credentials file whose key signs the commands this client produces.");

    private final boolean enabled;
    private final Path keysDir;
    private final Set<String> operators;

    private AuthSettings(boolean enabled, Path keysDir, Set<String> operators) {
        this.enabled = enabled;
        this.keysDir = keysDir;
        this.operators = operators;
    }

    /** Reads the settings from a serde's or client's configuration map; other keys are ignored. */
    public static AuthSettings from(Map<String, ?> settings) {
        Map<String, Object> own = new java.util.HashMap<>();
        settings.forEach((key, value) -> {
            if (key.startsWith("coreserve.auth.") && value != null) {
                own.put(key, value);
            }
        });
        AbstractConfig parsed = new AbstractConfig(DEFINITION, own, false);
        String keys = parsed.getString(KEYS_DIR);
        List<String> operatorList = parsed.getList(OPERATORS);
        boolean enabled = parsed.getBoolean(ENABLED);
        if (enabled && (keys == null || keys.isBlank())) {
            throw new IllegalArgumentException(ENABLED + " is true but " + KEYS_DIR + " is not set");
        }
        return new AuthSettings(enabled, keys == null || keys.isBlank() ? null : Path.of(keys),
                Set.copyOf(operatorList.stream().map(String::trim).filter(s -> !s.isEmpty()).toList()));
    }

    public boolean enabled() {
        return enabled;
    }

    public Path keysDir() {
        return keysDir;
    }

    public Set<String> operators() {
        return operators;
    }
}
