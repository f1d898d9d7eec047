package dev.wholetrace.recorder;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wholetrace.format.io.Codec;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.model.grammar.GrammarAlgorithm;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The agent's option string: what launchers format is what the agent parses. */
class AgentOptionsTest {
    @Test
    void formatParsesBackToTheSameOptions() {
        AgentOptions o = AgentOptions.of(Path.of("x.wtrace"), TraceMode.CDR).withInclude("a.b.*:c.D").withExclude("a.b.Skip*")
                .withIntervalMillis(500).withCodec(Codec.XZ);
        AgentOptions back = AgentOptions.parse(o.format());
        assertThat(back.codec()).isEqualTo(Codec.XZ);
        assertThat(back.out()).isEqualTo(Path.of("x.wtrace").toAbsolutePath());
        assertThat(back.mode()).isEqualTo(TraceMode.CDR);
        assertThat(back.include()).isEqualTo("a.b.*:c.D");
        assertThat(back.exclude()).isEqualTo("a.b.Skip*");
        assertThat(back.intervalMillis()).isEqualTo(500);
        assertThat(back.format()).isEqualTo(o.format());
    }

    @Test
    void thePipelineSwitchParsesBackAndSurvivesOtherOptions() {
        AgentOptions o = AgentOptions.of(Path.of("x.wtrace"), TraceMode.STRATA).withPipeline("off").withIntervalMillis(500);
        assertThat(o.format()).endsWith(",interval=500,pipeline=off");
        AgentOptions back = AgentOptions.parse(o.format());
        assertThat(back.pipeline()).isEqualTo("off");
        assertThat(back.format()).isEqualTo(o.format());
        assertThat(AgentOptions.parse("mode=strata").pipeline()).isNull();
        assertThatThrownBy(() -> AgentOptions.parse("pipeline=maybe")).hasMessageContaining("pipeline must be on or off");
    }

    @Test
    void theGrammarAndItsWindowParseBackAndSurviveOtherOptions() {
        GrammarAlgorithm windowed = GrammarAlgorithm.ENHANCED.withWindow(1 << 16);
        AgentOptions o = AgentOptions.of(Path.of("x.wtrace"), TraceMode.COR).withGrammar(windowed).withIntervalMillis(500);
        assertThat(o.format()).endsWith(",interval=500,grammar=enhanced,window=65536");
        AgentOptions back = AgentOptions.parse(o.format());
        assertThat(back.grammar()).isEqualTo(windowed);
        assertThat(back.format()).isEqualTo(o.format());
        assertThat(AgentOptions.parse("grammar=repair").grammar()).isSameAs(GrammarAlgorithm.REPAIR);
        assertThat(AgentOptions.parse("mode=cor").grammar()).isSameAs(GrammarAlgorithm.DEFAULT);
        assertThat(AgentOptions.parse("mode=cor").format()).doesNotContain("grammar");
        assertThatThrownBy(() -> AgentOptions.parse("grammar=lz78")).hasMessageContaining("lz78");
        assertThatThrownBy(() -> AgentOptions.parse("grammar=sequitur,window=65536")).hasMessageContaining("enhanced");
        assertThatThrownBy(() -> AgentOptions.parse("grammar=enhanced,window=many")).hasMessageContaining("window must be a number");
        // strata's builder maps a recording's terminals (from 2^30 on) to dense ids (StrataGrammarTest.takesSparseTerminals), so the agent takes it
        assertThat(AgentOptions.parse("mode=cdr,grammar=strata").grammar()).isSameAs(GrammarAlgorithm.STRATA);
    }

