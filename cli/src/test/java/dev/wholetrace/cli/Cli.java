package dev.wholetrace.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Arrays;
import java.util.List;

/** Runs {@link Main#execute} and keeps what it printed. */
record Cli(int exit, String out, String err) {

    static Cli run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code;
        try (PrintWriter o = new PrintWriter(out, true); PrintWriter e = new PrintWriter(err, true)) {
            code = Main.execute(args, o, e);
        }
        return new Cli(code, out.toString(), err.toString());
    }

    static Cli run(List<String> args) {
        return run(args.toArray(String[]::new));
    }

    List<String> errLines() {
        return err.isEmpty() ? List.of() : Arrays.asList(err.split("\\R", -1)).stream().filter(l -> !l.isEmpty()).toList();
    }

    @Override
    public String toString() {
        return "exit " + exit + "\n--- stdout ---\n" + out + "\n--- stderr ---\n" + err;
    }
}
