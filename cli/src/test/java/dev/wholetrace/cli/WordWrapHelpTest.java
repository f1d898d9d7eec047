package dev.wholetrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Help.Ansi;
import picocli.CommandLine.Option;

/**
 * {@link WordWrapHelp} changes only where picocli's breaker cut a word: on text whose only break
 * opportunities are spaces (no dots, hyphens or brackets), its help is picocli's, character for character.
 */
class WordWrapHelpTest {

    /** 60 columns (picocli's least): each paragraph and option description probes one edge of picocli's layout. */
    @Command(name = "probe", description = {
        "a first line of words that wraps just before the word here thereafter the second line of the paragraph ends at the edge",
        "%nan empty line before and one after this paragraph%n",
        "averyveryveryveryveryveryveryveryveryveryveryveryveryveryverylongword that is cut",
        "words words words words words words words%nafter a newline"})
    static final class Probe implements Runnable {
        @Option(names = "--edge", description = "an option whose description wraps at thereafter its line ends at the edge")
        String edge;

        @Option(names = "--long", description = "averyveryveryveryveryveryveryveryverylongword cut")
        String word;

        @Override
        public void run() {}
    }

    /** A synopsis exactly as wide as the help stays on one line. */
    @Command(name = "synopsis")
    static final class Synopsis implements Runnable {
        @Option(names = "--aaaaaaa", paramLabel = "N")
        String a;

        @Option(names = "--bbbb", paramLabel = "N")
        String b;

        @Option(names = "--ccccccccccccc", paramLabel = "N")
        String c;

        @Override
        public void run() {}
    }

    private static String help(Object command, boolean wordWrap, Ansi ansi) {
        CommandLine cl = new CommandLine(command);
        cl.setUsageHelpWidth(60);
        if (wordWrap) WordWrapHelp.addTo(cl);
        return cl.getUsageMessage(ansi);
    }

    @Test
    void whereOnlySpacesBreakTheHelpIsPicocliS() {
        String picocli = help(new Probe(), false, Ansi.OFF);
        assertThat(picocli).contains("\nthereafter the second line of the paragraph ends at the edge\n").contains("this paragraph\n\n");
        for (Ansi ansi : new Ansi[] {Ansi.OFF, Ansi.ON}) assertThat(help(new Probe(), true, ansi)).as(ansi.name()).isEqualTo(help(new Probe(), false, ansi));
    }

    @Test
    void aSynopsisAsWideAsTheHelpStaysOnOneLine() {
        String picocli = help(new Synopsis(), false, Ansi.OFF);
        assertThat(picocli.lines().findFirst().orElseThrow()).hasSize(60);
        for (Ansi ansi : new Ansi[] {Ansi.OFF, Ansi.ON}) assertThat(help(new Synopsis(), true, ansi)).as(ansi.name()).isEqualTo(help(new Synopsis(), false, ansi));
    }
}
