package dev.wholetrace.simulate.tx;

import dev.wholetrace.simulate.tx.lang.Parser;
import dev.wholetrace.simulate.tx.lang.Program;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** The thesis figures shipped under docs/examples/tx, for tests. */
final class Examples {
    private Examples() {}

    static Path dir() {
        Path p = Path.of("docs/examples/tx");
        if (!Files.isDirectory(p)) p = Path.of("../docs/examples/tx");
        return p;
    }

    static Program load(String name) throws Exception {
        Path f = dir().resolve(name);
        return Parser.parse(f.getFileName().toString(), Files.readString(f, StandardCharsets.UTF_8));
    }

    static Program parse(String text) throws Exception {
        return Parser.parse("test.tx", text);
    }
}
