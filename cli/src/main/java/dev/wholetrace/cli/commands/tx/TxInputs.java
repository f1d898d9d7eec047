package dev.wholetrace.cli.commands.tx;

import dev.wholetrace.simulate.machine.MachineFile;
import dev.wholetrace.simulate.machine.MachineFileException;
import dev.wholetrace.simulate.machine.MachineModel;
import dev.wholetrace.simulate.tx.interp.TraceFile;
import dev.wholetrace.simulate.tx.lang.Code;
import dev.wholetrace.simulate.tx.lang.Lowering;
import dev.wholetrace.simulate.tx.lang.Parser;
import dev.wholetrace.simulate.tx.lang.Program;
import dev.wholetrace.simulate.tx.lang.TxException;
import dev.wholetrace.simulate.tx.lang.Validator;
import java.io.IOException;
import java.nio.charset.MalformedInputException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** The program file and data set every tx command reads; errors become one-line bad-input errors (exit 2). */
public final class TxInputs {
    @Parameters(index = "0", paramLabel = "FILE", description = "the program (.tx, docs/tx.md)")
    Path file;

    @Option(names = "--input", split = ",", paramLabel = "V,V,...", description = "the data set: values read() takes, in order (default: none, read() gives 0)")
    long[] input = new long[0];

    @Option(names = "--max-instructions", defaultValue = "10000000", paramLabel = "N",
            description = "stop a run that has not halted after N instructions (default: ${DEFAULT-VALUE})")
    long maxInstructions;

    @Option(names = "--format", defaultValue = "text", paramLabel = "FMT", description = "text or json (default: ${DEFAULT-VALUE})")
    String format;

    boolean json() {
        if (!format.equals("text") && !format.equals("json")) throw new IllegalArgumentException("--format is text or json, not " + format);
        return format.equals("json");
    }

    /** The parsed program, after the validator: its first problem is the error. */
    Program program() throws IOException {
        if (maxInstructions < 1) throw new IllegalArgumentException("--max-instructions must be at least 1, not " + maxInstructions);
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException(file + ": no such file");
        } catch (MalformedInputException e) {
            throw new IllegalArgumentException(file + ": not UTF-8 text");
        }
        try {
            Program p = Parser.parse(file.getFileName().toString(), text);
            List<String> problems = Validator.check(p);
            for (String s : problems) if (!s.contains("goto:")) throw new IllegalArgumentException(file + ":" + s);
            return p;
        } catch (TxException e) {
            throw new IllegalArgumentException(file + ":" + e.getMessage());
        }
    }

    Code code(Program p) {
        try {
            return Lowering.lower(p);
        } catch (TxException e) {
            throw new IllegalArgumentException(file + ":" + e.getMessage());
        }
    }

    /** An execution saved by {@code tx run -o} (docs/tx.md, "Trace files"); a bad or foreign file is one line, exit 2. */
    TraceFile.Saved savedTrace(Path traceFile, Program p) throws IOException {
        try (java.io.BufferedReader r = Files.newBufferedReader(traceFile, StandardCharsets.UTF_8)) {
            return TraceFile.read(r, p);
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException(traceFile + ": no such file");
        } catch (MalformedInputException e) {
            throw new IllegalArgumentException(traceFile + ": not a tx trace file (not UTF-8 text)");
        } catch (TxException e) {
            throw new IllegalArgumentException(traceFile + ":" + e.getMessage());
        }
    }

    /** A run-time error of the program (did not halt, deadlock, index out of bounds), as bad input. */
    IllegalArgumentException failed(TxException e) {
        return new IllegalArgumentException(file + ": " + e.getMessage());
    }

    /** The machine in {@code machineFile}, or the built-in default, with overrides. */
    static MachineModel machine(Path machineFile, Integer procs, Long seed) throws IOException {
        MachineModel m;
        if (machineFile == null) {
            m = new MachineModel("default (4 processors, random scheduling, time slice 4)", 4, 1e9, MachineModel.Scheduling.RANDOM, 4, 0, 1,
                    Map.of("default", 1L), Map.of());
        } else {
            try {
                m = MachineFile.read(machineFile);
            } catch (MachineFileException e) {
                throw new IllegalArgumentException(e.getMessage());
            }
        }
        if (procs != null) {
            if (procs < 1) throw new IllegalArgumentException("--procs must be at least 1, not " + procs);
            m = m.withProcessors(procs);
        }
        if (seed != null) m = m.withSeed(seed);
        return m;
    }
}