    /** events=N seals by events: the time bound is off unless interval is given too, in either order; both parse back. */
    @Test
    void eventsSealByEventsAndTurnTheTimeBoundOffUnlessAnIntervalIsGiven() {
        AgentOptions byEvents = AgentOptions.parse("mode=strata,events=2000000");
        assertThat(byEvents.chunkEvents()).isEqualTo(2_000_000);
        assertThat(byEvents.intervalMillis()).isEqualTo(RecorderConfig.NO_TIME_BOUND_MILLIS);
        assertThat(byEvents.format()).endsWith(",mode=strata,events=2000000");
        assertThat(AgentOptions.parse(byEvents.format()).format()).isEqualTo(byEvents.format());
        for (String args : new String[] {"events=5000,interval=500", "interval=500,events=5000"}) {
            AgentOptions both = AgentOptions.parse(args);
            assertThat(both.chunkEvents()).as(args).isEqualTo(5000);
            assertThat(both.intervalMillis()).as(args).isEqualTo(500);
            assertThat(both.format()).as(args).endsWith(",events=5000,interval=500");
            assertThat(AgentOptions.parse(both.format()).intervalMillis()).as(args).isEqualTo(500);
        }
        AgentOptions built = AgentOptions.of(Path.of("x.wtrace"), TraceMode.COR).withChunkEvents(7).withInclude("k.*");
        assertThat(built.chunkEvents()).isEqualTo(7);
        assertThat(built.intervalMillis()).isEqualTo(RecorderConfig.NO_TIME_BOUND_MILLIS);
        assertThat(AgentOptions.parse("mode=cor").chunkEvents()).isZero();
        assertThat(AgentOptions.parse("mode=cor").format()).doesNotContain("events");
        assertThatThrownBy(() -> AgentOptions.parse("events=0")).hasMessageContaining("events must be at least 1");
        assertThatThrownBy(() -> AgentOptions.parse("events=2M")).hasMessageContaining("events must be a number of events");
    }

    @Test
    void theWindowMayComeBeforeTheGrammar() {
        GrammarAlgorithm windowed = GrammarAlgorithm.ENHANCED.withWindow(1 << 16);
        assertThat(AgentOptions.parse("window=65536,grammar=enhanced").grammar()).isEqualTo(windowed);
        assertThat(AgentOptions.parse("window=65536,mode=cor,grammar=enhanced,interval=500").grammar()).isEqualTo(windowed);
        assertThatThrownBy(() -> AgentOptions.parse("window=65536,grammar=repair")).hasMessageContaining("enhanced").hasMessageContaining("repair");
        assertThatThrownBy(() -> AgentOptions.parse("window=65536")).hasMessageContaining("enhanced");
        assertThatThrownBy(() -> AgentOptions.parse("grammar=enhanced,window=63")).hasMessageContaining("63");
    }

    @Test
    void formatsOnlyWhatIsSet() {
        Path out = Path.of("/tmp/t.wtrace");
        assertThat(AgentOptions.of(out, TraceMode.COR).format()).isEqualTo("out=/tmp/t.wtrace,mode=cor");
        assertThat(AgentOptions.of(out, TraceMode.ALL).withInclude("k.*").javaagent(Path.of("/a/../agent.jar")))
                .isEqualTo("-javaagent:/agent.jar=out=/tmp/t.wtrace,mode=all,include=k.*");
    }

    @Test
    void percentPIsThePidOfTheRecordingJvm() {
        AgentOptions o = AgentOptions.parse("out=/tmp/run-%p.wtrace");
        assertThat(o.out()).isEqualTo(Path.of("/tmp/run-%p.wtrace"));
        assertThat(o.outOf(4242)).isEqualTo(Path.of("/tmp/run-4242.wtrace"));
        assertThat(AgentOptions.expandOut(Path.of("a%%b-%p-%p%%.wtrace"), 7)).isEqualTo(Path.of("a%b-7-7%.wtrace"));
        assertThat(AgentOptions.expandOut(Path.of("plain.wtrace"), 7)).isEqualTo(Path.of("plain.wtrace"));
        assertThat(AgentOptions.parse(o.format()).outOf(1)).isEqualTo(Path.of("/tmp/run-1.wtrace"));
    }

