package dev.ptyctl.cli;

import dev.ptyctl.client.AttachmentListener;
import dev.ptyctl.client.ReconnectPolicy;
import dev.ptyctl.client.TerminalAttachment;
import dev.ptyctl.client.TerminalSize;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.net.URI;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.jline.terminal.Attributes;
import org.jline.terminal.Size;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;

/**
 * One {@code ptyctl attach}: the local terminal in raw mode joined to a server terminal's WebSocket
 * ({@link TerminalAttachment}, which reconnects by itself without losing output). Output goes to the local screen
 * as it comes; keys go to the program (all of them, Ctrl-C included) until the {@link DetachChord}; local resizes
 * are sent as resize plus focus, so this client sets the size while it is being used.
 *
 * <p>The local terminal is restored however the session ends (detach, the program exits, the connection is lost
 * for good, an error, SIGTERM): its saved attributes are put back, and modes the remote program may have left on
 * (alternate screen, hidden cursor, mouse reporting, bracketed paste, application keys, colours) are switched off.
 */
final class AttachSession {
    /**
     * Puts back what full-screen programs switch on (see the class comment), then starts a new line and erases
     * what the program drew below it, so the local shell's next lines do not mix with leftovers.
     */
    private static final String MODES_OFF = "\u001b[0m\u001b[?1000l\u001b[?1002l\u001b[?1003l\u001b[?1006l"
            + "\u001b[?2004l\u001b[?1l\u001b>\u001b[?25h\u001b[?1049l\r\n\u001b[J";
    private static final int READ_BUFFER = 4096;
    /** How long the size sent before attaching may take to be applied; a server answers in milliseconds. */
    private static final long SIZE_APPLIED_TIMEOUT_SECONDS = 10;

    private final URI server;
    /** The token, the trust of {@code --cacert} and the handshake's bound of each (re)connection. */
    private final ServerSelection selection;
    private final String terminalId;
    private final DetachChord chord;
    private final String chordText;
    /** The size last sent, columns in the high half; -1 before the first. */
    private final AtomicLong sentSize = new AtomicLong(-1);

    AttachSession(URI server, ServerSelection selection, String terminalId, DetachChord chord, String chordText) {
        this.server = server;
        this.selection = selection;
        this.terminalId = terminalId;
        this.chord = chord;
        this.chordText = chordText;
    }

    /**
     * Runs the session until it ends.
     *
     * @return the exit status: 0 after a detach or when the program exited, 3 when the connection was lost for good
     * @throws UsageException when standard input or output is not a terminal
     * @throws IOException when the attachment cannot be made (the terminal does not exist, the server is down...)
     */
    int run(PrintWriter err) throws IOException, InterruptedException {
        Terminal local = openLocalTerminal();
        err.println("ptyctl: attaching to " + terminalId + "; detach with " + chordText);
        err.flush();
        Attributes saved = local.enterRawMode();
        AtomicBoolean restored = new AtomicBoolean();
        Runnable restore = () -> {
            if (restored.compareAndSet(false, true)) {
                local.writer().print(MODES_OFF);
                local.writer().flush();
                local.setAttributes(saved);
            }
        };
        Thread restoreOnSignal = new Thread(restore, "ptyctl-attach-restore");
        Runtime.getRuntime().addShutdownHook(restoreOnSignal);
        Listener listener = new Listener(local, err);
        EndingListener.Ending end;
        try {
            applyLocalSize(local.getSize());
            try (TerminalAttachment attachment = attachment().redrawAfterReconnect(true).listener(listener).connect()) {
                sendSize(local, attachment);
                local.handle(Terminal.Signal.WINCH, signal -> sendSize(local, attachment));
                // Keys are read from standard input itself, not through JLine's input stream: that one is fed by a
                // pump thread that close() waits for, and a pump blocked reading the keyboard would keep the attach
                // from ending (program exited, server gone) until the next key.
                InputStream keys = new FileInputStream(FileDescriptor.in);
                Thread.ofPlatform().daemon().name("ptyctl-attach-keys").start(
                        () -> forwardKeys(local, keys, attachment, listener));
                end = listener.awaitEnding();
            }
        } finally {
            restore.run();
            removeHook(restoreOnSignal);
            local.close();
        }
        return listener.report(end, err);
    }

