package dev.wholetrace.cli.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link OutputFile}: what it refuses, and that a write is all or nothing. */
class OutputFileTest {
    @TempDir
    Path dir;

    private List<String> names() throws IOException {
        try (var s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void writesANewFileAndLeavesNoTemporaryFile() throws IOException {
        Path out = dir.resolve("new.bin");
        OutputFile.check(out, false).writeStream(s -> s.write("hello".getBytes(StandardCharsets.UTF_8)));
        assertThat(Files.readString(out)).isEqualTo("hello");
        assertThat(names()).containsExactly("new.bin");
    }

    @Test
    void aFailedWriteLeavesTheOldFileAndNoTemporaryFile() throws IOException {
        Path out = Files.writeString(dir.resolve("old.txt"), "old");
        OutputFile target = OutputFile.check(out, true);
        assertThatThrownBy(() -> target.writeStream(s -> {
            s.write("half of the new".getBytes(StandardCharsets.UTF_8));
            throw new IOException("disk on fire");
        })).hasMessage("disk on fire");
        assertThat(Files.readString(out)).isEqualTo("old");
        assertThat(names()).containsExactly("old.txt");
    }

    @Test
    void anExistingFileNeedsForceAndKeepsItsPermissions() throws IOException {
        Path out = Files.writeString(dir.resolve("t.wtrace"), "old");
        Files.setPosixFilePermissions(out, PosixFilePermissions.fromString("rw-r-----"));
        assertThatThrownBy(() -> OutputFile.check(out, false)).isInstanceOf(OutputRefusedException.class)
                .hasMessage(out + " exists; add --force to replace it");
        OutputFile.check(out, true).writeStream(s -> s.write('n'));
        assertThat(Files.readString(out)).isEqualTo("n");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(out))).isEqualTo("rw-r-----");
    }

    @Test
    void refusesADirectoryEvenWithForce() throws IOException {
        Path sub = Files.createDirectory(dir.resolve("sub"));
        assertThatThrownBy(() -> OutputFile.check(sub, true)).isInstanceOf(OutputRefusedException.class).hasMessageContaining("is a directory");
        assertThat(Files.isDirectory(sub)).isTrue();
    }

    @Test
    void refusesAPipeEvenWithForce() throws Exception {
        Path fifo = dir.resolve("fifo");
        assertThat(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor()).isZero();
        assertThatThrownBy(() -> OutputFile.check(fifo, true)).isInstanceOf(OutputRefusedException.class)
                .hasMessageContaining("not a regular file");
        assertThat(Files.isRegularFile(fifo)).isFalse();
        assertThat(Files.exists(fifo)).isTrue();
    }

    @Test
    void refusesTheInputAlsoThroughHardAndSymbolicLinks() throws IOException {
        Path in = Files.writeString(dir.resolve("in.wgr"), "input");
        Path hard = Files.createLink(dir.resolve("hard.wgr"), in);
        Path soft = Files.createSymbolicLink(dir.resolve("soft.wgr"), in.getFileName());
        for (Path out : List.of(in, hard, soft)) {
            assertThatThrownBy(() -> OutputFile.check(out, true, in)).as(out.toString()).isInstanceOf(OutputRefusedException.class)
                    .hasMessageContaining("is the command's input");
        }
        assertThatThrownBy(() -> OutputFile.check(in, true, soft)).isInstanceOf(OutputRefusedException.class);
        assertThat(Files.readString(in)).isEqualTo("input");
    }

    @Test
    void aSymbolicLinkStaysALinkAndItsFileIsReplaced() throws IOException {
        Path real = Files.writeString(dir.resolve("real.txt"), "old");
        Path link = Files.createSymbolicLink(dir.resolve("link.txt"), real.getFileName());
        OutputFile.check(link, true).writeStream(s -> s.write('n'));
        assertThat(Files.isSymbolicLink(link)).isTrue();
        assertThat(Files.readString(real)).isEqualTo("n");
        Path dangling = Files.createSymbolicLink(dir.resolve("dangling.txt"), Path.of("nowhere.txt"));
        assertThatThrownBy(() -> OutputFile.check(dangling, true)).isInstanceOf(OutputRefusedException.class)
                .hasMessageContaining("missing file");
    }

    @Test
    void refusesAMissingOrNonDirectoryParent() throws IOException {
        Path file = Files.writeString(dir.resolve("file"), "x");
        assertThatThrownBy(() -> OutputFile.check(dir.resolve("no/such/x.wgr"), false)).isInstanceOf(OutputRefusedException.class)
                .hasMessageContaining("no such file or directory");
        assertThatThrownBy(() -> OutputFile.check(file.resolve("x.wgr"), false)).isInstanceOf(OutputRefusedException.class)
                .hasMessageContaining("is not a directory");
    }

    @Test
    void aFileThatAppearedDuringTheWorkIsNotReplacedWithoutForce() throws IOException {
        Path out = dir.resolve("late.txt");
        OutputFile target = OutputFile.check(out, false);
        Files.writeString(out, "someone else's");
        assertThatThrownBy(() -> target.writeStream(s -> s.write('n'))).isInstanceOf(OutputRefusedException.class);
        assertThat(Files.readString(out)).isEqualTo("someone else's");
        assertThat(names()).containsExactly("late.txt");
    }

