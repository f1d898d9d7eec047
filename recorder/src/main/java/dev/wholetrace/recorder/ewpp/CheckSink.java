package dev.wholetrace.recorder.ewpp;

/**
 * Where the check routine's control-flow signature goes: one symbol (first, value) at a time; the
 * first half is a bare tag or a head's {@code CheckSymbols.named}(tag, load).
 */
public interface CheckSink {
    void emit(long first, long value);
}
