package dev.wholetrace.agent;

import dev.wholetrace.agent.instrument.ClassInstrumenter;
import dev.wholetrace.agent.instrument.InstrumentationContext;
import dev.wholetrace.agent.runtime.FieldOffsets;
import dev.wholetrace.recorder.TraceRecorder;
import java.io.IOException;
import java.io.InputStream;

/**
 * Test support: a class loader that defines the classes whose names start with one of the given
 * prefixes itself, instrumented for {@code recorder}, and leaves every other class to its parent —
 * what the agent's transformer does, without a second JVM.
 */
public final class InstrumentingLoader extends ClassLoader {
    private final InstrumentationContext context;
    private final ClassInstrumenter instrumenter;
    private final String[] prefixes;
    private final boolean checked;

    public InstrumentingLoader(TraceRecorder recorder, String... prefixes) {
        this(recorder, true, prefixes);
    }

    /** {@code checked} false: the classes get sync probes only, as the agent does for classes include/exclude do not select. */
    public InstrumentingLoader(TraceRecorder recorder, boolean checked, String... prefixes) {
        super(InstrumentingLoader.class.getClassLoader());
        this.context = new InstrumentationContext(recorder);
        this.instrumenter = new ClassInstrumenter(context);
        this.prefixes = prefixes;
        this.checked = checked;
    }

    /** Where the instrumented classes' fields are recorded, for {@code Probes.install} (the agent's premain does the same). */
    public FieldOffsets fieldOffsets() {
        return context.fieldOffsets();
    }

    /** Loads {@code c}'s instrumented twin. */
    public Class<?> twin(Class<?> c) throws ClassNotFoundException {
        return loadClass(c.getName());
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        if (!ours(name)) return super.loadClass(name, resolve);
        synchronized (getClassLoadingLock(name)) {
            Class<?> c = findLoadedClass(name);
            if (c != null) return c;
            byte[] bytes = instrumented(name);
            return defineClass(name, bytes, 0, bytes.length);
        }
    }

    /**
     * Class {@code name} of the parent, instrumented as this loader's own classes are (same recording, same
     * numbering): what the agent's transformer gives a class that a program's own loader defines.
     */
    public byte[] instrumented(String name) throws ClassNotFoundException {
        try (InputStream in = getParent().getResourceAsStream(name.replace('.', '/') + ".class")) {
            if (in == null) throw new ClassNotFoundException(name);
            return instrumenter.instrument(in.readAllBytes(), this, checked);
        } catch (IOException e) {
            throw new ClassNotFoundException(name, e);
        }
    }

    private boolean ours(String name) {
        for (String p : prefixes) if (name.startsWith(p)) return true;
        return false;
    }
}
