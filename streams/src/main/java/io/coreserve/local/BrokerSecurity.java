package io.coreserve.local;

import io.coreserve.config.Topics;
import io.coreserve.identity.AuthSettings;
import io.coreserve.identity.CredentialStore;
import io.coreserve.identity.Credentials;
import io.coreserve.identity.UserKeyDirectory;
import io.coreserve.identity.ScramUsers;
import io.coreserve.identity.UserNames;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.common.acl.AccessControlEntry;
import org.apache.kafka.common.acl.AclBinding;
import org.apache.kafka.common.acl.AclOperation;
import org.apache.kafka.common.acl.AclPermissionType;
import org.apache.kafka.common.resource.PatternType;
import org.apache.kafka.common.resource.ResourcePattern;
import org.apache.kafka.common.resource.ResourceType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Authentication and authorization of the local broker. One listener for clients, SASL_PLAINTEXT with
 * SCRAM-SHA-256 for users and operators, whose credentials live in the cluster metadata (added through the Admin
 * API, {@link ScramUsers}); and PLAIN for one principal, {@value #APP_PRINCIPAL}, the app and the broker itself,
 * whose password is in {@code server.properties}: the broker needs it before the metadata (and so any SCRAM
 * credential) is loaded, for its controller and inter-broker connections. {@value #APP_PRINCIPAL} is the only super
 * user; with {@code StandardAuthorizer} and no ACL meaning deny, the ACLs of {@link #aclBindings} let:
 * <ul>
 *   <li>every authenticated user write commands, and read decisions and notifications (for {@code watch});</li>
 *   <li>operators also write the catalogue and samples (to replay traces), read the catalogue (bench) and dead letters,
 *       read the topics' settings and consumer groups' offsets (replay checks retention and waits for the
 *       pipeline), and read the inputs and move a group's offsets ({@code dlq replay} and {@code dlq skip});</li>
 *   <li>nobody but the app write decisions, notifications or the internal topics.</li>
 * </ul>
 * Passwords and signing keys live in {@code <data-dir>/credentials} (owner-only), the pipeline's copy of the
 * signing keys in {@code <data-dir>/keys} (owner-only).
 */
public final class BrokerSecurity {

    private static final Logger LOG = LoggerFactory.getLogger(BrokerSecurity.class);

    /** The app's principal: super user, the only writer of decisions and notifications. */
    public static final String APP_PRINCIPAL = "coreserve";
    /** The trusted operator that {@code replay} acts as; it may send commands for any user. */
    public static final String OPERATOR = "coreserve-operator";
    /** The protocol (and name) of the client listener. */
    public static final String CLIENT_PROTOCOL = "SASL_PLAINTEXT";

    private final CredentialStore store;
    private final UserKeyDirectory keys;
    private final Credentials app;

    private BrokerSecurity(CredentialStore store, UserKeyDirectory keys, Credentials app) {
        this.store = store;
        this.keys = keys;
        this.app = app;
    }

    /** The security of a broker whose data lives in {@code dataDir}; the app's password is made on first use. */
    public static BrokerSecurity forDataDir(Path dataDir) {
        CredentialStore store = CredentialStore.create(dataDir.resolve("credentials"));
        return new BrokerSecurity(store, new UserKeyDirectory(dataDir.resolve("keys").toAbsolutePath()),
                store.ensurePlainPrincipal(APP_PRINCIPAL));
    }

    public CredentialStore store() {
        return store;
    }

    public UserKeyDirectory keys() {
        return keys;
    }

    /** The lines {@code server.properties} needs beyond the listeners, which name {@value #CLIENT_PROTOCOL}. */
    String serverProperties() {
        String plain = "org.apache.kafka.common.security.plain.PlainLoginModule required username=\"" + APP_PRINCIPAL
                + "\" password=\"" + app.password() + "\" user_" + APP_PRINCIPAL + "=\"" + app.password() + "\";";
        String client = CLIENT_PROTOCOL.toLowerCase(Locale.ROOT);
        return String.join("\n",
                "# Authentication: SCRAM-SHA-256 for users, PLAIN for the app and broker principal only.",
                "listener.name." + client + ".sasl.enabled.mechanisms=SCRAM-SHA-256,PLAIN",
                "listener.name." + client + ".plain.sasl.jaas.config=" + plain,
                "listener.name." + client + ".scram-sha-256.sasl.jaas.config="
                        + "org.apache.kafka.common.security.scram.ScramLoginModule required;",
                "sasl.mechanism.inter.broker.protocol=PLAIN",
                "listener.name.controller.sasl.enabled.mechanisms=PLAIN",
                "listener.name.controller.plain.sasl.jaas.config=" + plain,
                "sasl.mechanism.controller.protocol=PLAIN",
                "# Authorization: ACLs (set by " + BrokerSecurity.class.getSimpleName() + "), no ACL means deny.",
                "authorizer.class.name=org.apache.kafka.metadata.authorizer.StandardAuthorizer",
                "super.users=User:" + APP_PRINCIPAL,
                "allow.everyone.if.no.acl.found=false",
                "");
    }

    /** Client settings that log in as the app (super user). */
    public Map<String, String> appClientSettings() {
        return app.clientSettings();
    }

    /** An admin client of the broker at {@code bootstrap}, logged in as the app. */
    public Admin admin(String bootstrap) {
        Map<String, Object> settings = new LinkedHashMap<>(app.clientSettings());
        settings.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        settings.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 30_000);
        return Admin.create(settings);
    }

    /**
     * The pipeline's settings in {@code dev}: logged in as the app, verifying every command against
     * {@code <data-dir>/keys}, with {@value #OPERATOR} trusted to act for anyone.
     */
    public Map<String, String> pipelineSettings() {
        Map<String, String> settings = new LinkedHashMap<>(app.clientSettings());
        settings.put(AuthSettings.ENABLED, "true");
        settings.put(AuthSettings.KEYS_DIR, keys.dir().toString());
        settings.put(AuthSettings.OPERATORS, OPERATOR);
        return settings;
    }

    /**
     * Makes the running broker at {@code bootstrap} ready for users: credentials for the local user and the
     * operator (created once, SCRAM passwords registered every time, which is idempotent), their signing keys
     * given to the pipeline, the ACLs set, and the store marked as this cluster's, so that the CLI finds it by itself.
     *
     * @return the local user's name
     */
    public String provision(String bootstrap, Topics topics) throws InterruptedException {
        String localUser = localUserName(System.getProperty("user.name"));
        List<Credentials> users = List.of(store.ensureUser(localUser), store.ensureUser(OPERATOR));
        try (Admin admin = admin(bootstrap)) {
            ScramUsers.upsert(admin, users);
            createAcls(admin, topics, List.of(OPERATOR));
        }
        users.forEach(u -> keys.put(u.user(), u.signingKey()));
        store.setLocalUser(localUser);
        store.setOperator(OPERATOR);
        store.setBootstrap(bootstrap);
        LOG.info("Security: SASL/SCRAM users {} and {} (operator) in {}; ACLs set", localUser, OPERATOR, store.dir());
        return localUser;
    }

    /**
     * Lets the operator write the Kafka warm-up's requests topic and read its decisions topic, so that the app's
     * warm-up can log in as the operator ({@code coreserve.kafka.warmup-credentials}) and meet the broker's ACL checks
     * as users' clients do; no user gets anything on them.
     */
    public void allowOperatorWarmup(String bootstrap, String requestsTopic, String decisionsTopic)
            throws InterruptedException {
        List<AclBinding> acls = new ArrayList<>();
        String operator = "User:" + OPERATOR;
        allow(acls, operator, requestsTopic, AclOperation.WRITE, AclOperation.DESCRIBE);
        allow(acls, operator, decisionsTopic, AclOperation.READ, AclOperation.DESCRIBE);
        try (Admin admin = admin(bootstrap)) {
            admin.createAcls(acls).all().get();
        } catch (ExecutionException e) {
            throw new IllegalStateException("cannot set the warm-up's ACLs: " + e.getCause().getMessage(), e.getCause());
        }
    }

    /** The operator's credentials file (its login and signing key). */
    public Path operatorCredentials() {
        return store.fileOf(OPERATOR);
    }

    /** Creates (or re-creates, which is harmless) the ACLs of {@link #aclBindings}. */
    public static void createAcls(Admin admin, Topics topics, Collection<String> operators) throws InterruptedException {
        try {
            admin.createAcls(aclBindings(topics, operators)).all().get();
        } catch (ExecutionException e) {
            throw new IllegalStateException("cannot set ACLs: " + e.getCause().getMessage(), e.getCause());
        }
    }

    static List<AclBinding> aclBindings(Topics topics, Collection<String> operators) {
        List<AclBinding> acls = new ArrayList<>();
        String anyUser = "User:*";
        allow(acls, anyUser, topics.requests(), AclOperation.WRITE, AclOperation.DESCRIBE);
        // Virtual grids: users send requests; bind commands are the application's alone (no ACL: only it writes them).
        allow(acls, anyUser, topics.vgridRequests(), AclOperation.WRITE, AclOperation.DESCRIBE);
        allow(acls, anyUser, topics.decisions(), AclOperation.READ, AclOperation.DESCRIBE);
        allow(acls, anyUser, topics.notifications(), AclOperation.READ, AclOperation.DESCRIBE);
        for (String operator : operators) {
            String principal = "User:" + UserNames.require(operator);
            for (String topic : List.of(topics.resources(), topics.samples(), topics.requests())) {
                allow(acls, principal, topic, AclOperation.WRITE, AclOperation.DESCRIBE);
            }
            allow(acls, principal, topics.deadLetter(), AclOperation.READ, AclOperation.DESCRIBE);
            // bench pipeline sizes its workload from the catalogue, and --check reads it to check the decisions.
            allow(acls, principal, topics.resources(), AclOperation.READ);
            for (String topic : topics.all()) {
                // DESCRIBE_CONFIGS: replay checks each topic's retention against the trace's age before it sends.
                allow(acls, principal, topic, AclOperation.DESCRIBE, AclOperation.DESCRIBE_CONFIGS);
            }
            // replay waits until the pipeline's consumer group has committed past the catalogue: it reads its offsets.
            // dlq skip moves the stopped pipeline's committed offset past a record on an input topic (READ on the
            // group and the topic); dlq replay fetches a cut record whole from its topic.
            for (AclOperation operation : List.of(AclOperation.DESCRIBE, AclOperation.READ)) {
                acls.add(new AclBinding(new ResourcePattern(ResourceType.GROUP, "*", PatternType.LITERAL),
                        new AccessControlEntry(principal, "*", operation, AclPermissionType.ALLOW)));
            }
            for (String topic : List.of(topics.samples(), topics.requests())) {
                allow(acls, principal, topic, AclOperation.READ);
            }
        }
        return acls;
    }

    private static void allow(List<AclBinding> acls, String principal, String topic, AclOperation... operations) {
        for (AclOperation operation : operations) {
            acls.add(new AclBinding(new ResourcePattern(ResourceType.TOPIC, topic, PatternType.LITERAL),
                    new AccessControlEntry(principal, "*", operation, AclPermissionType.ALLOW)));
        }
    }

    static void ownerOnly(Path file) {
        try {
            java.nio.file.Files.setPosixFilePermissions(file,
                    java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
        } catch (UnsupportedOperationException | java.io.IOException e) {
            LOG.warn("Cannot make {} readable by its owner only: {}", file, e.toString());
        }
    }

    /** The OS user name made a valid principal, kept apart from the app's and the operator's. */
    static String localUserName(String osUser) {
        String name = osUser == null ? "" : osUser.replaceAll("[^A-Za-z0-9._-]", "-");
        if (!UserNames.isValid(name)) {
            name = "local";
        }
        return name.equals(APP_PRINCIPAL) || name.equals(OPERATOR) ? "user-" + name : name;
    }
}
