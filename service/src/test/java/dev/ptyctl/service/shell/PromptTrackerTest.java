package dev.ptyctl.service.shell;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.protocol.ProcessExit;
import dev.ptyctl.service.pty.ScreenState;
import dev.ptyctl.service.shell.PromptTracker.State;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The OSC 133 marks in a raw stream, however the reads split it. */
class PromptTrackerTest {
    private static final String A = "\u001b]133;A\u0007";
    private static final String B = "\u001b]133;B\u0007";
    private static final String C = "\u001b]133;C\u0007";

    private static String d(int code) {
        return "\u001b]133;D;" + code + "\u0007";
    }

    /** Feeds {@code text} in pieces of {@code chunk} bytes (0 = whole), numbering bytes from {@code startSeq}. */
    private static void feed(PromptTracker tracker, String text, int chunk, long[] seq) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        int step = chunk == 0 ? Math.max(1, bytes.length) : chunk;
        for (int off = 0; off < bytes.length; off += step) {
            int len = Math.min(step, bytes.length - off);
            seq[0] += len;
            tracker.output(bytes, off, len, seq[0]);
        }
    }

    @ParameterizedTest(name = "chunks of {0}")
    @ValueSource(ints = {0, 1, 2, 3, 7, 11})
    void aCommandsOutputAndExitCodeAreKeptWhateverTheSplit(int chunk) {
        PromptTracker tracker = new PromptTracker(true);
        long[] seq = {0};
        feed(tracker, A + "$ " + B, chunk, seq);
        assertThat(tracker.state()).isEqualTo(State.AT_PROMPT);
        // Output with CSI sequences, and a stray ESC right before the mark: it belongs to the output.
        String output = "a\r\n\u001b[1;31mb\u001b[0m\u001b[K\r\n\u001b";
        feed(tracker, "printf 'a\\nb\\n'\r\n" + C + output, chunk, seq);
        assertThat(tracker.state()).isEqualTo(State.RUNNING);
        feed(tracker, d(3) + A + "$ " + B, chunk, seq);

        assertThat(tracker.state()).isEqualTo(State.AT_PROMPT);
        PromptTracker.CommandRecord command = tracker.lastCommand().orElseThrow();
        assertThat(new String(command.outputBytes(), StandardCharsets.UTF_8)).isEqualTo(output);
        assertThat(command.exitCode()).hasValue(3);
        String before = A + "$ " + B + "printf 'a\\nb\\n'\r\n" + C;
        assertThat(command.outputStartSeq()).isEqualTo(before.length());
        assertThat(command.outputEndSeq()).isEqualTo(before.length() + output.length());
        assertThat(tracker.lastPromptSeq()).isEqualTo(seq[0]);
    }

    @Test
    void throughTheScreenWhichPassesOverChunksWithoutAnOscTheCommandsAreWhatEveryByteScannedGives() {
        // The screen tells its listeners whether the emulator began an OSC in a chunk; the tracker then scans only
        // those (and any that ends with an ESC, or comes while a mark is under way). Whatever the split, it must
        // keep what a tracker that scans every byte keeps: the marks, each command's output captured whole and its
        // offsets, and the end of the output where the shell's exit ends a running command.
        String output = "a\r\n\u001b[1;31mb\u001b[0m\u001b[K\u001b]0;title\u0007 \u001b";
        String session = A + "$ " + B + "ls\r\n" + C + output.repeat(30) + d(2) + A + "$ " + B + "\u001b[Hcat\r\n"
                + C + "x".repeat(500) + "\u001b]633;E;ls\u0007" + "y\u001b\r\n".repeat(40) + d(0) + A + "$ " + B
                + "exit\r\n" + C + "z\r\n".repeat(50) + "exit\r\n";
        byte[] bytes = session.getBytes(StandardCharsets.UTF_8);
        PromptTracker everyByte = new PromptTracker(true, Optional.of("exit"));
        everyByte.output(bytes, 0, bytes.length, bytes.length);
        everyByte.ended(ProcessExit.exited(0));
        Random random = new Random(20);
        for (int round = 0; round < 50; round++) {
            PromptTracker tracker = new PromptTracker(true, Optional.of("exit"));
            ScreenState screen = new ScreenState(80, 24, 100, false);
            screen.addOutputListener(tracker);
            for (int from = 0; from < bytes.length; ) {
                int length = Math.min(bytes.length - from, 1 + random.nextInt(64));
                screen.feed(bytes, from, length);
                from += length;
            }
            screen.markExited(ProcessExit.exited(0));
            assertThat(tracker.recentCommands()).as("round %d", round).isEqualTo(everyByte.recentCommands());
            assertThat(describe(tracker.lastCommand().orElseThrow())).as("round %d", round)
                    .isEqualTo(describe(everyByte.lastCommand().orElseThrow()));
            assertThat(tracker.inputRegions()).isEqualTo(everyByte.inputRegions());
        }
    }

    @Test
    void marksAmongStringsAbortedSequencesAndCutCharactersInRandomChunksAreWhatEveryByteScannedGives() {
        // Marks next to what could make the emulator's count of OSCs begun and the tracker's scanner disagree: marks
        // inside DCS and APC strings and unfinished CSIs, marks that CAN or SUB abort, the C1 OSC, characters cut
        // short before an ESC, bare ESCs and brackets at chunk ends. Each chunk goes through the screen (which lets
        // the tracker pass over it) and, the same chunk, straight to a tracker that scans every byte.
        String[] pieces = {A, "$ ", B, "ls -l\r\n", C, d(0), d(7), "\u001b]633;E;ls -l\u0007", "\u001b]633;F\u0007",
            "out\r\n", "\u001b[1;31mred\u001b[0m", "\u001b", "]", "\u001b]", "133;", "\u0007", "\u001b\\",
            "\u001bP1$r" + C, "\u001b_apc" + d(3), "\u001b[1;2" + A, "\u001b]133;D;1\u0018", "\u001b]133;C\u001a",
            "\u009d133;A\u0007", "\u00e9", "\u001b]0;title", "\u001b\r" + B};
        Random random = new Random(1733);
        for (int round = 0; round < 400; round++) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            for (int n = random.nextInt(80); n > 0; n--) {
                out.writeBytes(pieces[random.nextInt(pieces.length)].getBytes(StandardCharsets.UTF_8));
                if (random.nextInt(10) == 0) {
                    out.write(0xE2); // the first byte of a character that never comes
                }
            }
            byte[] bytes = out.toByteArray();
            PromptTracker everyByte = new PromptTracker(true);
            PromptTracker tracker = new PromptTracker(true);
            ScreenState screen = new ScreenState(80, 24, 100, false);
            screen.addOutputListener(tracker);
            int maxChunk = random.nextBoolean() ? 3 : 48;
            for (int from = 0; from < bytes.length; ) {
                int length = Math.min(bytes.length - from, 1 + random.nextInt(maxChunk));
                screen.feed(bytes, from, length);
                everyByte.output(bytes, from, length, from + length);
                from += length;
            }
            boolean exits = random.nextBoolean();
            if (exits) {
                screen.markExited(ProcessExit.exited(2));
                everyByte.ended(ProcessExit.exited(2));
            }
            String as = "round " + round + ": " + HexFormat.of().formatHex(bytes);
            assertThat(tracker.recentCommands()).as(as).isEqualTo(everyByte.recentCommands());
            assertThat(tracker.lastCommand().map(PromptTrackerTest::describe)).as(as)
                    .isEqualTo(everyByte.lastCommand().map(PromptTrackerTest::describe));
            assertThat(tracker.runningCommand()).as(as).isEqualTo(everyByte.runningCommand());
            assertThat(tracker.inputRegions()).as(as).isEqualTo(everyByte.inputRegions());
            assertThat(tracker.state()).as(as).isEqualTo(everyByte.state());
            assertThat(tracker.lastPromptSeq()).as(as).isEqualTo(everyByte.lastPromptSeq());
            assertThat(tracker.promptsDrawn()).as(as).isEqualTo(everyByte.promptsDrawn());
        }
    }

    private static String describe(PromptTracker.CommandRecord command) {
        return command.outputStartSeq() + ".." + command.outputEndSeq() + " " + command.exitCode() + " "
                + command.commandLine() + " " + new String(command.outputBytes(), StandardCharsets.UTF_8);
    }

    @Test
    void marksEndedByStringTerminatorCountToo() {
        PromptTracker tracker = new PromptTracker(true);
        long[] seq = {0};
        feed(tracker, "\u001b]133;C\u001b\\out\u001b]133;D;0\u001b\\\u001b]133;A\u001b\\$ \u001b]133;B\u001b\\", 1, seq);
        assertThat(tracker.lastCommand().orElseThrow().exitCode()).hasValue(0);
        assertThat(tracker.lastCommand().orElseThrow().outputBytes()).asString(StandardCharsets.UTF_8)
                .isEqualTo("out");
        assertThat(tracker.state()).isEqualTo(State.AT_PROMPT);
    }

    @Test
    void aProgramWithoutIntegrationHasVisiblePromptsOnlyOnceItSendsAMarkOfItsOwn() {
        PromptTracker tracker = new PromptTracker(false);
        long[] seq = {0};
        feed(tracker, "plain text \u001b]0;a title\u0007 and \u001b]7;file://h/tmp\u0007", 0, seq);
        assertThat(tracker.promptsVisible()).isFalse();
        assertThat(PromptTracker.whyPromptsUnseen(tracker)).get().asString()
                .contains("no shell integration marks have been seen");
        feed(tracker, A + "$ " + B, 0, seq);
        assertThat(tracker.promptsVisible()).isTrue();
        assertThat(PromptTracker.whyPromptsUnseen(tracker)).isEmpty();
        assertThat(new PromptTracker(true).promptsVisible()).as("integrated: marks will come").isTrue();
        assertThat(PromptTracker.whyPromptsUnseen(null)).get().asString().contains("turned off");
    }

    @Test
    void everyCommandOfOneInputIsKeptWithItsOutputAndCode() {
        PromptTracker tracker = new PromptTracker(true);
        long[] seq = {0};
        feed(tracker, A + "$ " + B, 0, seq);
        long typed = seq[0];
        feed(tracker, "echo one\r\n" + C + "one\r\n" + d(0) + C + d(1) + C + "three\r\n" + C + "four\r\n" + d(4)
                + A + "$ " + B, 1, seq);
        assertThat(tracker.commandsAfter(typed)).extracting(c -> new String(c.outputBytes(), StandardCharsets.UTF_8),
                c -> c.exitCode().isPresent() ? c.exitCode().getAsInt() : -1).containsExactly(
                org.assertj.core.groups.Tuple.tuple("one\r\n", 0), org.assertj.core.groups.Tuple.tuple("", 1),
                org.assertj.core.groups.Tuple.tuple("three\r\n", -1), // ended by the next C, without a D
                org.assertj.core.groups.Tuple.tuple("four\r\n", 4));
        assertThat(tracker.lastCommand().orElseThrow().exitCode()).hasValue(4);
        assertThat(tracker.commandsAfter(seq[0])).isEmpty();
    }

    @Test
    void withoutMarksTheStateStaysUnknown() {
        PromptTracker tracker = new PromptTracker(true);
        long[] seq = {0};
        feed(tracker, "bash-5.2$ ls\r\nfile\r\n\u001b]0;title\u0007\u001b]1330;A\u0007\u001b]13;A\u0007", 0, seq);
        assertThat(tracker.state()).isEqualTo(State.UNKNOWN);
        assertThat(tracker.lastCommand()).isEmpty();
        assertThat(tracker.lastPromptSeq()).isEqualTo(-1);
    }

    @Test
    void aCommandHasStartedAfterAnOffsetOnceItsCMarkComesAfterItAndStaysStartedWhenItEnds() {
        PromptTracker tracker = new PromptTracker(true);
        long[] seq = {0};
        feed(tracker, A + B + "sleep 30", 0, seq);
        long typed = seq[0];
        assertThat(tracker.commandStartedAfter(-1)).as("no command yet").isFalse();
        feed(tracker, "\r\n", 0, seq);
        assertThat(tracker.commandStartedAfter(typed)).as("echoed, not started").isFalse();
        feed(tracker, C, 0, seq);
        assertThat(tracker.commandStartedAfter(typed)).isTrue();
        feed(tracker, "^C" + d(130) + A + B, 0, seq);
        assertThat(tracker.commandStartedAfter(typed)).as("it ended, but it did start").isTrue();
        assertThat(tracker.commandStartedAfter(seq[0])).as("nothing since").isFalse();
    }

    @Test
    void aDWithoutACIsNoCommandAndAPromptWithoutDEndsTheRun() {
        PromptTracker tracker = new PromptTracker(true);
        long[] seq = {0};
        feed(tracker, A + B + d(0) + A + B, 0, seq);
        assertThat(tracker.lastCommand()).isEmpty();
        feed(tracker, C + "interrupted^C" + A + B, 0, seq); // no D: the shell lost track, the prompt is back
        assertThat(tracker.state()).isEqualTo(State.AT_PROMPT);
        assertThat(tracker.lastCommand()).isEmpty();
    }

    @Test
    void hugeOutputIsCappedAndFlagged() {
        PromptTracker tracker = new PromptTracker(true);
        long[] seq = {0};
        feed(tracker, C, 0, seq);
        byte[] big = new byte[PromptTracker.MAX_CAPTURE_BYTES + 1000];
        java.util.Arrays.fill(big, (byte) 'x');
        seq[0] += big.length;
        tracker.output(big, 0, big.length, seq[0]);
        feed(tracker, d(0), 0, seq);
        PromptTracker.CommandRecord command = tracker.lastCommand().orElseThrow();
        assertThat(command.truncated()).isTrue();
        assertThat(command.outputBytes()).hasSize(PromptTracker.MAX_CAPTURE_BYTES);
    }

    @Test
    void randomNoiseAroundTheMarksDoesNotConfuseTheScanner() {
        Random random = new Random(133);
        for (int round = 0; round < 200; round++) {
            StringBuilder noise = new StringBuilder();
            for (int i = 0; i < 50; i++) {
                noise.append(random.nextBoolean() ? "\u001b]" : (char) (0x20 + random.nextInt(90)));
            }
            PromptTracker tracker = new PromptTracker(true);
            long[] seq = {0};
            feed(tracker, noise + A + B + "cmd" + C + "result" + d(round % 256) + A + B, 1 + random.nextInt(5), seq);
            assertThat(tracker.lastCommand().orElseThrow().exitCode()).as("round %d", round).hasValue(round % 256);
            assertThat(tracker.lastCommand().orElseThrow().outputBytes()).asString(StandardCharsets.UTF_8)
                    .isEqualTo("result");
        }
    }

    @Test
    void marksAreFoundAtEveryOffsetInsideLongReads() {
        for (int pad = 0; pad < 24; pad++) {
            PromptTracker tracker = new PromptTracker(true);
            long[] seq = {0};
            String text = "x".repeat(pad) + "[]\u001b[1m]" + A + B + "cmd" + C + "out]put" + d(pad) + A + B;
            feed(tracker, text, 0, seq);
            assertThat(tracker.lastCommand().orElseThrow().exitCode()).as("pad %d", pad).hasValue(pad);
            assertThat(tracker.lastCommand().orElseThrow().outputBytes()).asString(StandardCharsets.UTF_8)
                    .isEqualTo("out]put");
            assertThat(tracker.state()).isEqualTo(State.AT_PROMPT);
        }
    }

    private static String e(String escapedLine) {
        return "\u001b]633;E;" + escapedLine + "\u0007";
    }

    @ParameterizedTest(name = "chunks of {0}")
    @ValueSource(ints = {0, 1, 5})
    void theCommandLineOfOsc633EIsKeptUnescapedWithTheCommand(int chunk) {
        PromptTracker tracker = new PromptTracker(true);
        long[] seq = {0};
        feed(tracker, A + "$ " + B + "echo 'a;b' \\\r\n" + e("echo 'a\\x3bb' \\\\\\x0aünï") + C, chunk, seq);
        assertThat(tracker.runningCommand().orElseThrow().commandLine()).hasValue("echo 'a;b' \\\nünï");
        assertThat(tracker.runningCommand().orElseThrow().running()).isTrue();
        feed(tracker, "a;b\r\n" + d(0) + A + "$ " + B, chunk, seq);

        assertThat(tracker.runningCommand()).isEmpty();
        assertThat(tracker.lastCommand().orElseThrow().commandLine()).hasValue("echo 'a;b' \\\nünï");
        PromptTracker.CommandSummary summary = tracker.recentCommands().getLast();
        assertThat(summary.commandLine()).hasValue("echo 'a;b' \\\nünï");
        assertThat(summary.exitCode()).hasValue(0);
        assertThat(summary.outputEndSeq() - summary.outputStartSeq()).isEqualTo("a;b\r\n".length());
    }

    @Test
    void aFieldAfterTheCommandLineIsIgnoredAndALineOnlyBelongsToItsOwnPrompt() {
        PromptTracker tracker = new PromptTracker(true);
        long[] seq = {0};
        feed(tracker, A + B + e("ls -l;nonce123") + C + d(0), 0, seq);
        assertThat(tracker.lastCommand().orElseThrow().commandLine()).hasValue("ls -l");
        // An E that was never followed by its C (the line was abandoned) is not the next command's line.
        feed(tracker, A + B + e("abandoned") + A + B + C + d(1), 0, seq);
        assertThat(tracker.lastCommand().orElseThrow().commandLine()).isEmpty();
        assertThat(tracker.lastCommand().orElseThrow().exitCode()).hasValue(1);
    }

    @Test
    void recentCommandsKeepTheLastFiftyOldestFirstIncludingOnesEndedByAPrompt() {
        PromptTracker tracker = new PromptTracker(true);
        long[] seq = {0};
        for (int i = 0; i < PromptTracker.MAX_RECENT_COMMANDS + 5; i++) {
            feed(tracker, A + B + e("cmd " + i) + C + "out" + d(i % 3), 0, seq);
        }
        feed(tracker, A + B + e("sleep 9") + C + "^C" + A + B, 0, seq); // interrupted: no D
        var recent = tracker.recentCommands();
        assertThat(recent).hasSize(PromptTracker.MAX_RECENT_COMMANDS);
        assertThat(recent.getFirst().commandLine()).hasValue("cmd 6");
        assertThat(recent.get(recent.size() - 2).commandLine()).hasValue("cmd 54");
        assertThat(recent.getLast().commandLine()).hasValue("sleep 9");
        assertThat(recent.getLast().exitCode()).isEmpty();
        assertThat(recent.getLast().running()).isFalse();
    }

    @Test
    void aCommandLineTooLongToKeepLeavesTheCommandWithoutOne() {
        PromptTracker tracker = new PromptTracker(true);
        long[] seq = {0};
        feed(tracker, A + B + e("x".repeat(20_000)) + C + d(0), 0, seq);
        assertThat(tracker.lastCommand().orElseThrow().commandLine()).isEmpty();
        assertThat(tracker.lastCommand().orElseThrow().exitCode()).hasValue(0);
    }

    @Test
    void aPromptRedrawnWithoutAnAIsNotANewPrompt() {
        PromptTracker tracker = new PromptTracker(true);
        long[] seq = {0};
        feed(tracker, A + "$ " + B, 0, seq);
        long prompt = tracker.lastPromptSeq();
        feed(tracker, "\u001b[A\r$ " + B + "for i in 1 2\r\n", 0, seq); // readline redraws after a paste
        assertThat(tracker.lastPromptSeq()).isEqualTo(prompt);
        feed(tracker, e("for i in 1 2") + C + "1\r\n" + d(0) + A + "$ ", 0, seq);
        assertThat(tracker.lastPromptSeq()).as("not ready before the prompt is drawn").isEqualTo(prompt);
        feed(tracker, B, 0, seq);
        assertThat(tracker.lastPromptSeq()).isEqualTo(seq[0]);
    }

    @Test
    void aShellThatSendsOnlyBHasEveryBCounted() {
        PromptTracker tracker = new PromptTracker(true);
        long[] seq = {0};
        feed(tracker, "$ " + B, 0, seq);
        assertThat(tracker.lastPromptSeq()).isEqualTo(seq[0]);
        feed(tracker, "x" + B, 0, seq);
        assertThat(tracker.lastPromptSeq()).isEqualTo(seq[0]);
    }

    @Test
    void aCommandDuringWhichTheShellExitsByItselfEndedItWithTheShellsStatus() {
        PromptTracker tracker = new PromptTracker(true);
        long[] seq = {0};
        feed(tracker, A + "$ " + B + "true\r\n" + C + d(0) + A + "$ " + B + "echo x; exit 7\r\n" + C + "x\r\nexit\r\n",
                0, seq);
        tracker.ended(ProcessExit.exited(7)); // bash and zsh: no D for the exit

        assertThat(tracker.state()).isEqualTo(State.EXITED);
        assertThat(tracker.runningCommand()).isEmpty();
        PromptTracker.CommandRecord command = tracker.lastCommand().orElseThrow();
        assertThat(command.endedShell()).isTrue();
        assertThat(command.exitCode()).hasValue(7);
        assertThat(new String(command.outputBytes(), StandardCharsets.UTF_8)).isEqualTo("x\r\nexit\r\n");
        assertThat(command.outputEndSeq()).isEqualTo(seq[0]);
        assertThat(tracker.lastExitCode()).hasValue(7);
        assertThat(tracker.recentCommands().getLast().endedShell()).isTrue();
    }

    @Test
    void bashsOwnExitLineIsNotTheOutputOfTheCommandThatEndedIt() {
        PromptTracker tracker = new PromptTracker(true, Optional.of("exit"));
        long[] seq = {0};
        feed(tracker, A + "$ " + B + "echo exit; exit 7\r\n" + C + "exit\r\nexit\r\n", 0, seq);
        tracker.ended(ProcessExit.exited(7));

        PromptTracker.CommandRecord command = tracker.lastCommand().orElseThrow();
        assertThat(new String(command.outputBytes(), StandardCharsets.UTF_8)).isEqualTo("exit\r\n");
        assertThat(command.outputEndSeq()).isEqualTo(seq[0] - "exit\r\n".length());
        assertThat(tracker.recentCommands().getLast().outputEndSeq()).isEqualTo(command.outputEndSeq());

        PromptTracker unfinishedLine = new PromptTracker(true, Optional.of("exit"));
        feed(unfinishedLine, A + "$ " + B + "printf x; exit 7\r\n" + C + "xexit\r\n", 0, new long[] {0});
        unfinishedLine.ended(ProcessExit.exited(7));
        assertThat(new String(unfinishedLine.lastCommand().orElseThrow().outputBytes(), StandardCharsets.UTF_8))
                .isEqualTo("x");

        PromptTracker killed = new PromptTracker(true, Optional.of("exit"));
        feed(killed, A + "$ " + B + "echo exit; sleep 9\r\n" + C + "exit\r\n", 0, new long[] {0});
        killed.ended(ProcessExit.killedBy(1)); // a signal: bash said nothing, the line is the command's
        assertThat(new String(killed.lastCommand().orElseThrow().outputBytes(), StandardCharsets.UTF_8))
                .isEqualTo("exit\r\n");
    }

    @Test
    void aCommandWithNoPromptAfterItBeforeTheShellExitedEndedIt() {
        PromptTracker tracker = new PromptTracker(true);
        long[] seq = {0};
        feed(tracker, A + "$ " + B + "exit 3\r\n" + C + d(3), 0, seq); // fish sends the D of its exit
        tracker.ended(ProcessExit.exited(3));
        assertThat(tracker.lastCommand().orElseThrow().endedShell()).isTrue();
        assertThat(tracker.recentCommands().getLast().endedShell()).isTrue();
        assertThat(tracker.lastExitCode()).hasValue(3);

        PromptTracker atPrompt = new PromptTracker(true);
        feed(atPrompt, A + "$ " + B + "true\r\n" + C + d(0) + A + "$ " + B, 0, new long[] {0});
        atPrompt.ended(ProcessExit.exited(0)); // Ctrl-D at the prompt: the command before did not end the shell
        assertThat(atPrompt.lastCommand().orElseThrow().endedShell()).isFalse();
        assertThat(atPrompt.state()).isEqualTo(State.EXITED);
    }

    @Test
    void aCommandASignalToTheShellCutShortGetsItsStatusButDidNotEndIt() {
        PromptTracker tracker = new PromptTracker(true);
        long[] seq = {0};
        feed(tracker, A + "$ " + B + "sleep 60\r\n" + C, 0, seq);
        tracker.ended(ProcessExit.killedBy(1)); // SIGHUP: a close
        PromptTracker.CommandSummary command = tracker.recentCommands().getLast();
        assertThat(command.endedShell()).isFalse();
        assertThat(command.exitCode()).hasValue(129);
        assertThat(tracker.runningCommand()).isEmpty();
    }

    @Test
    void anExitStatusAbove128IsTheShellsOwnExitNotASignal() {
        PromptTracker tracker = new PromptTracker(true);
        long[] seq = {0};
        feed(tracker, A + "$ " + B + "exit 130\r\n" + C + "exit\r\n", 0, seq);
        tracker.ended(ProcessExit.exited(130)); // the same number as a SIGINT's, but the wait status says exited
        PromptTracker.CommandRecord command = tracker.lastCommand().orElseThrow();
        assertThat(command.endedShell()).isTrue();
        assertThat(command.exitCode()).hasValue(130);
    }
}
