package dev.wholetrace.agent.jdk;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.instrument.Instrumentation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;

/**
 * Puts the bridge classes (package {@code dev.wholetrace.agent.jdk.bridge}) on the bootstrap class
 * path, where the hooked JDK classes can call them. Normally they are there already: the agent jar's
 * manifest names {@code wholetrace-agent-VERSION-jdk-bridge.jar} next to it (Boot-Class-Path). When
 * that jar is missing (the agent jar copied alone), they are copied from the agent jar into a small
 * temporary jar (deleted at exit) that {@link Instrumentation#appendToBootstrapClassLoaderSearch}
 * adds — then the JVM prints a warning about class data sharing on stderr. Must run before any class
 * that names the bridge is linked; this class names it only as resource paths.
 */
public final class BootstrapBridge {
    /** The bridge's classes, as resources of the agent jar. */
    private static final String[] CLASSES = {
        "dev/wholetrace/agent/jdk/bridge/JdkBridge.class", "dev/wholetrace/agent/jdk/bridge/JdkSink.class"
    };

    private BootstrapBridge() {}

    /**
     * Whether the bridge is already on the bootstrap class path: the agent jar's manifest names the
     * bridge jar next to it (Boot-Class-Path), which the JVM appends while it loads the agent.
     */
    public static boolean onBootPath() {
        return ClassLoader.getPlatformClassLoader().getResource(CLASSES[0]) != null;
    }

    /** Appends the bridge to the bootstrap class path. */
    public static void append(Instrumentation inst) throws IOException {
        Path jar = Files.createTempFile("wholetrace-bridge-", ".jar");
        jar.toFile().deleteOnExit();
        try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file)) {
            for (String name : CLASSES) {
                try (InputStream in = BootstrapBridge.class.getClassLoader().getResourceAsStream(name)) {
                    if (in == null) throw new IOException("the agent jar has no " + name);
                    out.putNextEntry(new JarEntry(name));
                    in.transferTo(out);
                    out.closeEntry();
                }
            }
        }
        inst.appendToBootstrapClassLoaderSearch(new JarFile(jar.toFile()));
    }
}
