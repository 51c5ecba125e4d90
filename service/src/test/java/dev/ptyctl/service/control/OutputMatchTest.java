package dev.ptyctl.service.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ptyctl.service.output.OutputLog;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code pty/wait}'s {@code since}: the texts looked for in the output as it arrives, a look after each chunk, as the
 * wait does. A look reads only the new text and the end of the old that a match may span.
 */
class OutputMatchTest {
    private final OutputLog log = new OutputLog(64 << 20);

    private void print(String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        log.output(bytes, 0, bytes.length, log.nextSeq() + bytes.length);
    }

    /** One look, as the wait takes after each chunk. */
    private static Optional<OutputMatch.Hit> look(OutputMatch match, OutputLog log) {
        match.advance(log.nextSeq(), List.of());
        return match.find(System.nanoTime() + TimeUnit.SECONDS.toNanos(30));
    }

    private static ScreenPatterns regex(String... expressions) {
        return new ScreenPatterns(List.of(expressions).stream()
                .map(e -> new ScreenPatterns.Entry(e, Pattern.compile(e, Pattern.MULTILINE))).toList());
    }

    @Test
    void aWaitOnALongStreamThatNeverMatchesCostsInProportionToTheStream() {
        // seq's output, 8 MiB in 4 KiB chunks, while a wait for a prompt that never comes looks after each chunk.
        // Reading everything since the offset again per look read 2,048 × 4 MiB on average.
        OutputMatch match = new OutputMatch(log, 0, new ScreenPatterns(List.of(
                new ScreenPatterns.Entry("[#%] NEVER", Pattern.compile("[#%] NEVER", Pattern.MULTILINE)),
                new ScreenPatterns.Entry("never comes", null))));
        StringBuilder chunk = new StringBuilder();
        for (int n = 1; log.nextSeq() < 8 << 20; n++) {
            chunk.append(n).append('\n');
            if (chunk.length() >= 4096) {
                print(chunk.toString());
                chunk.setLength(0);
                assertThat(look(match, log)).isEmpty();
            }
        }
        // Counted, not timed: each look searches its new text and the end of the old that a match may span (16 KiB
        // for an expression), about 20,000 characters, 42 million in all.
        assertThat(match.searched()).as("characters searched over 2,048 looks at 8 MiB").isPositive()
                .isLessThan(8L * (8 << 20));
    }

    @Test
    void aSearchCutShortByItsBudgetIsAnErrorNamingTheExpressionAndNeverMovesPastTextItNeverRead() {
        // (.*a){20}b backtracks for ever over a line of a's without a b: the look runs out of its budget (1 s, as the
        // wait's timeout is 0) at the first line, never reading the 40,000 characters after it.
        OutputMatch match = new OutputMatch(log, 0, regex("(.*a){20}b"));
        print("a".repeat(64) + "\n" + "y".repeat(40_000));
        match.advance(log.nextSeq(), List.of());
        assertThatThrownBy(() -> match.find(System.nanoTime())).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("the regular expression (.*a){20}b searched 40065 characters of output for ")
                .hasMessageContaining("backtracks");
        assertThat(match.continueAt()).as("never past what the cut search did not read").isZero();
    }

