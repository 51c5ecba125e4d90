package dev.ptyctl.service.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class ScreenPatternsTest {
    @Test
    void readAsAStreamTheTextPrintedFirstWins() {
        ScreenPatterns patterns = new ScreenPatterns(List.of(new ScreenPatterns.Entry("Password:", null),
                new ScreenPatterns.Entry("\\(yes/no\\)\\?", Pattern.compile("\\(yes/no\\)\\?"))));
        ScreenPatterns.InStream first = patterns.first("Continue (yes/no)? \nPassword: ", System.nanoTime())
                .orElseThrow();
        assertThat(first.found().index()).as("printed first, though asked second").isEqualTo(1);
        assertThat(first.found().text()).isEqualTo("(yes/no)?");
        assertThat(first.end()).as("where the next look begins").isEqualTo("Continue (yes/no)?".length());
    }

    @Test
    void severalExpressionsThatBacktrackForEverShareOneBudgetReadAsAStream() {
        // pty/wait's since: looks at the output as a stream; each of six (.*a){20}b ages over 64 a's. The docs promise
        // a wait cut off after its timeout, at least 1 s: with a budget of its own each held a 100 ms wait for 6 s.
        ScreenPatterns runaway = new ScreenPatterns(Collections.nCopies(6,
                new ScreenPatterns.Entry("(.*a){20}b", Pattern.compile("(.*a){20}b"))));
        long start = System.nanoTime();
        // Cut, not "not found": a wait going on from where this look began must search this text again.
        assertThatThrownBy(() -> runaway.first("a".repeat(64), start + TimeUnit.MILLISECONDS.toNanos(100)))
                .isInstanceOf(DeadlineText.SearchCut.class).hasMessageContaining("(.*a){20}b");
        assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start)).isLessThan(3_000);
    }
}
