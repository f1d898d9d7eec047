package wtdemo;

import java.nio.file.Files;
import java.nio.file.Path;

/** Creates the file its argument names: a test sees from outside whether the program ran. */
public final class Touch {
    public static void main(String[] args) throws Exception {
        Files.writeString(Path.of(args[0]), "ran\n");
    }
}
