package dev.wholetrace.recorder.ewpp;

/** Where the check routine's control-flow signature goes: one symbol (tag, value) at a time. */
public interface CheckSink {
    void emit(int tag, long value);
}
