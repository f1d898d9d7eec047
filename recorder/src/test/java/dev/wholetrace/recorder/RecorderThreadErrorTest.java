package dev.wholetrace.recorder;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.event.TraceMode;
import java.io.File;
import java.lang.reflect.InvocationTargetException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An Error other than OutOfMemoryError on a compressor worker (a LinkageError: a class of the recorder that cannot be
 * loaded, the agent's jar replaced while the program runs; a StackOverflowError) ended the worker: the writer's next
 * cut waited for it for good, and with it close(), so the program could not exit. It fails the recording as any other
 * failure does: close() ends and says why.
 */
class RecorderThreadErrorTest {
    @TempDir
    Path dir;

    /** The recorder's classes, loaded again without the class that makes a thread's encoders (loaded by the worker, at its first buffer). */
    private static final class WithoutEncoders extends URLClassLoader {
        WithoutEncoders() throws Exception {
            super(classPath(), ClassLoader.getPlatformClassLoader());
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (name.equals(StreamEncoders.class.getName())) throw new NoClassDefFoundError(name.replace('.', '/'));
            return super.loadClass(name, resolve);
        }

        private static URL[] classPath() throws Exception {
            List<URL> urls = new ArrayList<>();
            for (String e : System.getProperty("java.class.path").split(File.pathSeparator)) {
                if (!e.isEmpty()) urls.add(Path.of(e).toUri().toURL());
            }
            return urls.toArray(new URL[0]);
        }
    }

    @Test
    void anErrorOnAWorkerFailsTheRecordingAndCloseReturns() throws Exception {
        try (WithoutEncoders loader = new WithoutEncoders()) {
            Class<?> modes = loader.loadClass(TraceMode.class.getName());
            Object cor = modes.getField("COR").get(null);
            Object config = loader.loadClass(RecorderConfig.class.getName()).getMethod("defaults", modes).invoke(null, cor);
            Class<?> recorders = loader.loadClass(TraceRecorder.class.getName());
            Object recorder = recorders.getMethod("open", Path.class, config.getClass()).invoke(null, dir.resolve("failed.wtrace"), config);
            AtomicReference<Throwable> closed = new AtomicReference<>();
            Thread program = new Thread(() -> {
                try {
                    Object t = recorders.getMethod("thread").invoke(recorder);
                    for (int i = 0; i < 100_000; i++) t.getClass().getMethod("block", int.class).invoke(t, i % 7);
                    t.getClass().getMethod("end").invoke(t);
                    recorders.getMethod("close").invoke(recorder);
                } catch (InvocationTargetException e) {
                    closed.set(e.getCause());
                } catch (Throwable e) {
                    closed.set(e);
                }
            }, "program");
            program.setDaemon(true);
            program.start();
            program.join(60_000);
            assertThat(program.isAlive()).as("close() returned").isFalse();
            assertThat(closed.get()).as("close() says the recording failed").isNotNull().hasMessageContaining("recording failed")
                    .hasMessageContaining("NoClassDefFoundError");
        }
    }
}
