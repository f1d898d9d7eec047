package dev.wholetrace.bench;

import dev.wholetrace.baseline.GeneralPurpose;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** One benchmarked (input, grammar variant): the grammar-side numbers plus the raw forms. */
final class Result {
    final String group;
    final String input;
    final String description;
    long symbols;
    long grammarSymbols;
    long rules;
    double buildRate = Double.NaN; // input symbols per second
    int reps;
    double expandRate = Double.NaN; // output symbols per second
    long peakBytes;
    long wgrBest;
    long wgrZstd;
    long wgrXz;
    String verified = "-";
    /** Cores kept busy by other processes while this input was measured (NaN: unknown). */
    double otherLoad = Double.NaN;
    final List<RawForm> raws = new ArrayList<>();
    /** Extra per-input facts for the group-specific tables (column name to formatted value). */
    final Map<String, String> extra = new LinkedHashMap<>();

    Result(String group, String input, String description) {
        this.group = group;
        this.input = input;
        this.description = description;
    }

    double peakPerGrammarSymbol() {
        return grammarSymbols == 0 ? Double.NaN : peakBytes / (double) grammarSymbols;
    }

    /** The raw byte form of the input that the general-purpose compressors see. */
    static final class RawForm {
        final String name;
        final long bytes;
        final transient GeneralPurpose.ByteSource source; // null: not run
        final String naReason;
        final Map<GeneralPurpose, Long> sizes = new EnumMap<>(GeneralPurpose.class);
        final Map<GeneralPurpose, Double> seconds = new EnumMap<>(GeneralPurpose.class);

        RawForm(String name, long bytes, GeneralPurpose.ByteSource source, String naReason) {
            this.name = name;
            this.bytes = bytes;
            this.source = source;
            this.naReason = naReason;
        }

        boolean complete() {
            return sizes.size() == GeneralPurpose.values().length;
        }
    }
}
