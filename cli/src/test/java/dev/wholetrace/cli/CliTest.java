package dev.wholetrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.importers.LackeyParser;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The happy paths of the command line, through {@link Main#execute}. */
class CliTest {
    @TempDir
    Path dir;

    static final String LACKEY = String.join("\n",
            "==4242== Lackey, an example Valgrind tool",
            "==4242== Command: ./a.out",
            "==4242== ",
            " S 1ffefffd08,8",
            "SB 04001150",
            "I  04001150,3",
            " L 1ffefff8c0,8",
            "I  04001153,5\r",
            " S 1ffefff8b8,8  ",
            " M 0403a0c8,4",
            "I  04001158,2",
            "==4242== ",
            "I  04001160,4");

    static byte[] u32(int n, long seed) {
        Random rnd = new Random(seed);
        ByteBuffer b = ByteBuffer.allocate(4 * n).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < n; i++) b.putInt(i % 10 < 7 ? i % 23 : rnd.nextInt()); // includes values >= 2^31
        return b.array();
    }

    static byte[] u64(int n, long seed) {
        Random rnd = new Random(seed);
        ByteBuffer b = ByteBuffer.allocate(8 * n).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < n; i++) b.putLong(i % 10 < 7 ? 0x7f00_0000_0000L + 8L * (i % 100) : rnd.nextLong());
        return b.array();
    }

    static byte[] lackeyRecords(String text) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(13 * 1000).order(ByteOrder.LITTLE_ENDIAN);
        try (InputStream in = new java.io.ByteArrayInputStream(text.getBytes(StandardCharsets.ISO_8859_1))) {
            new LackeyParser().parse(in, (kind, address, size) -> b.put((byte) kind).putLong(address).putInt(size));
        }
        return java.util.Arrays.copyOf(b.array(), b.position());
    }

    // ---- help ---------------------------------------------------------------------------------

    @Test
    void rootHelpListsEverySubcommand() {
        Cli r = Cli.run("--help");
        assertThat(r.exit()).as(r.toString()).isZero();
        assertThat(r.out()).contains("wholetrace", "compress", "expand", "grammar", "demo", "Exit codes");
        assertThat(r.err()).isEmpty();
    }

    /** Every subcommand of {@link Main}, as the root's help lists them. */
    static java.util.stream.Stream<String> subcommands() {
        return new picocli.CommandLine(new Main()).getSubcommands().keySet().stream().filter(c -> !c.equals("help"));
    }

    @ParameterizedTest
    @MethodSource("subcommands")
    void everySubcommandHasHelp(String command) {
        for (String[] args : new String[][] {{command, "--help"}, {command, "-h"}, {"help", command}}) {
            java.io.ByteArrayOutputStream stray = new java.io.ByteArrayOutputStream();
            java.io.PrintStream saved = System.err;
            Cli r;
            System.setErr(new java.io.PrintStream(stray, true, java.nio.charset.StandardCharsets.UTF_8));
            try {
                r = Cli.run(args);
            } finally {
                System.setErr(saved);
            }
            assertThat(r.exit()).as(r.toString()).isZero();
            assertThat(r.out()).as(String.join(" ", args)).contains("wholetrace " + command).contains("Usage").contains("Example");
            assertThat(r.err()).isEmpty();
            // picocli reports a help text it cannot format (a bare % in it) on System.err, not on our writer
            assertThat(stray.toString(java.nio.charset.StandardCharsets.UTF_8)).as(String.join(" ", args)).isEmpty();
        }
    }

    @Test
    void versionIsPrinted() {
        Cli r = Cli.run("--version");
        assertThat(r.exit()).isZero();
        assertThat(r.out()).startsWith("wholetrace ");
    }

    // ---- round trips --------------------------------------------------------------------------

    Path roundTrip(byte[] raw, String format, String... extra) throws IOException {
        Path in = Files.write(dir.resolve("in." + format), raw);
        Path wgr = dir.resolve(format + ".wgr");
        Path back = dir.resolve("back." + format);
        java.util.List<String> args = new java.util.ArrayList<>(java.util.List.of("compress", in.toString(), "--input", format, "-o", wgr.toString()));
        args.addAll(java.util.List.of(extra));
        Cli c = Cli.run(args);
        assertThat(c.exit()).as(c.toString()).isZero();
        assertThat(c.err()).isEmpty();
        assertThat(c.out()).contains("input", "grammar", "output", wgr.toString());
        assertThat(Files.exists(wgr)).isTrue();
        Cli e = Cli.run("expand", wgr.toString(), "-o", back.toString());
        assertThat(e.exit()).as(e.toString()).isZero();
        assertThat(e.err()).isEmpty();
        try (var left = Files.list(dir)) { // the temporary file beside the output is gone
            assertThat(left.map(p -> p.getFileName().toString())).noneMatch(n -> n.endsWith(".partial"));
        }
        return back;
    }

    @Test
    void u32RoundTripIsByteIdentical() throws IOException {
        byte[] raw = u32(20_000, 1);
        assertThat(Files.readAllBytes(roundTrip(raw, "u32", "--codec", "zstd"))).isEqualTo(raw);
    }

    @Test
    void u64RoundTripIsByteIdenticalWithTheDefaultCodec() throws IOException {
        byte[] raw = u64(20_000, 2);
        assertThat(Files.readAllBytes(roundTrip(raw, "u64"))).isEqualTo(raw);
    }

    @ParameterizedTest
    @ValueSource(strings = {"none", "zstd", "xz", "NONE"})
    void everyCodecRoundTrips(String codec) throws IOException {
        byte[] raw = u32(3000, 3);
        assertThat(Files.readAllBytes(roundTrip(raw, "u32", "--codec", codec))).isEqualTo(raw);
    }

    @Test
    void emptyInputRoundTrips() throws IOException {
        assertThat(Files.readAllBytes(roundTrip(new byte[0], "u64", "--codec", "zstd"))).isEmpty();
    }

    @Test
    void lackeyMemExpandsToBinaryRecords() throws IOException {
        byte[] text = LACKEY.getBytes(StandardCharsets.ISO_8859_1);
        Path back = roundTrip(text, "lackey-mem", "--codec", "zstd");
        byte[] records = Files.readAllBytes(back);
        assertThat(records).hasSize(13 * 9);
        assertThat(records).isEqualTo(lackeyRecords(LACKEY));
        // first record: store, little-endian address and size
        ByteBuffer b = ByteBuffer.wrap(records).order(ByteOrder.LITTLE_ENDIAN);
        assertThat(b.get(0)).isEqualTo((byte) 2);
        assertThat(b.getLong(1)).isEqualTo(0x1ffefffd08L);
        assertThat(b.getInt(9)).isEqualTo(8);
    }

    @Test
    void lackeySbRoundTrips() throws IOException {
        StringBuilder sb = new StringBuilder("==1== hi\n");
        for (int i = 0; i < 500; i++) sb.append("SB ").append(Long.toHexString(0x4001150L + (i % 7) * 0x10)).append('\n');
        String text = sb.toString();
        Path back = roundTrip(text.getBytes(StandardCharsets.ISO_8859_1), "lackey-sb", "--codec", "zstd");
        assertThat(Files.readAllBytes(back)).isEqualTo(lackeyRecords(text));
    }

    @Test
    void expandReplacesAnExistingOutputOnlyWithForce() throws IOException {
        byte[] raw = u32(100, 4);
        Path back = roundTrip(raw, "u32", "--codec", "none");
        Files.write(back, new byte[12345]);
        Cli refused = Cli.run("expand", dir.resolve("u32.wgr").toString(), "-o", back.toString());
        assertThat(refused.exit()).as(refused.toString()).isEqualTo(2);
        assertThat(refused.errLines()).singleElement().asString().contains("exists", "--force");
        assertThat(Files.readAllBytes(back)).isEqualTo(new byte[12345]);
        Cli e = Cli.run("expand", dir.resolve("u32.wgr").toString(), "-o", back.toString(), "--force");
        assertThat(e.exit()).as(e.toString()).isZero();
        assertThat(Files.readAllBytes(back)).isEqualTo(raw);
    }

    // ---- grammar ------------------------------------------------------------------------------

    @Test
    void grammarDescribesAU32File() throws IOException {
        byte[] raw = u32(20_000, 5);
        roundTrip(raw, "u32", "--codec", "zstd");
        Cli g = Cli.run("grammar", dir.resolve("u32.wgr").toString());
        assertThat(g.exit()).as(g.toString()).isZero();
        assertThat(g.err()).isEmpty();
        assertThat(g.out()).contains("format u32").containsPattern("20\\.0 k records|20,?000 records");
        assertThat(g.out()).containsPattern("control\\s+\\d+ rules, \\d+ symbols, depth \\d+");
        assertThat(g.out()).contains("top rules").contains("R0");
    }

    @Test
    void grammarAsJsonSaysWhatTheTextSays() throws IOException {
        byte[] raw = u32(20_000, 5);
        roundTrip(raw, "u32", "--codec", "zstd");
        String wgr = dir.resolve("u32.wgr").toString();
        Cli g = Cli.run("grammar", wgr, "--top", "3", "--format", "json");
        assertThat(g.exit()).as(g.toString()).isZero();
        assertThat(g.err()).isEmpty();
        Map<String, Object> o = JsonText.object(g.out().strip());
        assertThat(o).containsEntry("format", "u32").containsEntry("records", 20_000L).containsEntry("fileBytes", Files.size(Path.of(wgr)));
        assertThat(JsonText.at(o, "control.rules")).isInstanceOf(Long.class);
        List<?> top = (List<?>) o.get("topRules");
        assertThat(top).hasSize(3);
        @SuppressWarnings("unchecked") Map<String, Object> first = (Map<String, Object>) top.get(0);
        assertThat(first).containsEntry("rule", 0L).containsEntry("uses", 1L).containsEntry("expandsTo", 20_000L);
        Cli text = Cli.run("grammar", wgr, "--top", "3");
        assertThat(text.out()).contains("control     " + JsonText.at(o, "control.rules") + " rules, " + JsonText.at(o, "control.symbols") + " symbols");
    }

    @Test
    void grammarDescribesALackeyMemFileWithItsStreams() throws IOException {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 2000; i++) {
            sb.append("I  00401000,4\n L ").append(Long.toHexString(0x600000 + 8L * i)).append(",8\n");
            sb.append("I  00401004,3\n S ").append(Long.toHexString(0x700000 + 8L * (i % 32))).append(",8\n");
        }
        roundTrip(sb.toString().getBytes(StandardCharsets.ISO_8859_1), "lackey-mem", "--codec", "zstd");
        Cli g = Cli.run("grammar", dir.resolve("lackey-mem.wgr").toString(), "--top", "3", "--preview", "2");
        assertThat(g.exit()).as(g.toString()).isZero();
        assertThat(g.out()).contains("format lackey-mem", "rules", "depth", "top rules", "address streams", "run pairs");
        assertThat(g.out()).contains("I:401000");
        // --top 3: at most three rows in each table
        long ruleRows = g.out().lines().filter(l -> l.matches("\\s+R\\d+\\s.*")).count();
        assertThat(ruleRows).isBetween(1L, 3L);
    }
}
