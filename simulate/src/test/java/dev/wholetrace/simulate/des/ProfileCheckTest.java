package dev.wholetrace.simulate.des;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Which differences {@code --check-profile} shows first. */
class ProfileCheckTest {
    @Test
    void theLargestDifferencesInEntriesComeFirstNotTheLargestRatios() {
        ProfileCheck.Row cold = new ProfileCheck.Row("t/C.<init>(DD)V", 29, 1, 2); // 100 %, one entry
        ProfileCheck.Row hot = new ProfileCheck.Row("t/Split.<init>(DD)V", 0, 48_045, 7_998); // 83 %, 40 047 entries
        ProfileCheck.Row warm = new ProfileCheck.Row("t/Split.pow(J)V", 49, 12_012, 1_995);
        ProfileCheck.Row tie = new ProfileCheck.Row("t/D.f()V", 0, 10, 11); // as far off as cold, a smaller ratio
        assertThat(ProfileCheck.largest(List.of(cold, tie, warm, hot), 10)).containsExactly(hot, warm, cold, tie);
        assertThat(ProfileCheck.largest(List.of(cold, tie, warm, hot), 2)).containsExactly(hot, warm);
    }
}
