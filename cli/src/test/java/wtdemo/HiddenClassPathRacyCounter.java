package wtdemo;

import java.security.Permission;
import java.util.PropertyPermission;

/**
 * Installs a security manager (JDK 17 allows it) that lets nobody read {@code java.class.path},
 * the agent's shutdown hook included, then runs {@link RacyCounter}.
 */
public final class HiddenClassPathRacyCounter {
    public static void main(String[] args) throws Exception {
        System.setSecurityManager(new SecurityManager() {
            @Override
            public void checkPermission(Permission p) {
                if (p instanceof PropertyPermission && p.getName().equals("java.class.path") && p.getActions().contains("read")) {
                    throw new SecurityException("java.class.path is hidden");
                }
            }
        });
        RacyCounter.main(new String[0]);
    }
}
