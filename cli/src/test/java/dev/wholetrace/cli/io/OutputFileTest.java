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
     * and leaves the partials it cannot prove dead (a live writer's, another host's, an old name
     * without host and pid, another target's).
     */
    @Test
    void theNextWriteOfATargetRemovesThePartialsOfDeadWriters() throws Exception {
        Path out = Files.writeString(dir.resolve("run.wtrace"), "old");
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        String dead = StalePartials.name("run.wtrace", 0xabcL).replace("." + ProcessHandle.current().pid() + ".", "." + gone.pid() + ".");
        String mine = StalePartials.name("run.wtrace", 0xdefL); // a live writer: this JVM
        String host = dead.substring(".run.wtrace.".length(), dead.indexOf("." + gone.pid() + "."));
        String elsewhere = dead.replace("." + host + ".", ".other-host.");
        String old = ".run.wtrace.1a2b3c.partial";
        String other = StalePartials.name("run.wtrace.bak", 0x123L).replace("." + ProcessHandle.current().pid() + ".", "." + gone.pid() + ".");
        for (String n : List.of(dead, mine, elsewhere, old, other)) Files.write(dir.resolve(n), new byte[4096]);

        OutputFile.check(out, true).writeStream(s -> s.write('n'));
        assertThat(names()).containsExactlyInAnyOrder("run.wtrace", mine, elsewhere, old, other);

        Path bak = Files.writeString(dir.resolve("run.wtrace.bak"), "b");
        OutputFile.check(bak, true);
        assertThat(names()).containsExactlyInAnyOrder("run.wtrace", "run.wtrace.bak", mine, elsewhere, old);
    }

    /** A pid in use by a process that started after the partial was last written is not its writer (the pid was reused). */
    @Test
    void aReusedPidDoesNotKeepAPartial() throws Exception {
        Path partial = Files.write(dir.resolve(".t.partial"), new byte[1]);
        Files.setLastModifiedTime(partial, java.nio.file.attribute.FileTime.from(java.time.Instant.now().minusSeconds(3600)));
        Process later = new ProcessBuilder("sleep", "30").start();
        try {
            assertThat(StalePartials.writerDead(later.pid(), partial)).isTrue();
            Files.setLastModifiedTime(partial, java.nio.file.attribute.FileTime.from(java.time.Instant.now()));
            assertThat(StalePartials.writerDead(later.pid(), partial)).isFalse();
        } finally {
            later.destroy();
        }
    }
}
