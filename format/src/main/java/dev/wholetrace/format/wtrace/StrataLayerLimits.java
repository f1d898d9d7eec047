package dev.wholetrace.format.wtrace;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the layer search of a rewrite ({@link StrataLayerChoice}) may do: store at most
 * {@code maxLayers} stratum layers (0: the paths only, no layer), and build layer tables of at most
 * {@code tableBytesAtMost} bytes for one candidate (a chunk's streams with one layer count); a layer
 * whose tables would take more is given up, and the choice says so ({@link StrataLayerChoice.Choice}).
 * {@code record --mode strata}, {@code recompress} and {@code compress --grammar strata} take them as
 * {@code --strata-layers N} and {@code --strata-memory MiB}; the checks (and their messages, one line
 * each) are here, so every command refuses the same values alike.
 */
public record StrataLayerLimits(int maxLayers, long tableBytesAtMost) {
    /** The most layers {@code --strata-layers} takes: what a strata stream may store. */
    public static final int MAX_LAYERS = StrataStreamCodec.MAX_LAYERS;
    /** The most {@code --strata-memory} takes: 64 GiB (as {@code wholetrace strata}'s 65536 MiB). */
    public static final long MAX_MEMORY_BYTES = 1L << 36;
    /** Without options: the search of sessions 43-45 (up to 4 layers), tables of up to 256 MiB a candidate (the example). */
    public static final StrataLayerLimits DEFAULT = new StrataLayerLimits(StrataLayerChoice.MAX_LAYERS, 256L << 20);

    /** Trace properties the rewrite stores when the limits are not the default: the options, so that {@code stats} shows them. */
    public static final String LAYERS_PROPERTY = "strata.layers.max";
    public static final String MEMORY_PROPERTY = "strata.memory.bytes";
    /** Prefix of the property naming a layer given up in chunk N ({@code strata.layers.givenUp.chunkN}). */
    public static final String GIVEN_UP_PROPERTY = "strata.layers.givenUp.chunk";

    public StrataLayerLimits {
        if (maxLayers < 0 || maxLayers > MAX_LAYERS) {
            throw new IllegalArgumentException("--strata-layers must be 0 to " + MAX_LAYERS + ", not " + maxLayers);
        }
        if (tableBytesAtMost < 1) throw new IllegalArgumentException("the strata table budget must be at least 1 byte, not " + tableBytesAtMost);
    }

    /**
     * The limits {@code --strata-layers} and {@code --strata-memory} give (either null: its default),
     * or an IllegalArgumentException naming the option and its range (exit 2). The budget is MiB, or
     * with a unit {@code k}, {@code m} or {@code g} (KiB, MiB, GiB: {@code 256m}, {@code 64k}), 1 KiB to 64 GiB.
     */
    public static StrataLayerLimits of(Integer layers, String memory) {
        return new StrataLayerLimits(layers == null ? DEFAULT.maxLayers : layers, memory == null ? DEFAULT.tableBytesAtMost : bytes(memory));
    }

    private static long bytes(String memory) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("([0-9]{1,12})([kKmMgG]?)").matcher(memory.trim());
        long bytes = -1;
        if (m.matches()) {
            int shift = switch (m.group(2).toLowerCase(java.util.Locale.ROOT)) {
                case "k" -> 10;
                case "g" -> 30;
                default -> 20;
            };
            long n = Long.parseLong(m.group(1));
            bytes = n > MAX_MEMORY_BYTES >> shift ? Long.MAX_VALUE : n << shift;
        }
        if (bytes < 1 << 10 || bytes > MAX_MEMORY_BYTES) {
            throw new IllegalArgumentException("--strata-memory must be 1k to 64g (a number alone is MiB: 256 or 256m), not '" + memory + "'");
        }
        return bytes;
    }

    /** The properties a rewrite with these limits stores in its chunks: none for the default. */
    public Map<String, String> properties() {
        Map<String, String> p = new LinkedHashMap<>();
        if (maxLayers != DEFAULT.maxLayers) p.put(LAYERS_PROPERTY, String.valueOf(maxLayers));
        if (tableBytesAtMost != DEFAULT.tableBytesAtMost) p.put(MEMORY_PROPERTY, String.valueOf(tableBytesAtMost));
        return p;
    }
}
