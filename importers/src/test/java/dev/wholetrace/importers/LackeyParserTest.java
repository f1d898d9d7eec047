package dev.wholetrace.importers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wholetrace.format.io.FormatException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LackeyParserTest {

    record Rec(int kind, long address, int size) {}

    static List<Rec> parse(String text) throws IOException {
        return parse(new ByteArrayInputStream(text.getBytes(StandardCharsets.ISO_8859_1)));
    }

    static List<Rec> parse(InputStream in) throws IOException {
        List<Rec> out = new ArrayList<>();
        long n = new LackeyParser().parse(in, (k, a, s) -> out.add(new Rec(k, a, s)));
        assertThat(n).isEqualTo(out.size());
        return out;
    }

    static final String SNIPPET = String.join("\n",
            "==12345== Lackey, an example Valgrind tool",
            "==12345== Copyright (C) 2002-2017, and GNU GPL'd, by Nicholas Nethercote.",
            "==12345== Command: /bin/true",
            "==12345== ",
            " S 1ffefffd08,8",              // a data record before any instruction
            "SB 04001150",
            "I  04001150,3",
            "I  04001153,5",
            " L 1ffefff8c0,8",
            " S 1ffefff8b8,8   ",           // trailing spaces
            "I  0400115a,4\r",              // CRLF
            " M 0403a0c8,4\r",
            "",
            "I  ffffffffffffffff,15",
            " L 0,1",
            "==12345== ",
            "==12345== Counted 1 call to main()",
            "SB 4001160");                  // no final newline

    @Test
    void parsesARealisticSnippet() throws IOException {
        assertThat(parse(SNIPPET)).containsExactly(
                new Rec(LackeyRecord.STORE, 0x1ffefffd08L, 8),
                new Rec(LackeyRecord.SUPERBLOCK, 0x04001150L, 0),
                new Rec(LackeyRecord.INSTRUCTION, 0x04001150L, 3),
                new Rec(LackeyRecord.INSTRUCTION, 0x04001153L, 5),
                new Rec(LackeyRecord.LOAD, 0x1ffefff8c0L, 8),
                new Rec(LackeyRecord.STORE, 0x1ffefff8b8L, 8),
                new Rec(LackeyRecord.INSTRUCTION, 0x0400115aL, 4),
                new Rec(LackeyRecord.MODIFY, 0x0403a0c8L, 4),
                new Rec(LackeyRecord.INSTRUCTION, -1L, 15),
                new Rec(LackeyRecord.LOAD, 0L, 1),
                new Rec(LackeyRecord.SUPERBLOCK, 0x4001160L, 0));
    }

    @Test
    void crlfEverywhereAndFinalNewlineVariantsGiveTheSameRecords() throws IOException {
        List<Rec> lf = parse(SNIPPET.replace("\r", ""));
        assertThat(parse(SNIPPET.replace("\r", "").replace("\n", "\r\n"))).isEqualTo(lf);
        assertThat(parse(SNIPPET + "\n")).isEqualTo(lf);
        assertThat(parse(SNIPPET + "\r\n")).isEqualTo(lf);
        assertThat(parse(SNIPPET + "\n\n\n")).isEqualTo(lf);
    }

    @Test
    void recordsSpanningReadBuffersAndOneByteReads() throws IOException {
        StringBuilder sb = new StringBuilder();
        List<Rec> expected = new ArrayList<>();
        for (int i = 0; i < 30_000; i++) {
            long a = 0x400000L + i * 7L;
            sb.append("I  ").append(Long.toHexString(a)).append(",3\n");
            sb.append(" L ").append(Long.toHexString(a << 8)).append(",8\n");
            expected.add(new Rec(LackeyRecord.INSTRUCTION, a, 3));
            expected.add(new Rec(LackeyRecord.LOAD, a << 8, 8));
        }
        assertThat(sb.length()).isGreaterThan(3 << 16);
        assertThat(parse(sb.toString())).isEqualTo(expected);
        // a stream that returns one byte per read
        byte[] small = SNIPPET.getBytes(StandardCharsets.ISO_8859_1);
        InputStream trickle = new ByteArrayInputStream(small) {
            @Override
            public synchronized int read(byte[] b, int off, int len) {
                return super.read(b, off, Math.min(len, 1));
            }
        };
        assertThat(parse(trickle)).isEqualTo(parse(SNIPPET));
    }

    @Test
    void emptyAndCommentaryOnlyInputsHaveNoRecords() throws IOException {
        assertThat(parse("")).isEmpty();
        assertThat(parse("\n\r\n\n")).isEmpty();
        assertThat(parse("==1== hello\n==1== \n")).isEmpty();
    }

    @Test
    void upperCaseHexAndSixteenDigitAddresses() throws IOException {
        assertThat(parse("I  DEADBEEF,2\n L 00000000000000FF,4\nSB 8000000000000000"))
                .containsExactly(new Rec(LackeyRecord.INSTRUCTION, 0xDEADBEEFL, 2), new Rec(LackeyRecord.LOAD, 0xFF, 4),
                        new Rec(LackeyRecord.SUPERBLOCK, Long.MIN_VALUE, 0));
    }

    @ParameterizedTest(name = "[{index}] line {1}: {2}")
    @CsvSource(delimiter = '|', value = {
            // text (\n separated)                                         | bad line | message fragment
            "'I  0400,3\n X 1234,8'                                        | 2 | unknown record",
            "'I  0400,3\n\n L 1234'                                         | 3 | missing ',size'",
            "'I  0400,3\n L 1234,'                                          | 2 | missing size",
            "'I  0400,'                                                     | 1 | missing size",
            "'hello world'                                                 | 1 | not a lackey record",
            "'I  0400,3\n==1== ok\nGarbage here\n'                         | 3 | not a lackey record",
            "'SB 0400 junk'                                                | 1 | unexpected text after record",
            "'I  0400,3x'                                                  | 1 | unexpected text after record",
            "'I  ,3'                                                       | 1 | missing hexadecimal address",
            "'SB'                                                          | 1 | missing hexadecimal address",
            "'I  0400,3\nI  0401,3\n L 12345678901234567,8'                | 3 | address longer than 64 bits",
            "'SB 1ffffffffffffffff'                                        | 1 | address longer than 64 bits",
            "'I  0400,99999999'                                            | 1 | access size too large",
            "' '                                                           | 1 | not a lackey record",
            "'\tI  0400,3'                                                 | 1 | not a lackey record",
    })
    void badLinesNameTheirLineNumber(String text, int line, String fragment) {
        String input = text.replace("\\n", "\n").replace("\\t", "\t");
        assertThatThrownBy(() -> parse(input)).isInstanceOf(FormatException.class)
                .hasMessageStartingWith("line " + line + ": ")
                .hasMessageContaining(fragment);
    }

    @Test
    void badLineNumbersCountCrlfLinesAndCommentary() {
        String text = "==1== a\r\n==1== b\r\nI  0400,3\r\n\r\n L 12,8\r\n Q 1,1\r\n";
        assertThatThrownBy(() -> parse(text)).isInstanceOf(FormatException.class).hasMessageStartingWith("line 6: ");
    }

    @Test
    void overlongLineIsRejectedWithItsLineNumber() {
        String text = "I  0400,3\n L 10,8\n" + "x".repeat(100_000) + "\nI  0404,3\n";
        assertThatThrownBy(() -> parse(text)).isInstanceOf(FormatException.class)
                .hasMessageStartingWith("line 3: ").hasMessageContaining("longer than");
        // even an overlong commentary line or one without any newline at all
        assertThatThrownBy(() -> parse("==1== " + "y".repeat(5000))).isInstanceOf(FormatException.class)
                .hasMessageStartingWith("line 1: ");
        // a binary file fed as a trace
        byte[] binary = new byte[10_000];
        new java.util.Random(1).nextBytes(binary);
        assertThatThrownBy(() -> parse(new ByteArrayInputStream(binary))).isInstanceOf(FormatException.class)
                .hasMessageStartingWith("line ");
    }

    @Test
    void messagesOfBadLinesAreOneLineAndPrintable() {
        byte[] b = "I  0400,3\n\u0001\u0002\u00ff\u00fe garbage\n".getBytes(StandardCharsets.ISO_8859_1);
        assertThatThrownBy(() -> parse(new ByteArrayInputStream(b))).isInstanceOf(FormatException.class)
                .hasMessageStartingWith("line 2: ")
                .satisfies(e -> assertThat(e.getMessage()).matches("[\\x20-\\x7e]*"));
    }
}