    @Test
    void inPlaceCheckForAnotherProcess() throws IOException {
        Path sub = Files.createDirectory(dir.resolve("d"));
        assertThat(OutputFile.checkWritableInPlace(dir.resolve("t.wtrace"), false)).isEqualTo(dir.resolve("t.wtrace"));
        assertThatThrownBy(() -> OutputFile.checkWritableInPlace(sub, true)).isInstanceOf(OutputRefusedException.class);
        assertThat(names()).containsExactly("d"); // the probe file is gone
    }

    /**
     * A command killed by SIGKILL while it wrote leaves its partial file: the next command that
     * writes the same target removes it once the writer is proven dead (no process has its pid),
     * and leaves the partials it cannot prove dead (a live writer's, another pid namespace's, an
     * old name without writer, another target's, a symbolic link, another user's file).
     */
    @Test
    void theNextWriteOfATargetRemovesThePartialsOfDeadWriters() throws Exception {
        String self = StalePartials.self();
        org.junit.jupiter.api.Assumptions.assumeTrue(self != null, "a /proc that names this process");
        Path out = Files.writeString(dir.resolve("run.wtrace"), "old");
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        String deadWriter = writer(gone.pid(), 0x1234);
        String dead = StalePartials.name("run.wtrace", deadWriter, 0xabcL);
        String mine = StalePartials.name("run.wtrace", 0xdefL); // a live writer: this JVM
        // a writer in another pid namespace (a container sharing the host name and the directory): its pid means nothing here
        String elsewhere = StalePartials.name("run.wtrace", "0123456789abcdef" + deadWriter.substring(16), 0xabcL);
        String old = ".run.wtrace.1a2b3c.partial";
        String other = StalePartials.name("run.wtrace.bak", deadWriter, 0x123L);
        for (String n : List.of(dead, mine, elsewhere, old, other)) Files.write(dir.resolve(n), new byte[4096]);
        Path elsewhereFile = Files.writeString(dir.resolve("elsewhere"), "not a partial");
        String link = StalePartials.name("run.wtrace", deadWriter, 0x11L);
        Files.createSymbolicLink(dir.resolve(link), elsewhereFile);
        List<String> kept = new java.util.ArrayList<>(List.of("run.wtrace", "elsewhere", mine, elsewhere, old, other, link));
        if (isRoot()) { // another user's file (under /proc's hidepid its live writer would be invisible)
            String theirs = StalePartials.name("run.wtrace", deadWriter, 0x22L);
            Files.setAttribute(Files.write(dir.resolve(theirs), new byte[1]), "unix:uid", 65534);
            kept.add(theirs);
        }

        OutputFile.check(out, true).writeStream(s -> s.write('n'));
        assertThat(names()).containsExactlyInAnyOrderElementsOf(kept);

        Path bak = Files.writeString(dir.resolve("run.wtrace.bak"), "b");
        OutputFile.check(bak, true);
        kept.remove(other);
        kept.add("run.wtrace.bak");
        assertThat(names()).containsExactlyInAnyOrderElementsOf(kept);
    }

    /** A pid in use by a process that started at another tick than the writer is not the writer (the pid was reused). */
    @Test
    void aReusedPidDoesNotKeepAPartial() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(StalePartials.self() != null, "a /proc that names this process");
        Process later = new ProcessBuilder("sleep", "30").start();
        try {
            long start = StalePartials.startOf(later.pid());
            assertThat(start).isPositive();
            assertThat(StalePartials.writerDead(later.pid(), start - 1)).isTrue();
            assertThat(StalePartials.writerDead(later.pid(), start)).isFalse();
        } finally {
            later.destroy();
        }
    }

    /**
     * A live writer's partial is never removed, whatever its modification time says: a file
     * server's clock behind this machine's (NFS), or a writer that set the time, gives a live
     * writer's partial a time before its writer started, which a comparison of the two clocks took
     * for a reused pid.
     */
    @Test
    void aLiveWritersPartialStaysWhateverItsModificationTime() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(StalePartials.self() != null, "a /proc that names this process");
        Path out = Files.writeString(dir.resolve("skew.wtrace"), "old");
        Process writer = new ProcessBuilder("sleep", "30").start();
        try {
            Path partial = Files.write(dir.resolve(StalePartials.name("skew.wtrace", writer(writer.pid(), StalePartials.startOf(writer.pid())), 0x5eL)), new byte[1]);
            Files.setLastModifiedTime(partial, java.nio.file.attribute.FileTime.from(java.time.Instant.now().minusSeconds(3600)));
            OutputFile.check(out, true);
            assertThat(partial).exists();
        } finally {
            writer.destroy();
        }
    }

    /** A target name near the file system's limit still gets a partial (then one without its writer, never removed). */
    @Test
    void aLongTargetNameStillWrites() throws Exception {
        Path out = dir.resolve("t".repeat(230));
        OutputFile.check(out, false).writeStream(s -> s.write('n'));
        assertThat(names()).containsExactly("t".repeat(230));
    }

    /** The writer part of a partial's name for process {@code pid} of this namespace started at {@code start}. */
    private static String writer(long pid, long start) {
        String self = StalePartials.self();
        return self.substring(0, 16) + "." + pid + "." + Long.toHexString(start);
    }

    /** Whether this process runs as root (the owner of the directory it just created). */
    private boolean isRoot() throws IOException {
        return Integer.valueOf(0).equals(Files.getAttribute(dir, "unix:uid"));
    }
}
