package dev.wholetrace.simulate.calibrate;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * {@link ThreadExit#stateCheck}: {@code calibrate --thread-exit --base} says when the thread start it measures with the
 * exit is not the base file's (session 51: the machine's thread start, hand-over and barrier cost 4.7-5.7 times session 37's
 * while its compute loops cost 1.16 times, so a key measured then belongs to another machine than the base's).
 */
class ThreadExitStateTest {
    @Test
    void aThreadStartLikeTheBasesPasses() {
        assertNull(ThreadExit.stateCheck(31_900, 31_900));
        assertNull(ThreadExit.stateCheck(40_000, 31_900)); // 1.25 times: within the calibration's own spread
        assertNull(ThreadExit.stateCheck(25_000, 31_900));
    }

    @Test
    void aThreadStartFarFromTheBasesIsReportedWithItsRatio() {
        String dear = ThreadExit.stateCheck(130_000, 31_900); // this session: 115-130 µs against session 37's 31.9
        assertTrue(dear != null && dear.contains("4.08 times") && dear.contains("31.9 µs") && dear.contains("130.0 µs"), dear);
        String cheap = ThreadExit.stateCheck(10_000, 31_900);
        assertTrue(cheap != null && cheap.contains("0.31 times"), cheap);
    }

    @Test
    void aBaseWithoutAThreadStartIsNotJudged() {
        assertNull(ThreadExit.stateCheck(130_000, 0));
    }
}
