package io.coreserve.cli;

import io.coreserve.identity.CredentialStore;
import io.coreserve.identity.Credentials;
import io.coreserve.identity.UserKeyDirectory;
import io.coreserve.identity.ScramUsers;
import io.coreserve.local.BrokerSecurity;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code coreserve user add NAME} and {@code user list}: the identities of a {@code dev} data directory. */
@Command(name = "user", mixinStandardHelpOptions = true,
        description = "Users of a dev data directory: credentials (SCRAM password, signing key) in "
                + "DIR/credentials, the pipeline's copy of the signing keys in DIR/keys.",
        subcommands = {UserCommand.Add.class, UserCommand.ListUsers.class})
public final class UserCommand implements Runnable {

    @Override
    public void run() {
        System.out.println("coreserve user add NAME | coreserve user list (see --help)");
    }

    abstract static class DataDirOptions {
        @Option(names = "--data-dir", paramLabel = "DIR", description = "dev's data directory (default: ${DEFAULT-VALUE}).")
        Path dataDir = Path.of(".coreserve");
    }

    @Command(name = "add", mixinStandardHelpOptions = true,
            description = {"Create a user's credentials (once) and give its signing key to the pipeline; with a dev broker "
                    + "known to the data directory, register its SCRAM password there too (the broker must be running).",
                    "Then act as the user with: coreserve submit --user NAME ... (the CLI finds the credentials)."})
    static final class Add extends DataDirOptions implements Callable<Integer> {

        @Parameters(paramLabel = "NAME", description = "User name: letters, digits, '.', '_', '-'.")
        String name;

        @Option(names = "--bootstrap", paramLabel = "HOST:PORT",
                description = "The broker to register with (default: the one dev last ran on this data directory).")
        String bootstrap;

        @Override
        public Integer call() throws Exception {
            CredentialStore store = CredentialStore.create(dataDir.resolve("credentials"));
            Credentials user = store.ensureUser(name);
            new UserKeyDirectory(dataDir.resolve("keys").toAbsolutePath()).put(name, user.signingKey());
            Optional<String> cluster = Optional.ofNullable(bootstrap).or(store::bootstrap);
            Optional<Credentials> admin = store.find(BrokerSecurity.APP_PRINCIPAL);
            if (cluster.isPresent() && admin.isPresent()) {
                Map<String, Object> settings = new LinkedHashMap<>(admin.get().clientSettings());
                settings.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.get());
                settings.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 10_000);
                settings.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 15_000);
                try (Admin client = Admin.create(settings)) {
                    ScramUsers.upsert(client, List.of(user));
                }
                System.out.println("user " + name + ": credentials in " + store.fileOf(name) + ", registered with "
                        + cluster.get());
            } else {
                System.out.println("user " + name + ": credentials in " + store.fileOf(name)
                        + "; no dev broker known here, so the SCRAM password is not registered anywhere");
            }
            return 0;
        }
    }

    @Command(name = "list", mixinStandardHelpOptions = true, description = "List the users with credentials.")
    static final class ListUsers extends DataDirOptions implements Callable<Integer> {
        @Override
        public Integer call() {
            CredentialStore store = CredentialStore.open(dataDir.resolve("credentials"));
            String local = store.localUser().orElse("");
            String operator = store.operator().orElse("");
            for (String user : store.users()) {
                String role = user.equals(local) ? " (local user)" : user.equals(operator) ? " (operator)"
                        : user.equals(BrokerSecurity.APP_PRINCIPAL) ? " (the app)" : "";
                System.out.println(user + role);
            }
            return 0;
        }
    }
}
