package wtdemo;

import java.security.Permission;

/**
 * Installs a security manager of its own (JDK 17 allows it) that lets everything through, instrumented with the
 * program when the agent's include= names it, then runs {@link RacyCounter} and waits a little longer than a chunk
 * interval of 200 ms: the recorder's writer then loads classes while the security manager is installed, which asks
 * it.
 */
public final class GuardedRacyCounter {
    static int checks;

    public static void main(String[] args) throws Exception {
        System.setSecurityManager(new SecurityManager() {
            @Override
            public void checkPermission(Permission p) {
                checks++;
            }

            @Override
            public void checkPermission(Permission p, Object context) {
                checks++;
            }
        });
        RacyCounter.main(new String[0]);
        Thread.sleep(500);
    }
}
