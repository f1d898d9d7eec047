package dev.wholetrace.recorder;

import dev.wholetrace.format.io.Codec;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.model.ewpp.EwppCaps;
import dev.wholetrace.model.grammar.GrammarAlgorithm;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.regex.Pattern;

/**
 * The agent's options, the one definition of the contract between a launcher and the agent:
 * {@code -javaagent:JAR=out=FILE,mode=cor|dor|cdr|all|strata,include=PATTERNS,exclude=PATTERNS,interval=MS,codec=fast|xz}.
 * The agent {@link #parse}s them; launchers (cli record, workload and demo, bench's child JVMs)
 * build them and {@link #format} them. Every key is optional:
 * <ul>
 *   <li>{@value #OUT}: the trace file (default {@code wholetrace.wtrace} in the program's working directory);
 *       {@code %p} in it stands for the recording JVM's pid and {@code %%} for a {@code %}
 *       ({@link #outOf}), so that JVMs a program forks with the same option write traces of their own;</li>
 *   <li>{@value #MODE}: what is recorded, a {@link TraceMode} label (default cor);</li>
 *   <li>{@value #INCLUDE}, {@value #EXCLUDE}: which classes are checked (instrumented fully; the
 *       others get their sync operations probed only), ':'-separated dotted class names with
 *       {@code *} wildcards (default: all, none excluded);</li>
 *   <li>{@value #CODEC}: how chunks are sealed: {@code fast} (default: xz preset 0 or raw, keeps
 *       up with the program) or {@code xz} (xz -9: ~10 % smaller files, but a busy second takes
 *       seconds to seal, so a crash loses more; docs/durability.md);</li>
 *   <li>{@value #FILTER}: mode ewpp, the filtering phase's dependences (a file; docs/ewpp.md);</li>
 *   <li>{@value #SIGNATURE}: mode ewpp, {@code distance} (default since session 50) or {@code search} (the paper's; docs/ewpp.md);</li>
 *   <li>{@value #CAPS}: mode ewpp, {@code BUFFER:TABLE}, the collection's memory bounds (EwppCaps; docs/ewpp.md);</li>
 *   <li>{@value #PIPELINE}: mode strata, {@code on} (paths and layer 0 on two threads per compressor worker) or {@code off} (default: one; docs/strata.md);</li>
 *   <li>{@value #GRAMMAR}: the algorithm that builds every grammar, a {@link GrammarAlgorithm} name (default sequitur);</li>
 *   <li>{@value #WINDOW}: with {@code grammar=enhanced}, its window in symbols ({@link GrammarAlgorithm#withWindow}; docs/grammars.md);</li>
 *   <li>{@value #INTERVAL}: a chunk is sealed at least every MS milliseconds, about what a SIGKILL can lose (default 1 000; docs/durability.md);</li>
 *   <li>{@value #EVENTS}: a chunk is sealed after about N events (all threads), and then not on time unless
 *       {@value #INTERVAL} is given too: two recordings of one program are cut alike whatever each one's speed
 *       (bench strata compares encodings so), but a SIGKILL may lose up to N events and what the compressors'
 *       queues hold: while one chunk is written the next may grow to 2 N (docs/durability.md).</li>
 * </ul>
 * ',' separates options, so no value may contain one: formatting such options is an error here,
 * at the launcher, rather than a silent agent failure later.
 */
