package dev.wholetrace.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** Bad options of a bench command: one line and exit 2, not a stack trace and exit 1. */
class BenchMainTest {
    @Test
    void anOptionACommandRejectsIsOneLineAndExit2() {
        CommandLine cli = BenchMain.commandLine();
        StringWriter err = new StringWriter();
        cli.setErr(new PrintWriter(err, true));
        int rc = cli.execute("strata", "--chunk-events", "-1");
        assertThat(rc).isEqualTo(2);
        assertThat(err.toString().lines().toList()).containsExactly("bench strata: --chunk-events must not be negative");
    }
}
