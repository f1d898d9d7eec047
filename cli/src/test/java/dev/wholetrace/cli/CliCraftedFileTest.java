package dev.wholetrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.importers.CompressedTrace;
import dev.wholetrace.importers.InputFormat;
import dev.wholetrace.format.io.Codec;
import dev.wholetrace.model.util.Alphabet;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files with valid checksums whose content is still wrong (written by a buggy or hostile writer):
 * the CLI must report them like any other bad input.
 */
class CliCraftedFileTest {
    @TempDir
    Path dir;

    /** A lackey-sb trace whose one signature has record kind 5, which does not exist (0..4 are I L S M SB). */
    Path unknownRecordKind() throws IOException {
        Alphabet signatures = new Alphabet();
        signatures.idOf(5 | (3L << 3), 0x401000); // kind 5, size 3
        Grammar control = Grammar.fromRules(new int[][] {{0, 0, 0}});
        CompressedTrace t = new CompressedTrace(InputFormat.LACKEY_SB, 3, signatures, control, new Alphabet(), List.of());
        Path f = dir.resolve("kind5.wgr");
        t.write(f, Codec.NONE);
        return f;
    }

    @Test
    void unknownRecordKindIsBadInput() throws IOException {
        Path f = unknownRecordKind();
        String g = CliErrorTest.badInput("grammar", f.toString());
        assertThat(g).contains("kind5.wgr");
        CliErrorTest.badInput("expand", f.toString(), "-o", dir.resolve("out").toString());
    }

    @Test
    void directoryGivenAsInputFailsWithOneCleanLine() throws IOException {
        Path d = Files.createDirectory(dir.resolve("a-directory"));
        for (Cli r : new Cli[] {
                Cli.run("compress", d.toString(), "--input", "u32", "-o", dir.resolve("x.wgr").toString()),
                Cli.run("expand", d.toString(), "-o", dir.resolve("x").toString()),
                Cli.run("grammar", d.toString())}) {
            assertThat(r.exit()).as(r.toString()).isNotZero();
            assertThat(r.errLines()).as(r.toString()).hasSize(1);
            assertThat(r.errLines().get(0)).startsWith("wholetrace: ").doesNotContain("Exception");
        }
        assertThat(Files.exists(dir.resolve("x.wgr"))).isFalse();
    }

    @Test
    void directoryGivenAsInputIsBadInput() throws IOException {
        Path d = Files.createDirectory(dir.resolve("a-directory"));
        CliErrorTest.badInput("compress", d.toString(), "--input", "u32", "-o", dir.resolve("x.wgr").toString());
        CliErrorTest.badInput("expand", d.toString(), "-o", dir.resolve("x").toString());
    }

    @Test
    void hugeDeclaredXzPayloadIsBadInput() throws IOException {
        Path f = dir.resolve("huge.wgr");
        dev.wholetrace.format.io.GrammarFile.write(f, new byte[100], Codec.XZ);
        byte[] b = Files.readAllBytes(f);
        java.nio.ByteBuffer h = java.nio.ByteBuffer.wrap(b).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        h.putLong(8, Integer.MAX_VALUE - 8);
        java.util.zip.CRC32 crc = new java.util.zip.CRC32();
        crc.update(b, 0, 28);
        h.putInt(28, (int) crc.getValue());
        Files.write(f, b);
        CliErrorTest.badInput("expand", f.toString(), "-o", dir.resolve("out").toString());
    }
}