public final class AgentOptions {
    public static final String OUT = "out";
    public static final String MODE = "mode";
    public static final String INCLUDE = "include";
    public static final String EXCLUDE = "exclude";
    public static final String INTERVAL = "interval";
    public static final String CODEC = "codec";
    /** Mode ewpp: a file holding the filtering phase's dependences (model/ewpp/DependenceFilter's text form; docs/ewpp.md). */
    public static final String FILTER = "filter";
    /** Mode ewpp: {@code search} (default, the paper's B0/B1/E) or {@code distance} (docs/ewpp.md). */
    public static final String SIGNATURE = "signature";
    /** Mode ewpp: {@code BUFFER:TABLE}, instances per timestamp buffer and entries per last-writer table (docs/ewpp.md). */
    public static final String CAPS = "caps";
    /** Mode strata: {@code on} or {@code off} (default), whether layer 0 runs on a pipeline stage of its own (docs/strata.md). */
    public static final String PIPELINE = "pipeline";
    /** The grammar algorithm's name (GrammarAlgorithm.byName; default sequitur). */
    public static final String GRAMMAR = "grammar";
    /** With grammar=enhanced: its window in input symbols (GrammarAlgorithm.withWindow). */
    public static final String WINDOW = "window";
    /** A chunk after about this many events, the time bound off unless {@value #INTERVAL} is given too. */
    public static final String EVENTS = "events";
    /**
     * The longest {@value #INTERVAL}: a year, {@link RecorderConfig#NO_TIME_BOUND_MILLIS}. The writer counts the
     * interval in nanoseconds from a {@code System.nanoTime()}: a longer one overflowed to an arbitrary interval (a
     * negative one cut a chunk at every look, every 20 ms or sooner).
     */
    public static final long MAX_INTERVAL_MILLIS = RecorderConfig.NO_TIME_BOUND_MILLIS;
    /** The most {@value #EVENTS}: the pending count of a chunk adds buffers to it, kept far from a long's overflow. */
    public static final long MAX_CHUNK_EVENTS = 1L << 62;
    /** A chunk at least every second (RecorderConfig's default). */
    public static final long DEFAULT_INTERVAL_MILLIS = RecorderConfig.DEFAULT_CHUNK_MILLIS;

    private final Path out;
    private final TraceMode mode;
    private final String include;
    private final String exclude;
    private final long intervalMillis;
    private final Codec codec;
    private final Pattern[] includes;
    private final Pattern[] excludes;
    private final Path filter;
    /** Mode ewpp: "distance" to sign older instances by distance; null: the binary search's bits. */
    private String signature;
    /** Mode ewpp: the memory bounds as {@code BUFFER:TABLE}, or null for the defaults. */
    private String caps;
    /** Mode strata: "on" or "off", or null for the default (off). */
    private String pipeline;
    /** The grammar algorithm, or null for the default (sequitur). */
    private GrammarAlgorithm grammar;
    /** Events after which a chunk is sealed, or 0 for the recorder's default (a size bound only). */
    private long chunkEvents;

    private AgentOptions(Path out, TraceMode mode, String include, String exclude, long intervalMillis, Codec codec) {
        this(out, mode, include, exclude, intervalMillis, codec, null);
    }

    private AgentOptions(Path out, TraceMode mode, String include, String exclude, long intervalMillis, Codec codec, Path filter) {
        this.filter = filter;
        if (intervalMillis < 1) throw new IllegalArgumentException(INTERVAL + " must be at least 1 ms");
        if (intervalMillis > MAX_INTERVAL_MILLIS) {
            throw new IllegalArgumentException(INTERVAL + " must be at most " + MAX_INTERVAL_MILLIS + " ms (a year; " + EVENTS + "=N alone seals by events only)");
        }
        if (out != null) expandOut(out, 0); // a bad % sequence is refused here, by the launcher or the agent's parse
        if (codec != Codec.FAST && codec != Codec.XZ) throw new IllegalArgumentException(CODEC + " must be fast or xz");
        this.codec = codec;
        this.out = out;
        this.mode = mode;
        this.include = include;
        this.exclude = exclude;
        this.intervalMillis = intervalMillis;
        this.includes = patterns(include);
        this.excludes = patterns(exclude);
    }

    /** Recording into {@code out} in {@code mode}, every class, the default interval. */
    public static AgentOptions of(Path out, TraceMode mode) {
        return new AgentOptions(out, mode, null, null, DEFAULT_INTERVAL_MILLIS, Codec.FAST);
    }

    /** These options, checking only the classes {@code patterns} match (null: all); the others get sync probes only. */
    public AgentOptions withInclude(String patterns) {
        return keep(new AgentOptions(out, mode, patterns, exclude, intervalMillis, codec, filter));
    }

