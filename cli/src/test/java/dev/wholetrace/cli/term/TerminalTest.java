package dev.wholetrace.cli.term;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** {@link Terminal#decide}: standard error's own device decides, not whether the JVM has a console. */
class TerminalTest {
    @Test
    void stderrOnAFileOrPipeIsNotATerminalEvenWithAConsole() {
        assertThat(Terminal.decide("/tmp/record.log", true, "xterm-256color")).isFalse(); // record ... 2>log
        assertThat(Terminal.decide("pipe:[123456]", true, "xterm")).isFalse();
        assertThat(Terminal.decide("/dev/null", true, "xterm")).isFalse();
    }

    @Test
    void stderrOnATerminalIsOneWithoutAConsole() {
        assertThat(Terminal.decide("/dev/pts/3", false, "xterm")).isTrue(); // record ... | tee out
        assertThat(Terminal.decide("/dev/tty1", false, "linux")).isTrue();
    }

    @Test
    void aDumbTerminalIsNeverDrawnOnAndWithoutProcTheConsoleDecides() {
        assertThat(Terminal.decide("/dev/pts/3", true, "dumb")).isFalse();
        assertThat(Terminal.decide(null, true, "xterm")).isTrue();
        assertThat(Terminal.decide(null, false, "xterm")).isFalse();
    }
}
