package dev.ptyctl.client.dsl;

import dev.ptyctl.client.Action;
import dev.ptyctl.client.Key;
import dev.ptyctl.client.RpcAddress;
import dev.ptyctl.client.RpcClient;
import dev.ptyctl.client.Screen;
import dev.ptyctl.client.Status;
import dev.ptyctl.client.Terminal;
import dev.ptyctl.client.TerminalsClient;
import dev.ptyctl.client.TextPattern;
import dev.ptyctl.client.WaitMatch;
import dev.ptyctl.client.WaitRequest;
import dev.ptyctl.client.WaitResult;
import dev.ptyctl.client.WriteResult;
import dev.ptyctl.client.internal.Durations;
import dev.ptyctl.client.internal.RpcCommandRun;
import dev.ptyctl.protocol.RpcMethod;
import dev.ptyctl.vt.keys.TmuxKeyNames;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * Drives one terminal for a test, fluently: type, press keys, wait, run commands, assert the
 * screen. Built on {@link RpcClient}. Connected with a live view ({@link #connect(TerminalsClient, Terminal, String)},
 * as {@code @WithTerminal} does), it keeps its own copy of the screen, fed by the terminal's output: {@link #screen()},
 * {@link #assertScreen()}, locators, marks and snapshots all read that one copy (after it has caught up with the
 * output written so far), and their waits are woken by that output. {@link #waitFor}, prompts and commands are the
 * server's waits ({@code pty/wait}), after which the copy catches up. Without a live view (a bare JSON-RPC endpoint),
 * the server reads too ({@code pty/read}). Either way, no polling and no sleeping.
 *
 * <pre>{@code
 * try (TerminalDriver terminal = TerminalDriver.connect(RpcAddress.parseHostPort("127.0.0.1:5174"))) {
 *     terminal.waitForPrompt();
 *     terminal.type("make test").press(Key.ENTER)
 *             .waitFor("PASSED", Duration.ofSeconds(30))
 *             .assertScreen().contains("0 failures");
 *     CommandResult ls = terminal.run("ls");
 *     assert ls.exitCode() == 0;
 * }
 * }</pre>
 *
 * <p>Failures are {@link TerminalAssertionError}s whose message shows the screen with row numbers
 * and the cursor. A broken connection or a refused request (an unknown key name, say) is an
 * {@link UncheckedIOException} wrapping the SDK's exception, so test code needs no {@code throws}.
 *
 * <p>{@link #waitForPrompt()} and {@link #run(String)} need shell integration (docs/shell-integration.md), which
 * shells started by {@code ptyctl server} have. Not thread-safe: one driver per test thread.
 */
public final class TerminalDriver implements AutoCloseable {
    /** How long waits take at most unless told otherwise: ample for a program to react, short enough to fail fast. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(10);
    private final RpcClient rpc;
    private final boolean ownsClient;
    /** The attachment-fed copy of the screen, for drivers of a {@code ptyctl server} terminal; null otherwise. */
    private final LiveView live;
    private final SnapshotOwner owner = new SnapshotOwner();
    /** This driver's screen as locators and snapshots see it; null without a live view. */
    private final ScreenSource source;
    private final ServerWaits waits;
    private final CommandRunner commands;
    private final MouseInput mouse = new MouseInput(this);
    /** What the test did with this terminal, and the screens it saw, for its failure report. */
    private final StepLog steps = new StepLog(this::screenPicture);
    private Duration timeout = DEFAULT_TIMEOUT;
    /** The output offset when this driver's last write was applied; -1 before the first. */
    private long lastWriteSeq = -1;

    private TerminalDriver(RpcClient rpc, boolean ownsClient, LiveView live) {
        this.rpc = Objects.requireNonNull(rpc, "rpc");
        this.ownsClient = ownsClient;
        this.live = live;
        this.source = live == null ? null : new LiveSource(this, live, owner);
        this.waits = new ServerWaits(this, rpc);
        this.commands = new CommandRunner(this, rpc);
    }

    private TerminalDriver(RpcClient rpc, boolean ownsClient) {
        this(rpc, ownsClient, null);
    }

    /**
     * Connects to a terminal of {@code ptyctl server} with everything the DSL offers: JSON-RPC to drive it, and a
     * view-only WebSocket attachment that keeps a copy of its screen with styles, so locators, marks, snapshots,
     * {@link #commands()} and failure reports work. {@link #close()} closes both connections; {@code terminals}
     * stays open and the terminal goes on.
     *
     * @param terminals the server's REST client; the JSON-RPC connection is its {@link TerminalsClient#rpc}, with its
     *                  token and TLS context
     * @param terminal  the terminal, as {@link TerminalsClient#create} or {@link TerminalsClient#get} returned it
     * @param token     the server's token for the view's attachment (the one {@code terminals} was built with), or
     *                  {@code null}
     */
    public static TerminalDriver connect(TerminalsClient terminals, Terminal terminal, String token) throws IOException {
        // Through the server's own port, as the attachment: the terminal's own port is on the server's loopback.
        RpcClient rpc = terminals.rpc(terminal.terminalId());
        try {
            return new TerminalDriver(rpc, true, LiveView.open(terminals, terminal, token));
        } catch (IOException | RuntimeException e) {
            rpc.close();
            throw e;
        }
    }

    /** A driver over an open client; {@link #close()} leaves the client open. */
    public static TerminalDriver of(RpcClient rpc) {
        return new TerminalDriver(rpc, false);
    }

    /** Connects to a terminal's JSON-RPC endpoint; {@link #close()} closes the connection. */
    public static TerminalDriver connect(RpcAddress address) throws IOException {
        return new TerminalDriver(RpcClient.connect(address), true);
    }

    /** The client underneath, for anything the DSL does not cover. */
    public RpcClient rpc() {
        return rpc;
    }

    /** Sets the timeout of waits that are given none (default {@link #DEFAULT_TIMEOUT}). */
    public TerminalDriver timeout(Duration defaultTimeout) {
        Objects.requireNonNull(defaultTimeout, "defaultTimeout");
        if (defaultTimeout.isNegative() || defaultTimeout.toMillis() > RpcMethod.MAX_WAIT_TIMEOUT_MS) {
            throw new IllegalArgumentException("timeout must be from 0 to " + RpcMethod.MAX_WAIT_TIMEOUT_MS + " ms: "
                    + defaultTimeout);
        }
        this.timeout = defaultTimeout;
        return this;
    }

    /** Types text as it is (no Enter). */
    public TerminalDriver type(String text) {
        return send(List.of(Action.text(text)), "type(" + StepLog.argument(text) + ")");
    }

    /** Pastes text as a terminal does (see {@link Action#paste}): a multi-line paste reaches a shell as one edit. */
    public TerminalDriver paste(String text) {
        return send(List.of(Action.paste(text)), "paste(" + StepLog.argument(text) + ")");
    }

    /** Types a line: the text, then Enter. */
    public TerminalDriver typeLine(String text) {
        return send(List.of(Action.text(text), Action.key(Key.ENTER)), "typeLine(" + StepLog.argument(text) + ")");
    }

    /**
     * Presses keys in order, by name ({@link Key#ENTER}, {@code Key.ctrl('c')}, {@code "Alt+ArrowUp"}...); tmux's
     * names ({@code "C-b"}, {@code "M-x"}, {@code "S-Tab"}, {@code "BSpace"}, {@code "PPage"}) are taken too, as the
     * CLI and MCP take them.
     */
    public TerminalDriver press(String... keys) {
        if (keys.length == 0) {
            throw new IllegalArgumentException("press needs at least one key");
        }
        List<Action> actions = new ArrayList<>();
        for (String key : keys) {
            actions.add(Action.key(TmuxKeyNames.toKeyName(key)));
        }
        return send(actions, "press(" + String.join(", ", keys) + ")");
    }

    /**
     * Presses one key {@code times} times, in one write: {@code press(Key.ARROW_DOWN, 3)} moves three rows down (as
     * tui-test's {@code keyDown(3)}).
     */
    public TerminalDriver press(String key, int times) {
        Objects.requireNonNull(key, "key");
        if (times < 1) {
            throw new IllegalArgumentException("press presses a key at least once, got " + times + " times");
        }
        return send(Collections.nCopies(times, Action.key(TmuxKeyNames.toKeyName(key))),
                "press(" + key + " x " + times + ")");
    }

    /**
     * Clicks the cell at {@code row}, {@code col} (from 1) with the left button, as the terminal reports a click to
     * the program: in the mouse protocol and encoding the program turned on (SGR, {@code CSI ? 1006 h}, or the
     * default one; a press, then a release). Waits first, at most the default timeout, until the program reports the
     * mouse in an encoding that can carry the cell: one that has just started may not have turned reporting on yet,
     * and one that turns SGR on in a write of its own may report in the default encoding for a moment, which carries
     * columns and rows up to 223 (past 95 as bytes, written with {@code pty/write}'s {@code bytes}). A click that
     * follows another by less than half a second waits for the rest of it: a program reads two presses within its
     * double-click time (tmux's 300 ms, vim's 500 ms) as a double click, which a person's clicks never are by accident
     * ({@link #doubleClick} sends one).
     *
     * @throws TerminalAssertionError when the program does not turn mouse reporting on within the timeout (the message
     *     says how common programs are told to), or keeps an encoding that cannot carry the cell (the default one
     *     beyond column or row 223, SGR pixels)
     * @throws IllegalArgumentException when the cell is outside the screen
     * @throws IllegalStateException for a driver without a live view
     */
    public TerminalDriver click(int row, int col) {
        return click(row, col, MouseButton.LEFT);
    }

    /**
     * Clicks the cell at {@code row}, {@code col} (from 1) with {@code button}: a right click opens a program's
     * context menu or extends vim's selection, a middle click pastes. As {@link #click(int, int)} otherwise.
     */
    public TerminalDriver click(int row, int col, MouseButton button) {
        mouse.at(row, col, MouseInput.Gesture.click(button));
        return this;
    }

    /**
     * Double-clicks the cell at {@code row}, {@code col} (from 1) with the left button: two clicks in one write, as a
     * person's double click reaches a program within its double-click time (vim and tmux select the word). Separate
     * {@link #click} calls are spaced by half a second so that they are never read as one.
     */
    public TerminalDriver doubleClick(int row, int col) {
        mouse.at(row, col, MouseInput.Gesture.doubleClick());
        return this;
    }

    /** Double-clicks the first cell of {@code target}'s match, as {@link #doubleClick(int, int)}; strict. */
    public TerminalDriver doubleClick(Locator target) {
        mouse.on(target, MouseInput.Gesture.doubleClick());
        return this;
    }

    /**
     * A drag with the left button: pressed on the cell at {@code fromRow}, {@code fromCol}, moved with the button held
     * to {@code toRow}, {@code toCol} and released there (all from 1), as the terminal reports it to the program: with
     * button-event or any-event tracking ({@code CSI ? 1002 h}, {@code ?1003}) a motion report for each cell on a
     * straight way between the two, with normal tracking ({@code ?1000}) the press and the release only. Selects text
     * in vim and tmux, moves a pane border or a slider. Waits, as {@link #click(int, int)} does, until the program
     * reports the mouse in a form that can carry the drag; a program in X10 mode (presses only) fails saying so.
     */
    public TerminalDriver drag(int fromRow, int fromCol, int toRow, int toCol) {
        return drag(fromRow, fromCol, toRow, toCol, MouseButton.LEFT);
    }

    /** A drag with {@code button} (see {@link #drag(int, int, int, int)}). */
    public TerminalDriver drag(int fromRow, int fromCol, int toRow, int toCol, MouseButton button) {
        mouse.drag(fromRow, fromCol, toRow, toCol, button);
        return this;
    }

    /**
     * Turns the mouse wheel over the cell at {@code row}, {@code col} (from 1) by {@code lines} notches: down (toward
     * the end of the text, as Playwright's {@code mouse.wheel} with a positive {@code deltaY}) for {@code lines > 0},
     * up for {@code lines < 0}; how far a notch moves is the program's choice (less: {@code --wheel-lines}, vim:
     * {@code mousescroll}). Reported as xterm does (buttons 4 and 5, a press each, in one write), once the program
     * reports the mouse, as {@link #click(int, int)} waits for it; X10 reports ({@code CSI ? 9 h}) carry no wheel.
     *
     * @throws IllegalArgumentException for {@code lines == 0} or a cell outside the screen
     * @throws TerminalAssertionError when the program does not take wheel reports within the timeout
     */
    public TerminalDriver scroll(int row, int col, int lines) {
        mouse.at(row, col, MouseInput.Gesture.scroll(lines));
        return this;
    }

    /** Turns the mouse wheel over the first cell of {@code target}'s match, as {@link #scroll(int, int, int)}; strict. */
    public TerminalDriver scroll(Locator target, int lines) {
        mouse.on(target, MouseInput.Gesture.scroll(lines));
        return this;
    }

    /**
     * Clicks the first cell of {@code target}'s match with the left button, once it has exactly one and the program
     * reports the mouse (see {@link #click(int, int)}), at most the default timeout: {@code t.click(t.getByText("OK"))}.
     * Strict, as Playwright's and tui-test's clicks: a locator with several matches is waited on until it has one,
     * then fails naming them; pick one with {@link Locator#first()}, {@link Locator#nth} or {@link Locator#within}.
     *
     * @throws TerminalAssertionError when {@code target} finds nothing, or several things, or the program does not
     *     turn mouse reporting on in an encoding that can carry the cell, within the timeout
     */
    public TerminalDriver click(Locator target) {
        return click(target, MouseButton.LEFT);
    }

    /** Clicks the first cell of {@code target}'s match with {@code button}, as {@link #click(Locator)}. */
    public TerminalDriver click(Locator target, MouseButton button) {
        mouse.on(target, MouseInput.Gesture.click(button));
        return this;
    }

    /** Sends text and keys in one write, in order. */
    public TerminalDriver write(Action... actions) {
        return send(List.of(actions), "write(" + actions.length + " actions)");
    }

    /** Sends {@code actions} in one write and notes it among the test's steps as {@code step}. */
    TerminalDriver send(List<Action> actions, String step) {
        WriteResult result = Unchecked.io(() -> rpc.write(actions));
        if (result.outputSeq() != WriteResult.UNKNOWN_SEQ) {
            wrote(result.outputSeq());
        }
        steps.add(step);
        return this;
    }

    /**
     * Notes that this driver's last write was applied at output offset {@code seq}: a prompt or command start waited
     * for next must come after it.
     */
    void wrote(long seq) {
        lastWriteSeq = seq;
    }

    /** Waits until {@code text} is on the screen, at most the default timeout. */
    public TerminalDriver waitFor(String text) {
        return waitFor(text, timeout);
    }

    /**
     * Waits until {@code text} is on the screen (it may span rows, joined by {@code \n}; spaces at the end of a line of
     * it may be the blank cells at a row's end, so {@code waitFor(">>> ")} finds a prompt). The server waits
     * ({@code pty/wait}, so its prompt tracking has seen that output too, as {@link #run} needs); with a live view
     * this driver's copy then catches up, so {@link #screen()}, locators and snapshots show at least what matched.
     *
     * @throws TerminalAssertionError when it is not there within {@code timeout}
     */
    public TerminalDriver waitFor(String text, Duration timeout) {
        waits.text(text, timeout);
        return this;
    }

    /**
     * Waits until any of {@code texts} is on the screen, at most the default timeout, and says which: pexpect's
     * {@code i = child.expect([...])}. Each text is taken as {@link #waitFor(String)} takes it (ending in spaces, it
     * may end on a row's blank cells); when several are on screen, the lowest wins (the program printed it last).
     *
     * <pre>{@code
     * switch (t.waitForAny("Password:", "(yes/no)?").index()) {
     *     case 0 -> t.typeLine(password);
     *     default -> t.typeLine("yes");
     * }
     * }</pre>
     *
     * @throws TerminalAssertionError when none is there within the timeout, or the program ends first
     */
    public WaitMatch waitForAny(String... texts) {
        return waitForAny(timeout, Arrays.stream(texts).map(RowEndText::forServer).toArray(TextPattern[]::new));
    }

    /**
     * {@link #waitForAny(String...)} of texts (ending in spaces, they too may end on a row's blank cells) and regular
     * expressions, within {@code timeout}: the match's {@link WaitMatch#group(int)} has what a pattern captured,
     * {@code t.waitForAny(Duration.ofSeconds(30), TextPattern.regex("port (\\d+)")).group(1)}.
     */
    public WaitMatch waitForAny(Duration timeout, TextPattern... texts) {
        return waits.any(timeout, texts);
    }

    /**
     * Waits until any of {@code locators} finds something on this driver's copy of the screen, at most the default
     * timeout, and returns its index (the lowest match wins when several do, as {@link #waitForAny(String...)}):
     * {@code if (t.waitForAny(t.getByText("Saved"), t.getByStyle(Styles.fg("red"))) == 1) ...}.
     *
     * @throws TerminalAssertionError when none is visible within the timeout
     */
    public int waitForAny(Locator... locators) {
        return LocatorRace.await(List.of(locators), timeout);
    }

    /**
     * Waits until a Java regular expression is found on the screen ({@code ^} and {@code $} match at
     * row ends); as {@link #waitFor(String, Duration)}, the copy then catches up.
     *
     * @throws TerminalAssertionError when it is not found within {@code timeout}
     */
    public TerminalDriver waitForPattern(String regex, Duration timeout) {
        waits.pattern(regex, timeout);
        return this;
    }

    /**
     * Waits until the program has been quiet (no output) for {@code quiet}: for full-screen programs
     * that give no other sign of being done drawing.
     *
     * @throws TerminalAssertionError when output keeps coming for the whole default timeout
     */
    public TerminalDriver waitForIdle(Duration quiet) {
        waits.idle(quiet, timeout);
        return this;
    }

    /** Waits for the shell's prompt, at most the default timeout: see {@link #waitForPrompt(Duration)}. */
    public TerminalDriver waitForPrompt() {
        return waitForPrompt(timeout);
    }

    /**
     * Waits until the shell shows its prompt, drawn after this driver's last write: after typing a
     * command and Enter, that is when the command has finished. Before any write, any prompt will do.
     * Type a command only once the previous one has finished (wait for its prompt first): typed ahead
     * while another command runs, the prompt that ends the earlier command would count.
     *
     * @throws TerminalAssertionError when no such prompt appears within {@code timeout}
     */
    public TerminalDriver waitForPrompt(Duration timeout) {
        waits.prompt(timeout, lastWriteSeq);
        return this;
    }

    /** Waits for the command typed last to start, at most the default timeout: see {@link #waitForCommandStart(Duration)}. */
    public TerminalDriver waitForCommandStart() {
        return waitForCommandStart(timeout);
    }

    /**
     * Waits until the shell has started a command after this driver's last write (the shell integration's
     * command-start mark, OSC 133 C): after {@code typeLine("sleep 30")}, the moment {@code sleep} runs, whether it
     * still runs or has finished since. Send Ctrl-C (or anything meant for the command) only after this: pressed
     * earlier, it can reach the shell's line editor first, which drops the line, so the command never runs. The mark
     * is the shell's, printed just before it hands the terminal to the command, so the server also waits for that
     * hand-over (the terminal's foreground process group is no longer the shell's, and its leader has exec'd the
     * program), or for the command to have finished; a builtin ({@code read}), a subshell or a nested shell, where no
     * program of its own is exec'd, counts half a second after its mark. Before any write, any command started will
     * do. Needs shell integration, as {@link #waitForPrompt()}.
     *
     * @throws TerminalAssertionError when no command starts within {@code timeout} (the line was incomplete, refused,
     *     or typed into a program rather than the shell)
     */
    public TerminalDriver waitForCommandStart(Duration timeout) {
        waits.commandStart(timeout, lastWriteSeq);
        return this;
    }

    /**
     * "; the program exited with 3 first" when the program has ended, else "": a wait the server ended early because
     * the program exited would otherwise read as a timeout ("within 10 s" after half a second).
     */
    String programEnded() {
        try {
            return status().exit().map(ServerWaits::endedFirst).orElse("");
        } catch (UncheckedIOException e) {
            return ""; // the failure with its screen is still worth giving, without the program's state
        }
    }

    /**
     * {@link #programEnded()} when this driver's copy has seen the program exit, else "": a wait on the copy (a
     * locator, a snapshot, a mark) gives up at the exit, which its "within 10 s" alone would hide.
     */
    String endedWhileWaiting() {
        return live != null && live.screen().exited() ? programEnded() : "";
    }

    /** Runs a command line in the shell and returns its output and exit code, at most the default timeout. */
    public CommandResult run(String commandLine) {
        return run(commandLine, timeout);
    }

    /**
     * Runs a command line in the shell, as {@code ptyctl run} does (the same code, {@link RpcCommandRun}): waits for
     * the prompt (an incomplete line left at a continuation prompt is cancelled with Ctrl-C first), types the line
     * (pasted when it has several) and Enter, waits until the shell reports the command finished, and returns what
     * the command printed (without the prompt and the echoed line) and its exit code. A blank line (as {@code ""})
     * presses Enter at the prompt: nothing runs, and the result is empty output with exit code 0, as {@code ptyctl run
     * ""} exits 0, so a test that replays a script line by line does not stop at an empty line; so does a line that is
     * only a comment, where the shell runs nothing for it (bash, fish). A command that ends the shell ({@code exit 3})
     * returns its output and the shell's exit status as its exit code.
     *
     * @throws TerminalAssertionError when a command holds the shell when the run begins (a {@code less} left open,
     *     a command typed and not waited for: nothing is typed, and the message names it), when the shell is not at
     *     its prompt or the command does not
     *     finish within {@code timeout} (in all), or the shell did not run the line (a syntax error, or an incomplete
     *     line such as an unclosed quote: then cleared with Ctrl-C, so the next line starts clean)
     */
    public CommandResult run(String commandLine, Duration timeout) {
        return commands.run(commandLine, timeout);
    }

    /**
     * The whole screen now. With a live view, this driver's copy once it has every byte the program wrote before this
     * call: the same screen locators, marks and snapshots see. Otherwise the server's ({@code pty/read}).
     */
    public Screen screen() {
        if (live != null) {
            sync();
            return live.screen().cells().toScreen();
        }
        return Unchecked.io(rpc::read);
    }

    /**
     * The window title now, as the program last set it with OSC 0 or OSC 2 ("" when none has): read from this driver's
     * copy once it has every byte written before this call. {@code assertThat(t).hasTitle(...)} waits for one.
     */
    public String title() {
        return source().read(Cells::title);
    }

    /**
     * How many times the program rang the bell (a BEL byte outside an escape sequence) since the terminal started:
     * this driver's copy reads every byte from the first. {@code expectAfter(mark).bell()} waits for one after a
     * point, {@code assertThat(t).hasBellCount(n)} for a count.
     */
    public long bellCount() {
        return source().read(Cells::bells);
    }

    /** Assertions on the screen as it is now ({@link #screen()}). */
    public ScreenAssert assertScreen() {
        if (live == null) {
            return new ScreenAssert(screen(), this, null);
        }
        sync();
        ScreenMoment now = live.screen().moment(); // a failed check shows this screen, not a later one
        return new ScreenAssert(now.cells().toScreen(), this, now);
    }

    /** Resizes the terminal. */
    public TerminalDriver resize(int cols, int rows) {
        Unchecked.io(() -> {
            rpc.resize(cols, rows);
            return null;
        });
        steps.add("resize(" + cols + ", " + rows + ")");
        return this;
    }

    /** Whether the program runs, its exit code and pid. */
    public Status status() {
        return Unchecked.io(rpc::status);
    }

    /**
     * Waits for the program to exit and returns its exit code.
     *
     * @throws TerminalAssertionError when it still runs after {@code timeout}
     */
    public int awaitExit(Duration timeout) {
        // Without a match the server waits the whole timeout, but answers at once when the program exits.
        long start = System.nanoTime();
        WaitResult result = Unchecked.io(() -> rpc.waitFor(WaitRequest.builder().timeout(timeout).build()));
        Status status = status();
        if (status.running()) {
            throw failure("expected the program to exit within " + Durations.describe(timeout), result.screen());
        }
        int code = status.exitCode().orElse(CommandResult.UNKNOWN_EXIT_CODE);
        steps.timed("awaitExit() -> " + code, start);
        return code;
    }

    /**
     * Marks this point of the terminal's output: {@link #expectAfter(Mark)} then matches only what the program draws
     * from here on. Every byte the program wrote before this call lies before the mark.
     *
     * @throws IllegalStateException for a driver without a live view (see {@link #connect(TerminalsClient, Terminal, String)})
     */
    public Mark mark() {
        LiveView view = live("mark()");
        long serverSeq = Unchecked.io(view::serverSeq);
        Mark mark = Unchecked.interruptible(() -> view.screen().mark(serverSeq, timeout)).orElseThrow(() -> failure(
                "expected the terminal's output up to offset " + serverSeq + " to arrive within " + Durations.describe(timeout),
                Unchecked.io(rpc::read)));
        steps.add("mark() at output offset " + mark.seq());
        return mark;
    }

    /**
     * Expectations that only what the program drew after {@code mark} can satisfy: text on cells written since, not
     * the command line echoed before it or the previous command's output still on the screen.
     *
     * <pre>{@code
     * var m = t.mark();
     * t.press(Key.ENTER);
     * t.expectAfter(m).text("Sent");
     * }</pre>
     */
    public AfterMark expectAfter(Mark mark) {
        Objects.requireNonNull(mark, "mark");
        live("expectAfter(mark)");
        return new AfterMark(this, mark);
    }

    /**
     * Waits until the program has drawn nothing for {@code quiet}, then until this driver's copy of the screen has
     * caught up: for full-screen programs that give no other sign of being done.
     *
     * @throws TerminalAssertionError when output keeps coming for the whole default timeout
     */
    public TerminalDriver waitForSettled(Duration quiet) {
        return waitForIdle(quiet); // which, as every server wait, lets the copy catch up
    }

    /**
     * Every command the shell ran in this terminal so far (shell integration, as {@link #waitForPrompt()}), oldest
     * first: those typed by hand as well as those of {@link #run}; a command still running comes last with
     * {@link Command#running()} set. Read from the server's recording of the output (so durations are the server's
     * times), which keeps the last 2 MiB of output by default: commands older than that are not listed.
     */
    public List<Command> commands() {
        LiveView view = live("commands()");
        return Replay.ofText("the terminal's recording", Unchecked.io(view::recording)).commands();
    }

    /**
     * The last command that finished.
     *
     * @throws TerminalAssertionError when none has
     */
    public Command lastCommand() {
        List<Command> finished = commands().stream().filter(c -> !c.running()).toList();
        if (finished.isEmpty()) {
            throw failure("expected a command to have finished", screen());
        }
        return finished.getLast();
    }

    /**
     * Text on the screen, found row by row: assert on it with {@link TerminalAssertions#assertThat(Locator)}, which
     * waits until it holds.
     */
    public Locator getByText(String text) {
        return Locator.text(source(), text);
    }

    /** A Java regular expression, matched within each row (see {@link #getByText}). */
    public Locator getByRegex(String regex) {
        return Locator.regex(source(), regex);
    }

    /** Runs of adjacent cells with {@code style}, e.g. {@code Styles.bold().fg("red")} (see {@link #getByText}). */
    public Locator getByStyle(Style style) {
        return Locator.style(source(), style);
    }

    /**
     * Names the test this driver belongs to, for its snapshot files ({@code __snapshots__/} next to
     * {@code testClass}'s source): {@code @WithTerminal} does it; without JUnit the first caller outside the DSL is
     * taken.
     */
    public TerminalDriver testName(Class<?> testClass, String testName) {
        owner.set(testClass, testName);
        return this;
    }

    /**
     * Where this driver reads the snapshot settings ({@value TerminalAssert#UPDATE_PROPERTY},
     * {@value TerminalAssert#SOURCES_PROPERTY}): system properties unless told otherwise. {@code @WithTerminal} gives
     * JUnit's configuration parameters (the launcher's, then system properties, then {@code junit-platform.properties}),
     * so a build can set them for one run without changing the JVM's system properties.
     */
    public TerminalDriver settings(Function<String, Optional<String>> lookup) {
        owner.settings(lookup);
        return this;
    }

    ScreenSource source() {
        live("locators and snapshots");
        return source;
    }

    /** The driver's copy of the screen now as an SVG, or null without one: a step's picture. */
    private String screenPicture() {
        return live == null ? null : live.screen().svg();
    }

    /** What the test did with this terminal so far, for its failure report. */
    StepLog steps() {
        return steps;
    }

    /** The test class this driver belongs to ({@link #testName}), or null when none was named or found yet. */
    Class<?> testClass() {
        return owner.knownTestClass();
    }

    /**
     * The terminal's output so far as an asciicast v2 file (the server's recording): save it to replay later with
     * {@link Replay#of}, {@code ptyctl render} or asciinema.
     */
    public String recording() {
        LiveView view = live("recording()");
        sync();
        return Unchecked.io(view::recording);
    }

    /**
     * After a wait the server ended (a match, a prompt, a command's start or end), this driver's copy catches up, so
     * {@link #screen()}, locators and snapshots show at least what the server saw (nothing to catch up without a live
     * view); then the wait is noted among the steps as {@code step}, timed from {@code startNanos}.
     */
    void heldAfterServerWait(String step, long startNanos) {
        if (live != null) {
            sync();
        }
        steps.timed(step, startNanos);
    }

    /** Waits until the live view has every byte written so far (at most the default timeout). */
    void sync() {
        if (!Unchecked.io(() -> live.sync(timeout))) {
            throw failure("expected the terminal's output and size to reach this driver within "
                    + Durations.describe(timeout),
                    Unchecked.io(rpc::read));
        }
    }

    LiveView live(String what) {
        if (live == null) {
            throw new IllegalStateException(what + " needs a terminal of ptyctl server with its screen followed: use"
                    + " @WithTerminal or TerminalDriver.connect(TerminalsClient, Terminal, token)");
        }
        return live;
    }

    /** Whether this driver follows the screen itself (locators, marks, snapshots, commands). */
    boolean hasLiveView() {
        return live != null;
    }

    Duration defaultTimeout() {
        return timeout;
    }

    /**
     * A failed expectation, with the screen as this driver's copy shows it once caught up (so the text, the picture
     * and the styles of a failure report are one screen), else as the server sent it.
     */
    TerminalAssertionError failure(String expectation, Screen screen) {
        if (live == null) {
            steps.failed(expectation);
            return new TerminalAssertionError(expectation, screen);
        }
        try {
            live.sync(Duration.ofSeconds(2));
        } catch (IOException e) {
            // the server's screen is still worth showing
        }
        return failureShowing(expectation, live.screen().moment());
    }

    /**
     * A failed expectation showing the screen of {@code moment}, the one its check looked at: the error's text, its
     * picture and the failed step's picture in the report all show that moment.
     */
    TerminalAssertionError failureShowing(String expectation, ScreenMoment moment) {
        return failureShowing(expectation, moment, List.of());
    }

    /** As {@link #failureShowing(String, ScreenMoment)}, with what a locator {@code found} marked on the screen. */
    TerminalAssertionError failureShowing(String expectation, ScreenMoment moment, List<ScreenDump.Underline> found) {
        steps.failed(expectation, moment.svg(found));
        return new TerminalAssertionError(expectation, moment.cells().toScreen(), moment.vtState(), found);
    }

    /** Closes the connections this driver opened. The terminal itself goes on. */
    @Override
    public void close() {
        if (live != null) {
            live.close();
        }
        if (ownsClient) {
            rpc.close();
        }
    }
}