    @Test
    void anotherPercentSequenceIsRefused() {
        for (String out : new String[] {"run-%x.wtrace", "run-%", "%d.wtrace"}) {
            assertThatThrownBy(() -> AgentOptions.parse("out=" + out)).as(out).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("%p (the pid)");
            assertThatThrownBy(() -> AgentOptions.of(Path.of(out), TraceMode.CDR)).as(out).isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Test
    void defaultsWhenNothingIsGiven() {
        for (String args : new String[] {null, "", " "}) {
            AgentOptions o = AgentOptions.parse(args);
            assertThat(o.out()).isEqualTo(Path.of("wholetrace.wtrace"));
            assertThat(o.mode()).isEqualTo(TraceMode.COR);
            assertThat(o.intervalMillis()).isEqualTo(AgentOptions.DEFAULT_INTERVAL_MILLIS).isEqualTo(1_000);
            assertThat(o.codec()).isEqualTo(Codec.FAST);
            assertThat(o.selects("any.Class")).isTrue();
        }
    }

    @Test
    void includeAndExcludeSelectClassesByWildcards() {
        AgentOptions o = AgentOptions.parse("include=app.*:lib.Util,exclude=app.gen.*");
        assertThat(o.selects("app.Main")).isTrue();
        assertThat(o.selects("lib.Util")).isTrue();
        assertThat(o.selects("lib.Other")).isFalse();
        assertThat(o.selects("app.gen.Parser")).isFalse();
    }

    @Test
    void badOptionsAreErrors() {
        assertThatThrownBy(() -> AgentOptions.parse("out")).hasMessageContaining("not key=value");
        assertThatThrownBy(() -> AgentOptions.parse("colour=red")).hasMessageContaining("unknown option 'colour'");
        assertThatThrownBy(() -> AgentOptions.parse("interval=0")).hasMessageContaining("at least 1 ms");
        assertThatThrownBy(() -> AgentOptions.parse("interval=1s")).hasMessageContaining("a number of milliseconds");
        assertThatThrownBy(() -> AgentOptions.parse("codec=best")).hasMessageContaining("codec must be fast or xz");
        assertThatThrownBy(() -> AgentOptions.parse("mode=fast")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> AgentOptions.of(Path.of("/tmp/a,b"), TraceMode.COR).format()).hasMessageContaining("',' is not allowed");
        assertThatThrownBy(() -> AgentOptions.of(Path.of("/tmp/a"), TraceMode.COR).withInclude("a,b").format())
                .hasMessageContaining("',' is not allowed");
    }

    /**
     * An interval past a year overflowed the writer's nanoseconds (it then cut at every look), and events=N near 2^63
     * overflowed the pending count's bound: both are refused, in one line, as any bad option (the agent then says
     * "not recording" and the program runs untraced; docs/agent.md). The largest values still parse and format back.
     */
    @Test
    void intervalAndEventsHaveUpperBounds() {
        assertThatThrownBy(() -> AgentOptions.parse("interval=" + (AgentOptions.MAX_INTERVAL_MILLIS + 1)))
                .hasMessage("interval must be at most 31536000000 ms (a year; events=N alone seals by events only)");
        assertThatThrownBy(() -> AgentOptions.parse("interval=9223372036854775807")).hasMessageContaining("at most 31536000000 ms");
        assertThatThrownBy(() -> AgentOptions.parse("events=" + (AgentOptions.MAX_CHUNK_EVENTS + 1)))
                .hasMessage("events must be at most 4611686018427387904 (2^62)");
        assertThatThrownBy(() -> AgentOptions.parse("events=9223372036854775807,interval=500")).hasMessageContaining("events must be at most");
        assertThatThrownBy(() -> AgentOptions.of(Path.of("/tmp/a"), TraceMode.COR).withIntervalMillis(Long.MAX_VALUE))
                .hasMessageContaining("at most");
        AgentOptions largest = AgentOptions.parse("events=" + AgentOptions.MAX_CHUNK_EVENTS + ",interval=" + AgentOptions.MAX_INTERVAL_MILLIS);
        assertThat(largest.chunkEvents()).isEqualTo(AgentOptions.MAX_CHUNK_EVENTS);
        assertThat(AgentOptions.parse(largest.format()).intervalMillis()).isEqualTo(AgentOptions.MAX_INTERVAL_MILLIS);
        assertThatThrownBy(() -> RecorderConfig.defaults(TraceMode.COR).withChunkMillis(Long.MAX_VALUE)).hasMessageContaining("at most a year");
    }
}