    @Test
    @Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD) // before, the look searched until the wait's deadline: 10 minutes
    void aRunawaySearchIsCutWithinSecondsWhateverTheWaitsTimeout() {
        OutputMatch match = new OutputMatch(log, 0, regex("(.*a){20}b"));
        print("a".repeat(64) + "\n");
        match.advance(log.nextSeq(), List.of());
        long start = System.nanoTime();
        assertThatThrownBy(() -> match.find(start + TimeUnit.MINUTES.toNanos(10)))
                .isInstanceOf(DeadlineText.SearchCut.class);
        assertThat(TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start)).as("a 10-minute wait's look")
                .isBetween(4L, 30L);
    }

    @Test
    void aSubstringSplitBetweenTwoLooksIsFoundAndTheNextWaitGoesOnJustAfterIt() {
        OutputMatch match = new OutputMatch(log, 0, new ScreenPatterns(List.of(
                new ScreenPatterns.Entry("Password: ", null))));
        print("x".repeat(100_000) + "Pass");
        assertThat(look(match, log)).isEmpty();
        print("word: typed");
        OutputMatch.Hit hit = look(match, log).orElseThrow();
        assertThat(hit.found().text()).isEqualTo("Password: ");
        assertThat(hit.nextSeq()).isEqualTo(100_000 + "Password: ".length());
    }

    @Test
    void theOffsetAfterAMatchCountsTheBytesOfEscapesCarriageReturnsAndWideCharacters() {
        OutputMatch match = new OutputMatch(log, 0, regex("Pass\\w+: "));
        String before = "\u001b[1;31mé€\r\n\u001b]0;title\u0007日本\r\n\u001b[0mPass";
        print(before);
        assertThat(look(match, log)).isEmpty();
        print("word: typed");
        OutputMatch.Hit hit = look(match, log).orElseThrow();
        assertThat(hit.found().text()).isEqualTo("Password: ");
        assertThat(hit.nextSeq()).isEqualTo(before.getBytes(StandardCharsets.UTF_8).length + "word: ".length());
    }

    @Test
    void aLineRedrawnAfterACarriageReturnIsALineOfItsOwnAndAMatchEndingAtTheBreakConsumesNoMore() {
        // A progress line redrawn with CR: each drawing is a line, as terminal_wait's sinceSeq reads it, so ^ and $
        // match at its ends and "100%" does not run into "10%" ("10%100%" while CRs were dropped).
        print("\u001b[?25l  10%\r\u001b[K 100%\r\n");
        OutputMatch.Hit whole = look(new OutputMatch(log, 0, regex("^ *100%$")), log).orElseThrow();
        assertThat(whole.found().text()).isEqualTo(" 100%");
        OutputMatch.Hit first = look(new OutputMatch(log, 0, regex("\\d+%\\s")), log).orElseThrow();
        assertThat(first.found().text()).isEqualTo("10%\n");
        // The line break is the CR's: the next wait starts right after it and still sees the whole next drawing.
        assertThat(first.nextSeq()).isEqualTo("\u001b[?25l  10%\r".length());
        assertThat(look(new OutputMatch(log, first.nextSeq(), regex("^ 100%$")), log)).isPresent();
    }

    @Test
    void aLongMatchThatBeginsWhereTheLookBeganStartsWithAWholeCharacter() {
        // An emoji is two chars; the a's after it put the reach's start on its second half.
        OutputMatch match = new OutputMatch(log, 0, regex("[\\x{1F600}\\uDE00]a*X"));
        print("a".repeat(10) + "\ud83d\ude00" + "a".repeat(ScreenPatterns.REGEX_REACH - 1));
        assertThat(look(match, log)).isEmpty();
        print("X");
        String found = look(match, log).orElseThrow().found().text();
        assertThat(found.codePointAt(0)).as("the emoji, not half of it").isEqualTo(0x1F600);
    }

    @Test
    void anExpressionSpanningManyLooksIsFoundWhole() {
        OutputMatch match = new OutputMatch(log, 0, regex("BEGIN([^E]*)END"));
        print("BEGIN");
        for (int i = 0; i < 100; i++) {
            print("0123456789".repeat(10));
            assertThat(look(match, log)).isEmpty();
        }
        print("END");
        OutputMatch.Hit hit = look(match, log).orElseThrow();
        assertThat(hit.found().groups().getFirst()).hasValue("0123456789".repeat(1000));
    }

    @Test
    void whatAnExpressionLooksBackAtStillCountsAfterTheOldTextIsDropped() {
        // ^ anchors at a line start, not where the kept text begins; a lookbehind and \b read the text before a look.
        OutputMatch anchored = new OutputMatch(log, 0, regex("^Prompt>", "(?<=user )\\w+!", "\\bgo\\b"));
        print("x".repeat(ScreenPatterns.REGEX_REACH * 3));
        assertThat(look(anchored, log)).isEmpty();
        print("Prompt> ugo user ");
        assertThat(look(anchored, log)).as("mid-line, after a word, after a word character").isEmpty();
        print("x".repeat(ScreenPatterns.REGEX_REACH * 3));
        assertThat(look(anchored, log)).isEmpty();
        print("\nPrompt>");
        assertThat(look(anchored, log).orElseThrow().found().index()).isZero();

        OutputMatch behind = new OutputMatch(log, log.nextSeq(), regex("(?<=user )\\w+!"));
        OutputMatch word = new OutputMatch(log, log.nextSeq(), regex("\\bgo\\b"));
        print("y".repeat(ScreenPatterns.REGEX_REACH * 3) + " user ");
        assertThat(look(behind, log)).isEmpty();
        print("root!");
        assertThat(look(behind, log).orElseThrow().found().text()).isEqualTo("root!");
        print("z".repeat(ScreenPatterns.REGEX_REACH * 3));
        assertThat(look(word, log)).isEmpty();
        print("go ");
        assertThat(look(word, log)).as("zgo").isEmpty();
        print("go");
        assertThat(look(word, log).orElseThrow().found().text()).isEqualTo("go");
    }

    /**
     * A wait from a seq inside an escape sequence or a character (a write's outputSeq taken while the program prints:
     * the PTY's reads end anywhere) sees the output from the next boundary on, as if it had started there: none of the
     * sequence's bytes as text, no replacement mark for half a character, and ^ where the text begins.
     */
    @Test
    void aWaitStartingInsideAnEscapeSequenceReadsNoneOfItsBytes() {
        String colour = "\u001b[38;5;196m";
        print("$ " + colour);
        print("ERROR: disk full\u001b[0m\r\n");
        for (int inside = 3; inside < 2 + colour.length(); inside++) {
            OutputMatch.Hit hit = look(new OutputMatch(log, inside, regex("^\\S+", "196m", "5;")), log).orElseThrow();
            assertThat(hit.found().text()).as("from seq %d", inside).isEqualTo("ERROR:");
            assertThat(hit.nextSeq()).isEqualTo(2 + colour.length() + "ERROR:".length());
        }
    }

    @Test
    void aWaitStartingInsideATitleOrAtItsFirstByteBeforeItArrivesSkipsTheTitle() {
        print("\u001b]0;build: make all\u0007");
        OutputMatch title = new OutputMatch(log, 6, regex("make", "^\\$ "));
        OutputMatch pending = new OutputMatch(log, log.nextSeq(), regex("^\\d+m", "^ok"));
        print("\u001b[3"); // the rest of this sequence comes with the next read
        OutputMatch split = new OutputMatch(log, log.nextSeq(), regex("^\\d*m", "^ok"));
        assertThat(look(split, log)).isEmpty();
        print("1mok\u001b[0m\r\n$ ");
        assertThat(look(title, log).orElseThrow().found().index()).as("the prompt, not the title's words").isEqualTo(1);
        assertThat(look(pending, log).orElseThrow().found().text()).isEqualTo("ok");
        assertThat(look(split, log).orElseThrow().found().text()).isEqualTo("ok");
    }

    @Test
    void aWaitStartingInsideACharacterBeginsWithTheNextWholeCharacter() {
        print("日本語 ok\r\n");
        for (int inside : new int[] {1, 2, 4}) {
            OutputMatch.Hit hit = look(new OutputMatch(log, inside, regex("^.+")), log).orElseThrow();
            assertThat(hit.found().text()).as("from seq %d", inside).isEqualTo(inside < 3 ? "本語 ok" : "語 ok");
        }
    }

    @Test
    void aWaitGoingOnWhereAnotherLeftOffFindsATextSplitBetweenThemAndNoLineStartWhereItBegins() {
        ScreenPatterns done = new ScreenPatterns(List.of(new ScreenPatterns.Entry("DONE", null)));
        OutputMatch first = new OutputMatch(log, 0, done);
        print("x".repeat(1000) + "DO");
        assertThat(look(first, log)).isEmpty();
        print("NE");
        OutputMatch.Hit hit = look(new OutputMatch(log, 0, first.continueAt(), done), log).orElseThrow();
        assertThat(hit.found().text()).isEqualTo("DONE");
        assertThat(hit.nextSeq()).isEqualTo(1004);

        // An expression's wait leaves off 16,384 characters before the end, here at "NEXT" in mid-line: the wait that
        // goes on from there does not take it for a line start, as a wait from that offset would.
        long start = log.nextSeq();
        OutputMatch anchored = new OutputMatch(log, start, regex("^NEXT"));
        print("y".repeat(50_000) + "NEXT" + "z".repeat(ScreenPatterns.REGEX_REACH - 4));
        assertThat(look(anchored, log)).isEmpty();
        long continueAt = anchored.continueAt();
        assertThat(continueAt).isEqualTo(start + 50_000);
        OutputMatch goesOn = new OutputMatch(log, start, continueAt, regex("^NEXT"));
        assertThat(look(goesOn, log)).isEmpty();
        assertThat(look(new OutputMatch(log, continueAt, regex("^NEXT")), log)).isPresent();
        print("\nNEXT");
        assertThat(look(goesOn, log).orElseThrow().nextSeq()).isEqualTo(log.nextSeq());
    }
}
