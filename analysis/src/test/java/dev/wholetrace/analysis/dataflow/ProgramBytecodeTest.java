package dev.wholetrace.analysis.dataflow;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.format.wtrace.ProgramProperties;
import java.io.File;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The class paths a trace recorded: the one at exit is whatever the program set java.class.path to,
 * so an entry that is no path at all (a NUL character) is skipped like an unreadable one, not the
 * end of the analysis (it was an IllegalArgumentException: races stopped with exit 2 on a sound trace).
 */
class ProgramBytecodeTest {
    @Test
    void anEntryThatIsNoPathIsSkipped() {
        String garbage = "lib/a.jar" + File.pathSeparator + "bad\0entry" + File.pathSeparator + "classes";
        Map<String, String> properties = Map.of(ProgramProperties.CLASS_PATH, "start.jar", ProgramProperties.CLASS_PATH_AT_EXIT, garbage,
                ProgramProperties.USER_DIR, "/work/program");
        try (ProgramBytecode b = ProgramBytecode.of(properties, List.of(Path.of("/extra")))) {
            assertThat(b.entries()).containsExactly(Path.of("/extra"), Path.of("/work/program/start.jar"), Path.of("/work/program/lib/a.jar"),
                    Path.of("/work/program/classes"));
            assertThat(b.classFile("no.such.Type")).isNull();
        }
    }
}
