package dev.ptyctl.service.shell;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.service.shell.LiveTitle.Activity;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.PriorityQueue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** SPEC §5.8 rule by rule, on a manual clock: titles are recorded after holding 500 ms, spinners make no events. */
class TitleTrackerTest {

    /** A scheduler whose time only moves when the test says so. */
    static final class ManualScheduler implements TitleTracker.Scheduler {
        private record Task(long dueMillis, long order, Runnable run, boolean[] cancelled) {
        }

        private final PriorityQueue<Task> tasks = new PriorityQueue<>((a, b) -> a.dueMillis != b.dueMillis
                ? Long.compare(a.dueMillis, b.dueMillis) : Long.compare(a.order, b.order));
        private long now;
        private long order;

        @Override
        public TitleTracker.Cancellable schedule(Runnable task, Duration delay) {
            boolean[] cancelled = {false};
            tasks.add(new Task(now + delay.toMillis(), order++, task, cancelled));
            return () -> cancelled[0] = true;
        }

        void advance(long millis) {
            long target = now + millis;
            while (!tasks.isEmpty() && tasks.peek().dueMillis <= target) {
                Task t = tasks.poll();
                now = t.dueMillis;
                if (!t.cancelled[0]) {
                    t.run.run();
                }
            }
            now = target;
        }
    }

    private final ManualScheduler clock = new ManualScheduler();
    private final List<Optional<LiveTitle>> events = new ArrayList<>();
    private final TitleTracker tracker = new TitleTracker(TitleTracker.DEFAULT_HOLD, clock, events::add);

    private static Optional<LiveTitle> title(String text, Activity activity) {
        return Optional.of(new LiveTitle(text, Optional.ofNullable(activity)));
    }

    @Test
    void aTitleIsRecordedOnceItHasHeldForHalfASecond() {
        tracker.titleSet("vim notes.txt");
        clock.advance(499);
        assertThat(tracker.current()).isEmpty();
        assertThat(events).isEmpty();
        clock.advance(1);
        assertThat(tracker.current()).isEqualTo(title("vim notes.txt", null));
        assertThat(events).containsExactly(title("vim notes.txt", null));
    }

    @Test
    void aTitleReplacedWithin200MillisecondsIsNeverRecorded() {
        tracker.titleSet("make");
        clock.advance(200);
        tracker.titleSet("bash: ~/src");
        clock.advance(2000);
        assertThat(events).containsExactly(title("bash: ~/src", null));
    }

    @Test
    void aBrailleSpinnerAnimatingForThreeSecondsProducesExactlyOneWorkingRecord() {
        String frames = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏";
        for (int ms = 0; ms < 3000; ms += 80) {
            tracker.titleSet(frames.charAt((ms / 80) % frames.length()) + " Compiling ptyctl");
            clock.advance(80);
        }
        clock.advance(1000);
        assertThat(events).containsExactly(title("Compiling ptyctl", Activity.WORKING));
    }

    @Test
    void aHalfCircleSpinnerIsWorkingToo() {
        for (String glyph : new String[] {"◐", "◓", "◑", "◒", "◐", "◓"}) {
            tracker.titleSet(glyph + " Thinking");
            clock.advance(100);
        }
        clock.advance(500);
        assertThat(events).containsExactly(title("Thinking", Activity.WORKING));
    }

    @Test
    void goingIdleIsOneMoreRecord() {
        tracker.titleSet("⠋ Claude");
        clock.advance(600);
        tracker.titleSet("✳ Claude");
        clock.advance(600);
        assertThat(events).containsExactly(title("Claude", Activity.WORKING), title("Claude", Activity.IDLE));
    }

    @Test
    void clearingTheTitleRemovesItAfterTheHold() {
        tracker.titleSet("htop");
        clock.advance(500);
        tracker.titleSet("");
        clock.advance(500);
        assertThat(events).containsExactly(title("htop", null), Optional.empty());
        assertThat(tracker.current()).isEmpty();
    }

    @Test
    void flickeringBackToTheRecordedTitleMakesNoEvent() {
        tracker.titleSet("bash");
        clock.advance(500);
        tracker.titleSet("ls");
        clock.advance(100);
        tracker.titleSet("bash");
        clock.advance(1000);
        assertThat(events).containsExactly(title("bash", null));
    }

    @Test
    void settingTheSameTitleAgainMakesNoEvent() {
        tracker.titleSet("bash");
        clock.advance(500);
        tracker.titleSet("bash");
        clock.advance(500);
        assertThat(events).hasSize(1);
    }

    @Test
    void exitRemovesTheTitleAndIgnoresWhatWasPending() {
        tracker.titleSet("⠋ Working");
        clock.advance(500);
        tracker.titleSet("something else");
        tracker.terminalExited();
        clock.advance(1000);
        tracker.titleSet("after exit");
        clock.advance(1000);
        assertThat(events).containsExactly(title("Working", Activity.WORKING), Optional.empty());
        assertThat(tracker.current()).isEmpty();
    }

    @Test
    void exitWithoutATitleMakesNoEvent() {
        tracker.terminalExited();
        assertThat(events).isEmpty();
    }

    @ParameterizedTest(name = "\"{0}\" -> \"{1}\" {2}")
    @CsvSource(delimiter = '|', nullValues = "-", value = {
        "⠋ Building           | Building            | WORKING",
        "◒ Thinking           | Thinking            | WORKING",
        "✳ Claude Code        | Claude Code         | IDLE",
        "· Waiting            | Waiting             | -",
        "✢ Musing             | Musing              | -",
        "✶ Pondering          | Pondering           | -",
        "✻ Reticulating       | Reticulating        | -",
        "✽ Spelunking         | Spelunking          | -",
        "npm ⠴ install        | npm ⠴ install       | WORKING",
        "⠋⠙ two glyphs        | ⠋⠙ two glyphs       | WORKING",
        "⠋no space            | ⠋no space           | WORKING",
        "vim ~/notes.txt      | vim ~/notes.txt     | -",
        "★ starred            | ★ starred           | -",
        "a⠋b mixed word       | a⠋b mixed word      | -",
        "✳✳ double            | ✳✳ double           | IDLE"})
    void rawTitlesAreReadAsSpecified(String raw, String shown, Activity activity) {
        assertThat(LiveTitle.fromRaw(raw.strip())).isEqualTo(title(shown.strip(), activity));
    }

    @Test
    void aGlyphAloneOrAnEmptyTitleIsNoTitle() {
        assertThat(LiveTitle.fromRaw("")).isEmpty();
        assertThat(LiveTitle.fromRaw("⠋ ")).isEmpty();
    }
}
