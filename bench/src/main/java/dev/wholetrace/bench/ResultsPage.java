package dev.wholetrace.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes a benchmark's markdown page under docs/results/ without losing what people wrote there:
 * the generated tables are the top of the page, and every hand-written section below them starts
 * with a {@code ## Session} heading (bench/README.md). A run replaces the top and keeps the page
 * from its first such heading on. Before this, a default run of {@code bench strata} would have
 * erased 1,300 lines of session notes (found in session 45).
 */
public final class ResultsPage {
    /** The heading that starts the first hand-written section. */
    static final String HAND_WRITTEN = "## Session ";

    private ResultsPage() {}

    /** Writes {@code generated} to {@code page}, followed by the hand-written sections {@code page} already has. */
    public static void write(Path page, String generated) throws IOException {
        String kept = Files.isRegularFile(page) ? handWritten(Files.readString(page, StandardCharsets.UTF_8)) : "";
        String top = kept.isEmpty() || generated.endsWith("\n\n") ? generated : generated.endsWith("\n") ? generated + "\n" : generated + "\n\n";
        Files.writeString(page, top + kept, StandardCharsets.UTF_8);
    }

    /** The part of {@code page} from its first hand-written heading on ("" if it has none). */
    static String handWritten(String page) {
        int at = page.startsWith(HAND_WRITTEN) ? 0 : page.indexOf("\n" + HAND_WRITTEN);
        return at < 0 ? "" : page.substring(at == 0 ? 0 : at + 1);
    }
}
