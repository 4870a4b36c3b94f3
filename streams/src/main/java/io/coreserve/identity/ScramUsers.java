package io.coreserve.identity;

import java.util.List;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ScramCredentialInfo;
import org.apache.kafka.clients.admin.ScramMechanism;
import org.apache.kafka.clients.admin.UserScramCredentialUpsertion;

/** Registers users' SCRAM-SHA-256 passwords with the cluster (needs ALTER on the cluster: an admin principal). */
public final class ScramUsers {

    static final int ITERATIONS = 8192;

    private ScramUsers() {
    }

    public static void upsert(Admin admin, List<Credentials> users) throws InterruptedException {
        List<UserScramCredentialUpsertion> changes = users.stream()
                .filter(c -> Credentials.SCRAM_SHA_256.equals(c.mechanism()))
                .map(c -> new UserScramCredentialUpsertion(c.user(),
                        new ScramCredentialInfo(ScramMechanism.SCRAM_SHA_256, ITERATIONS), c.password()))
                .map(UserScramCredentialUpsertion.class::cast)
                .toList();
        if (changes.isEmpty()) {
            return;
        }
        try {
            admin.alterUserScramCredentials(List.copyOf(changes)).all().get();
        } catch (ExecutionException e) {
            throw new IllegalStateException("cannot register SCRAM credentials: " + e.getCause().getMessage(), e.getCause());
        }
    }
}