    /** These options, not checking the classes {@code patterns} match (null: none excluded); they get sync probes only. */
    public AgentOptions withExclude(String patterns) {
        return keep(new AgentOptions(out, mode, include, patterns, intervalMillis, codec, filter));
    }

    /** These options, sealing a chunk at least every {@code millis}. */
    public AgentOptions withIntervalMillis(long millis) {
        return keep(new AgentOptions(out, mode, include, exclude, millis, codec, filter));
    }

    /** These options, sealing chunks with {@code c}: {@link Codec#FAST} or {@link Codec#XZ}. */
    public AgentOptions withCodec(Codec c) {
        return keep(new AgentOptions(out, mode, include, exclude, intervalMillis, c, filter));
    }

    /** These options, with the eWPP filter file {@code file} (mode ewpp; null: none). */
    public AgentOptions withFilter(Path file) {
        return keep(new AgentOptions(out, mode, include, exclude, intervalMillis, codec, file));
    }

    /** These options, signing older store instances with {@code s}: "search" or "distance" (mode ewpp). */
    public AgentOptions withSignature(String s) {
        if (s != null && !s.equals("search") && !s.equals("distance")) throw new IllegalArgumentException(SIGNATURE + " must be search or distance, not '" + s + "'");
        AgentOptions o = keep(new AgentOptions(out, mode, include, exclude, intervalMillis, codec, filter));
        o.signature = s;
        return o;
    }

    /** {@code o} with this one's signature, caps and pipeline (the options' fields outside the constructor). */
    private AgentOptions keep(AgentOptions o) {
        o.signature = signature;
        o.caps = caps;
        o.pipeline = pipeline;
        o.grammar = grammar;
        o.chunkEvents = chunkEvents;
        return o;
    }

    /**
     * These options, sealing a chunk after about {@code events} events (all threads) and not on
     * time: the interval becomes {@link RecorderConfig#NO_TIME_BOUND_MILLIS} (a later
     * {@link #withIntervalMillis} sets one again). The cut follows the events the compressors have
     * taken, so chunks hold about, not exactly, {@code events} each.
     */
    public AgentOptions withChunkEvents(long events) {
        if (events < 1) throw new IllegalArgumentException(EVENTS + " must be at least 1");
        if (events > MAX_CHUNK_EVENTS) throw new IllegalArgumentException(EVENTS + " must be at most " + MAX_CHUNK_EVENTS + " (2^62)");
        AgentOptions o = keep(new AgentOptions(out, mode, include, exclude, RecorderConfig.NO_TIME_BOUND_MILLIS, codec, filter));
        o.chunkEvents = events;
        return o;
    }

    /** Events after which a chunk is sealed ({@value #EVENTS}), or 0 when not set (the recorder's size bound). */
    public long chunkEvents() {
        return chunkEvents;
    }

    /** These options, building every grammar with {@code g} (a windowed variant included); null: the default (sequitur). */
    public AgentOptions withGrammar(GrammarAlgorithm g) {
        AgentOptions o = keep(new AgentOptions(out, mode, include, exclude, intervalMillis, codec, filter));
        o.grammar = g;
        return o;
    }

    /** The algorithm every grammar is built with ({@link GrammarAlgorithm#DEFAULT} unless set). */
    public GrammarAlgorithm grammar() {
        return grammar == null ? GrammarAlgorithm.DEFAULT : grammar;
    }

    /** These options, running mode strata's layer 0 on a stage of its own ({@code on}) or on the compressor worker ({@code off}); null: the default (off). */
    public AgentOptions withPipeline(String p) {
        if (p != null && !p.equals("on") && !p.equals("off")) throw new IllegalArgumentException(PIPELINE + " must be on or off, not '" + p + "'");
        AgentOptions o = keep(new AgentOptions(out, mode, include, exclude, intervalMillis, codec, filter));
        o.pipeline = p;
        return o;
    }

    /** Mode strata's pipeline switch ("on" or "off"), or null for the default (off). */
    public String pipeline() {
        return pipeline;
    }

