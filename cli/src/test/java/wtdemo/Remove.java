package wtdemo;

import java.nio.file.Files;
import java.nio.file.Path;

/** Deletes the file its argument names and exits 0: a recording whose trace disappears. */
public final class Remove {
    public static void main(String[] args) throws Exception {
        Files.deleteIfExists(Path.of(args[0]));
    }
}