    /**
     * Makes the terminal's size the local one before the attachment that paints it connects. An attachment is sent
     * the whole screen first (a reset) at the size the terminal has then; painted into a smaller window, rows scroll
     * away and the prompt lands below blank rows. So a first, silent connection sends the size (and focus: this
     * client is the one being used, so its size wins) and waits until the server reports it, and the real
     * attachment gets its reset at the local size.
     */
    private void applyLocalSize(Size size) throws IOException, InterruptedException {
        if (size.getColumns() <= 0 || size.getRows() <= 0) {
            return;
        }
        CompletableFuture<Void> applied = new CompletableFuture<>();
        try (TerminalAttachment sizer = attachment()
                .reconnect(ReconnectPolicy.NEVER).listener(new AttachmentListener() {
                    @Override
                    public void onSize(TerminalSize now) {
                        if (now.cols() == size.getColumns() && now.rows() == size.getRows()) {
                            applied.complete(null);
                        }
                    }

                    @Override
                    public void onExit(int exitCode) {
                        applied.complete(null); // an exited program keeps its size; the attachment reports the exit
                    }
                }).connect()) {
            sizer.resize(size.getColumns(), size.getRows());
            sizer.focus();
            applied.get(SIZE_APPLIED_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            // Not applied in time (another client keeps the size?): attach all the same, at whatever size it has.
        }
    }

    private static Terminal openLocalTerminal() throws IOException {
        Terminal local;
        try {
            // graphemeCluster(false): left alone, JLine asks the local terminal about modes 2026/2027/2048 (DECRQM,
            // then DA1) and waits 200 ms for the answers. Attach forwards bytes and needs none of them, and answers
            // that come later (a slow link, a busy machine) would be read as keys and typed into the program.
            local = TerminalBuilder.builder().system(true).dumb(false).graphemeCluster(false).build();
        } catch (IOException | IllegalStateException e) {
            throw new UsageException("attach needs an interactive terminal: standard input and output must be a tty");
        }
        if (local.getType() == null || local.getType().startsWith(Terminal.TYPE_DUMB)) {
            local.close();
            throw new UsageException("attach needs an interactive terminal: standard input and output must be a tty");
        }
        return local;
    }

    /**
     * A connection to the terminal with the token, the trust of {@code --cacert} and the handshake's bound: both
     * connections use it.
     */
    private TerminalAttachment.Builder attachment() {
        return selection.attachment(server, terminalId);
    }

    /**
     * The local screen gets the program's output; {@code err} one line when the connection drops ("reconnecting…")
     * and one when it is back, so a silent screen during an outage is not taken for a hung program. The lines land on
     * the program's screen (a vim, a less), so each reconnect asks for a redraw rather than the output missed: the
     * lines that scrolled off the server's screen since the last output shown (they go into the local scrollback,
     * each once), then the server's copy of the screen, painted over the notes, where the missed output alone would
     * have left them there. The return is said just before the redraw is painted (it can come before the connection
     * reports itself established), so nothing is written after it.
     */
    private final class Listener extends EndingListener {
        private final Terminal local;
        private final OutputStream screen;
        private final PrintWriter err;

        Listener(Terminal local, PrintWriter err) {
            super(terminalId);
            this.local = local;
            this.screen = local.output();
            this.err = err;
        }

        @Override
        public void onOutput(byte[] data, long seq, boolean reset) {
            if (reset && outageOver()) {
                note(err, local.getSize(), "reconnected to " + terminalId);
            }
            try {
                screen.write(data);
                screen.flush();
            } catch (IOException e) {
                end(new Lost("cannot write to the local terminal: " + e.getMessage()));
            }
        }

        @Override
        void dropped(String reason) {
            note(err, local.getSize(), "the connection to " + terminalId + " dropped (" + reason
                    + "); reconnecting… (" + chordText + " gives up)");
        }
    }

    /**
     * A note on stderr while the local terminal is in raw mode, written over the bottom rows (as many as it wraps to;
     * the cursor saved and put back around it): a note on lines of its own would scroll the program's top rows into
     * the local scrollback, where the redraw after the return (which adds only the lines scrolled since) would put
     * them a second time. The redraw paints those rows over again.
     */
    private static void note(PrintWriter err, Size size, String line) {
        String text = "ptyctl: " + line;
        int cols = Math.max(1, size.getColumns());
        int rows = (text.length() + cols - 1) / cols;
        int top = size.getRows() > 0 ? Math.max(1, size.getRows() - rows + 1) : 1;
        err.print("\u001b7\u001b[" + top + ";1H\u001b[J" + text + "\u001b8");
        err.flush();
    }

    /** The local size as resize, then focus: this client is the one being used, so it sets the size (SPEC §5.4). */
    private void sendSize(Terminal local, TerminalAttachment attachment) {
        sendSize(local.getSize(), attachment);
    }

    private void sendSize(Size size, TerminalAttachment attachment) {
        if (size.getColumns() > 0 && size.getRows() > 0) {
            sentSize.set(packed(size));
            attachment.resize(size.getColumns(), size.getRows());
        }
        attachment.focus();
    }

    /** A size as one number, for {@link #sentSize}. */
    private static long packed(Size size) {
        return (long) size.getColumns() << 32 | size.getRows();
    }

    /**
     * Sends the local size first when it changed since the last one sent. SIGWINCH comes to another thread, which
     * may send its resize after keys typed right after the window changed: a command typed then ({@code stty size},
     * a full-screen program) would run at the old size. The kernel has the new size before any later key arrives,
     * so asking it before each key sent keeps the two in order.
     */
    private void sendSizeIfChanged(Terminal local, TerminalAttachment attachment) {
        Size size = local.getSize();
        if (size.getColumns() > 0 && size.getRows() > 0 && sentSize.get() != packed(size)) {
            sendSize(size, attachment);
        }
    }

    private void forwardKeys(Terminal local, InputStream keys, TerminalAttachment attachment, EndingListener ending) {
        Utf8Chunks text = new Utf8Chunks();
        byte[] buffer = new byte[READ_BUFFER];
        try {
            while (!ending.hasEnded()) {
                int count = keys.read(buffer);
                if (count < 0) {
                    ending.end(new EndingListener.Detached(true));
                    return;
                }
                DetachChord.Step step = chord.feed(buffer, count);
                String typed = text.decode(step.forward());
                if (!typed.isEmpty()) {
                    sendSizeIfChanged(local, attachment);
                    attachment.input(typed);
                }
                if (step.detach()) {
                    ending.end(new EndingListener.Detached(false));
                    return;
                }
            }
        } catch (IOException | IllegalStateException e) {
            ending.end(new EndingListener.Lost("cannot read the local terminal: " + e.getMessage()));
        }
    }

    private static void removeHook(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the JVM is exiting and the hook runs or has run: the terminal is restored either way
        }
    }
}
