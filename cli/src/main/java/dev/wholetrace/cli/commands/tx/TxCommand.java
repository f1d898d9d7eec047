package dev.wholetrace.cli.commands.tx;

import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code wholetrace tx}: the trace-extrapolation thesis's language, analyses and extrapolation (docs/tx.md). */
@Command(name = "tx", mixinStandardHelpOptions = true,
        description = {"Trace extrapolation (docs/tx.md): programs in the thesis's parallel language (.tx files), run on a "
                + "simulated multiprocessor (docs/machine-model.md), their trace change points, the correspondence of two "
                + "executions, and the extrapolation of an execution to another machine."},
        subcommands = {TxParseCommand.class, TxRunCommand.class, TxExploreCommand.class, TxTcpCommand.class, TxCorrespondCommand.class,
                TxExtrapolateCommand.class},
        footer = {"",
                "Examples (files shipped in docs/examples/tx):",
                "  wholetrace tx parse docs/examples/tx/fig14.tx",
                "  wholetrace tx run docs/examples/tx/fig04.tx --procs 2",
                "  wholetrace tx explore docs/examples/tx/fig14.tx",
                "  wholetrace tx tcp docs/examples/tx/fig27.tx --method both",
                "  wholetrace tx correspond docs/examples/tx/fig14.tx --seed-a 1 --seed-b 4",
                "  wholetrace tx extrapolate docs/examples/tx/fig39.tx --input 0 \\",
                "      --source docs/examples/tx/machine-a.properties \\",
                "      --target docs/examples/tx/machine-b.properties --compare"})
public final class TxCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        throw new CommandLine.ParameterException(spec.commandLine(), "missing tx command");
    }
}