    /** These options, bounding the eWPP's memory by {@code c} ({@code BUFFER:TABLE}, mode ewpp; null: the defaults). */
    public AgentOptions withCaps(String c) {
        if (c != null) EwppCaps.decode(c, null); // refused here, by the launcher, rather than in the agent
        AgentOptions o = keep(new AgentOptions(out, mode, include, exclude, intervalMillis, codec, filter));
        o.caps = c;
        return o;
    }

    /** The eWPP's memory bounds ({@code BUFFER:TABLE}), or null for the defaults. */
    public String caps() {
        return caps;
    }

    /** The eWPP signature of older instances ("search" or "distance"), or null for the default (distance, CheckSymbols#distanceSignature). */
    public String signature() {
        return signature;
    }

    /** The eWPP filter file, or null. */
    public Path filter() {
        return filter;
    }

    /** The agent's argument string (null or blank: the defaults). */
    public static AgentOptions parse(String args) {
        AgentOptions o = of(Path.of("wholetrace.wtrace"), TraceMode.COR);
        if (args == null || args.isBlank()) return o;
        // grammar and window are combined after the loop, so that either may come first
        GrammarAlgorithm grammar = null;
        Integer window = null;
        // events turns the time bound off, interval sets one: combined after the loop, either may come first
        Long events = null;
        Long interval = null;
        for (String kv : args.split(",")) {
            int eq = kv.indexOf('=');
            if (eq < 0) throw new IllegalArgumentException("option '" + kv + "' is not key=value");
            String key = kv.substring(0, eq).trim();
            String value = kv.substring(eq + 1).trim();
            o = switch (key) {
                case OUT -> o.keep(new AgentOptions(Path.of(value), o.mode, o.include, o.exclude, o.intervalMillis, o.codec, o.filter));
                case MODE -> o.keep(new AgentOptions(o.out, TraceMode.parse(value), o.include, o.exclude, o.intervalMillis, o.codec, o.filter));
                case INCLUDE -> o.withInclude(value);
                case EXCLUDE -> o.withExclude(value);
                case INTERVAL -> {
                    interval = parseMillis(value);
                    yield o.withIntervalMillis(interval);
                }
                case EVENTS -> {
                    events = parseEvents(value);
                    yield o;
                }
                case FILTER -> o.withFilter(Path.of(value));
                case SIGNATURE -> o.withSignature(value);
                case CAPS -> o.withCaps(value);
                case PIPELINE -> o.withPipeline(value);
                case GRAMMAR -> {
                    grammar = GrammarAlgorithm.byName(value);
                    yield o;
                }
                case WINDOW -> {
                    window = parseWindow(value);
                    yield o;
                }
                case CODEC -> o.withCodec(switch (value) {
                    case "fast" -> Codec.FAST;
                    case "xz" -> Codec.XZ;
                    default -> throw new IllegalArgumentException(CODEC + " must be fast or xz, not '" + value + "'");
                });
                default -> throw new IllegalArgumentException("unknown option '" + key + "' (out, mode, include, exclude, interval, events, codec, filter, signature, caps, pipeline, grammar, window)");
            };
        }
        if (events != null) o = o.withChunkEvents(events);
        if (events != null && interval != null) o = o.withIntervalMillis(interval);
        if (window != null) return o.withGrammar((grammar == null ? GrammarAlgorithm.DEFAULT : grammar).withWindow(window));
        return grammar == null ? o : o.withGrammar(grammar);
    }

