package dev.wholetrace.cli.commands;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link KernelLauncher#run}: the kernel's output passes through; its error lines carry the CLI's prefix. */
class KernelLauncherTest {
    @Test
    void theKernelsErrorLinesBecomeTheClisAndItsExitCodeIsKept() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = KernelLauncher.run(List.of(java, "-cp", System.getProperty("java.class.path"), "wtdemo.FailingWorkload", "residual", "NaN"),
                new PrintWriter(out), new PrintWriter(err));
        assertThat(exit).isEqualTo(1);
        assertThat(out.toString().strip()).isEqualTo("partial result");
        assertThat(err.toString().lines().toList()).containsExactly("wholetrace: validation failed: residual NaN");
    }
}