    /**
     * The argument string the agent parses back to these options: out (absolute) and mode always,
     * the others when set.
     */
    public String format() {
        for (String s : new String[] {out.toString(), String.valueOf(include), String.valueOf(exclude), String.valueOf(filter)}) {
            if (s.contains(",")) throw new IllegalArgumentException("',' is not allowed in '" + s + "' (the agent's option separator)");
        }
        StringBuilder b = new StringBuilder(OUT).append('=').append(out.toAbsolutePath()).append(',').append(MODE).append('=').append(mode.label());
        if (include != null) b.append(',').append(INCLUDE).append('=').append(include);
        if (exclude != null) b.append(',').append(EXCLUDE).append('=').append(exclude);
        if (chunkEvents > 0) b.append(',').append(EVENTS).append('=').append(chunkEvents);
        if (intervalMillis != (chunkEvents > 0 ? RecorderConfig.NO_TIME_BOUND_MILLIS : DEFAULT_INTERVAL_MILLIS)) {
            b.append(',').append(INTERVAL).append('=').append(intervalMillis);
        }
        if (codec != Codec.FAST) b.append(',').append(CODEC).append("=xz");
        if (filter != null) b.append(',').append(FILTER).append('=').append(filter.toAbsolutePath());
        if (signature != null) b.append(',').append(SIGNATURE).append('=').append(signature);
        if (caps != null) b.append(',').append(CAPS).append('=').append(caps);
        if (pipeline != null) b.append(',').append(PIPELINE).append('=').append(pipeline);
        if (grammar != null) b.append(',').append(GRAMMAR).append('=').append(grammar.cliName());
        if (grammar != null && grammar.window() > 0) b.append(',').append(WINDOW).append('=').append(grammar.window());
        return b.toString();
    }

    /** The JVM option that runs the agent in {@code agentJar} with these options. */
    public String javaagent(Path agentJar) {
        return "-javaagent:" + agentJar.toAbsolutePath().normalize() + "=" + format();
    }

    /** Whether include/exclude select the class {@code className} (dotted) for checking. */
    public boolean selects(String className) {
        if (includes.length > 0 && !matchesAny(includes, className)) return false;
        return !matchesAny(excludes, className);
    }

    /** The trace file as given: it may contain {@code %p} ({@link #outOf}). */
    public Path out() {
        return out;
    }

    /** The trace file of the JVM with process id {@code pid}: {@link #out()} with {@code %p} → pid, {@code %%} → %. */
    public Path outOf(long pid) {
        return expandOut(out, pid);
    }

    /**
     * {@code pattern} with {@code %p} replaced by {@code pid} and {@code %%} by {@code %}.
     *
     * @throws IllegalArgumentException for any other {@code %} sequence
     */
    public static Path expandOut(Path pattern, long pid) {
        String s = pattern.toString();
        if (s.indexOf('%') < 0) return pattern;
        StringBuilder b = new StringBuilder(s.length() + 8);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c != '%') {
                b.append(c);
                continue;
            }
            char next = i + 1 < s.length() ? s.charAt(i + 1) : 0;
            if (next == 'p') b.append(pid);
            else if (next == '%') b.append('%');
            else throw new IllegalArgumentException(OUT + "=" + s + ": '%" + (next == 0 ? "" : String.valueOf(next)) + "' is neither %p (the pid) nor %% (a %)");
            i++;
        }
        return Path.of(b.toString());
    }

    public TraceMode mode() {
        return mode;
    }

    /** The include patterns as given, or null. */
    public String include() {
        return include;
    }

    /** The exclude patterns as given, or null. */
    public String exclude() {
        return exclude;
    }

    public long intervalMillis() {
        return intervalMillis;
    }

    /** How chunks are sealed: {@link Codec#FAST} (default) or {@link Codec#XZ}. */
    public Codec codec() {
        return codec;
    }

    private static long parseEvents(String value) {
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(EVENTS + " must be a number of events, not '" + value + "'");
        }
    }

    private static long parseMillis(String value) {
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(INTERVAL + " must be a number of milliseconds, not '" + value + "'");
        }
    }

    private static int parseWindow(String value) {
        try {
            return Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(WINDOW + " must be a number of symbols, not '" + value + "'");
        }
    }

    /** ':'-separated class-name patterns with * wildcards, compiled once. */
    private static Pattern[] patterns(String value) {
        if (value == null) return new Pattern[0];
        return Arrays.stream(value.split(":")).filter(p -> !p.isEmpty())
                .map(p -> Pattern.compile(Pattern.quote(p).replace("*", "\\E.*\\Q"))).toArray(Pattern[]::new);
    }

    private static boolean matchesAny(Pattern[] patterns, String name) {
        for (Pattern p : patterns) if (p.matcher(name).matches()) return true;
        return false;
    }
}
