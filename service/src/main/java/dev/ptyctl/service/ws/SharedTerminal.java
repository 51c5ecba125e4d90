package dev.ptyctl.service.ws;

import dev.ptyctl.protocol.ProcessExit;
import dev.ptyctl.service.log.EventLog;
import dev.ptyctl.service.metrics.ServerMetrics;
import dev.ptyctl.protocol.ws.ClientFrame;
import dev.ptyctl.protocol.ws.ServerFrame;
import dev.ptyctl.service.pty.ForegroundProcess;
import dev.ptyctl.service.pty.GridSize;
import dev.ptyctl.service.pty.SessionExitedException;
import dev.ptyctl.service.pty.TaskLimitException;
import dev.ptyctl.service.pty.TerminalSession;
import io.helidon.websocket.WsSession;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;

/**
 * The WebSocket side of one terminal, shared by every client attached to it: who sets the size (SPEC §5.4), who
 * answers queries (§5.5), which frames were already applied (§5.3), and {@code clear} (§5.7). It outlives single
 * connections, so the dedupe memory survives reconnects; it is dropped once the program has exited and the last
 * client has gone. A client may attach after the exit too (the program's last screen): it gets the output, then the exit,
 * and the frames that would change the terminal are refused.
 */
final class SharedTerminal {
    /** SPEC §5.7: home, erase screen, erase scrollback. */
    private static final byte[] CLEAR_ALL = "\u001b[H\u001b[2J\u001b[3J".getBytes(StandardCharsets.US_ASCII);
    /** SPEC §5.7: erase scrollback only, when a program owns the screen. */
    private static final byte[] CLEAR_SCROLLBACK = "\u001b[3J".getBytes(StandardCharsets.US_ASCII);
    /** Ctrl-L: the shell redraws its prompt on the cleared screen. */
    private static final byte[] REDRAW = {0x0c};

    private final AttachableTerminal terminal;
    private final SocketSettings settings;
    private final Runnable onIdleAfterExit;
    private final CompletableFuture<ProcessExit> exit;
    private final List<ClientAttachment> attachments = new CopyOnWriteArrayList<>();
    private final ClientSeqMemory seqs = new ClientSeqMemory();
    /** Guards the arbiter and orders the resizes it decides, so the PTY ends at the last decision. */
    private final ReentrantLock sizing = new ReentrantLock();
    private final SizeArbiter arbiter = new SizeArbiter();
    private Boolean serverAnswers;
    private Boolean serverAnswersTitleReports;
    /** Whether the sizing client sends the server's answers to the title reports itself ({@code relay}). */
    private Boolean relayedTitleReports;
    private final AtomicBoolean watchingExit = new AtomicBoolean();

    /** @param onIdleAfterExit run when the program has exited and no client is left: forget this state */
    SharedTerminal(AttachableTerminal terminal, SocketSettings settings, Runnable onIdleAfterExit) {
        this.terminal = terminal;
        this.settings = settings;
        this.onIdleAfterExit = onIdleAfterExit;
        this.exit = terminal.session().onExit();
        sizing.lock();
        try {
            updateQueryAnswering();
        } finally {
            sizing.unlock();
        }
    }

    AttachableTerminal terminal() {
        return terminal;
    }

    /** How many clients are attached. */
    int clientCount() {
        return attachments.size();
    }

    /** Attaches a client on {@code socket} and starts sending to it (size, then replay or reset, then live). */
    ClientAttachment attach(ConnectionParams params, WsSession socket) {
        ClientAttachment attachment = new ClientAttachment(this, params,
                socket.socketContext().remotePeer().address());
        ClientSender sender = new ClientSender(socket, terminal, exit, params.protocol2(), params.lastOutputSeq(),
                params.redrawSince(), params.relaysTitleReports(), settings, () -> detach(attachment));
        Optional<String> sizeRefused;
        sizing.lock();
        try {
            attachment.bind(sender, arbiter.join(params.viewer()));
            // Refused as a resize frame would be, with the same reasons: a client that gave it is told why it
            // sees another size.
            sizeRefused = params.size().isEmpty() ? Optional.empty()
                    : changeRefused("the size given by cols and rows", params.viewer());
            if (params.size().isPresent() && sizeRefused.isEmpty()) {
                params.clientId().ifPresent(id -> succeedEarlierConnections(id, attachment.seat()));
                showsAt(attachment.seat(), params.size().get());
            }
            attachments.add(attachment);
            updateQueryAnswering();
            sender.offerSize(currentSize());
            terminal.title().ifPresent(title -> sender.offerTitle(Optional.of(title)));
        } finally {
            sizing.unlock();
        }
        params.clientId().ifPresent(id -> pin(attachment, id));
        for (String problem : params.problems()) {
            sender.offerProblem(problem);
        }
        sizeRefused.ifPresent(sender::offerProblem);
        sender.start("ws-send-" + terminal.terminalId());
        watchExit();
        EventLog.get().clientAttached(terminal.terminalId(), params.clientId().orElse(""), attachment.remote(),
                params.viewer());
        return attachment;
    }

    /**
     * A client reconnecting with a size ({@code cols}, {@code rows}) while the server still holds its earlier
     * connection, which is usual after an outage: a network that died without a word is noticed only when a ping goes
     * unanswered. The earlier connection set the size when the client had typed last, and the size the client gives
     * now was ignored (another client sets it), so the redraw came at the old size after all. The new connection takes
     * the earlier one's place. Under {@link #sizing}.
     */
    private void succeedEarlierConnections(String clientId, SizeArbiter.Seat seat) {
        for (ClientAttachment earlier : attachments) {
            if (earlier.isOf(clientId)) {
                arbiter.succeed(earlier.seat(), seat);
            }
        }
    }

    /**
     * The size a client gave as it connected ({@code cols}, {@code rows}), as its {@code resize}: before the size and
     * the reset or redraw it is sent first, so those are at that size when it sets it. Called under {@link #sizing}.
     */
    private void showsAt(SizeArbiter.Seat seat, SizeArbiter.Size size) {
        try {
            arbitrate(arbiter -> arbiter.resize(seat, size));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // the upgrade goes on at the size the terminal has
        } catch (TaskLimitException e) {
            // The upgrade goes on at the size the terminal has, which the size frame gives; the client's next resize
            // is answered with the reason.
        }
    }

    /**
     * Once, after the first client is in (not in the constructor, which runs inside the endpoint's map update:
     * an exit that has already happened runs the callback at once, and it removes this state from that map).
     */
    private void watchExit() {
        if (watchingExit.compareAndSet(false, true)) {
            exit.whenComplete((code, failure) -> {
                attachments.forEach(a -> a.sender().wake());
                forgetIfIdle();
            });
        }
    }

    /** Detaches a client (idempotent): another client may take over the size. */
    void detach(ClientAttachment attachment) {
        Optional<String> pinned = attachment.markDetached();
        if (pinned.isEmpty()) {
            return;
        }
        EventLog.get().clientDetached(terminal.terminalId(), pinned.get(), attachment.remote());
        attachment.sender().stop();
        attachments.remove(attachment);
        pinned.filter(id -> !id.isEmpty()).ifPresent(seqs::disconnected);
        try {
            arbitrate(arbiter -> arbiter.leave(attachment.seat()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (TaskLimitException e) {
            // the size stays the leaving client's; nobody asked, and the next resize says why
        }
        forgetIfIdle();
    }

    private void forgetIfIdle() {
        if (exit.isDone() && attachments.isEmpty()) {
            onIdleAfterExit.run();
        }
    }

    private void pin(ClientAttachment attachment, String clientId) {
        attachment.pin(clientId, seqs::connected);
    }

    /**
     * Applies a frame unless its {@code clientSeq} was already handled for its {@code clientId}, then acks it. A
     * refused frame (view mode, protocol 1) gets an error frame and is acked too: it must not be resent.
     */
    void apply(ClientAttachment from, ClientFrame.Sequenced frame) throws InterruptedException {
        pin(from, frame.clientId());
        ClientSeqMemory.Client client = seqs.touch(frame.clientId());
        client.lock().lock();
        try {
            if (client.alreadyHandled(frame.clientSeq())) {
                ServerMetrics.get().inputDeduplicated();
                from.ack(frame.clientSeq(), terminal.output().nextSeq());
                return;
            }
            Optional<String> refusal = refusal(from, frame);
            long outputSeq;
            if (refusal.isPresent()) {
                from.error(refusal.get(), Optional.of(frame.clientSeq()));
                outputSeq = terminal.output().nextSeq();
            } else {
                outputSeq = applyOrExplain(from, frame);
            }
            client.handled(frame.clientSeq());
            from.ack(frame.clientSeq(), outputSeq);
            if (refusal.isEmpty() && frame.type().equals("close")) {
                // After the ack, so the client learns its close was taken before the exit frame arrives.
                Thread.ofVirtual().name("ws-close-" + terminal.terminalId()).start(terminal::close);
            }
        } finally {
            client.lock().unlock();
        }
    }

    /** A frame that named its client and number but is malformed: error, counted as handled, acked. */
    void refuse(ClientAttachment from, String clientId, long clientSeq, String message) throws InterruptedException {
        pin(from, clientId);
        ClientSeqMemory.Client client = seqs.touch(clientId);
        client.lock().lock();
        try {
            if (!client.alreadyHandled(clientSeq)) {
                from.error(message, Optional.of(clientSeq));
                client.handled(clientSeq);
            }
            from.ack(clientSeq, terminal.output().nextSeq());
        } finally {
            client.lock().unlock();
        }
    }

    /** Why {@code frame} may not be applied for this client, if it may not. */
    private Optional<String> refusal(ClientAttachment from, ClientFrame.Sequenced frame) {
        String type = frame.type();
        boolean protocol2Only = type.equals("focus") || type.equals("hide") || type.equals("clear");
        if (protocol2Only && !from.params().protocol2()) {
            return Optional.of("\"" + type + "\" needs protocol 2: connect with ?protocol=2");
        }
        boolean changesTheTerminal = type.equals("input") || type.equals("resize") || type.equals("clear")
                || type.equals("close");
        return changesTheTerminal ? changeRefused("\"" + type + "\"", from.viewer()) : Optional.empty();
    }

    /** Why a change of the terminal ({@code what}: a frame's type, or the size on connecting) is not applied. */
    private Optional<String> changeRefused(String what, boolean viewer) {
        if (viewer) {
            return Optional.of(what + " is not allowed in view mode");
        }
        if (exit.isDone()) {
            // A client of an ended terminal is shown its last screen, nothing more. A close in particular would
            // forget the terminal (as DELETE does), taking its last screen from every other client.
            return Optional.of(what + " is not applied: the program has exited");
        }
        return Optional.empty();
    }

    /** Applies the frame; a failure (the program has exited) becomes an error frame. Returns the ack's outputSeq. */
    private long applyOrExplain(ClientAttachment from, ClientFrame.Sequenced frame) throws InterruptedException {
        try {
            return applyFrame(from, frame);
        } catch (IOException | UnsupportedOperationException e) {
            from.error(frame.type() + " failed: " + e.getMessage(), Optional.of(frame.clientSeq()));
            return terminal.output().nextSeq();
        }
    }

    private long applyFrame(ClientAttachment from, ClientFrame.Sequenced frame)
            throws IOException, InterruptedException {
        TerminalSession session = terminal.session();
        SizeArbiter.Seat seat = from.seat();
        switch (frame) {
            case ClientFrame.Input input -> {
                if (input.claim()) {
                    try {
                        arbitrate(arbiter -> arbiter.use(seat));
                    } catch (TaskLimitException e) {
                        // the keys still go to the program; the size stays, as the clients' size frames show
                    }
                } else if (!answersQueries(seat)) {
                    // A query reply from a client whose size the PTY does not have, or while the server's emulator
                    // answers (answerQueries: server): the program gets its one answer elsewhere (SPEC §5.4, §5.5).
                    return terminal.output().nextSeq();
                }
                return session.write(input.bytes());
            }
            case ClientFrame.Resize resize ->
                    arbitrate(arbiter -> arbiter.resize(seat, new SizeArbiter.Size(resize.cols(), resize.rows())));
            case ClientFrame.Command command -> applyCommand(command, seat);
        }
        return terminal.output().nextSeq();
    }

    private void applyCommand(ClientFrame.Command command, SizeArbiter.Seat seat)
            throws IOException, InterruptedException {
        switch (command.type()) {
            case "focus" -> arbitrate(arbiter -> arbiter.use(seat));
            case "hide" -> arbitrate(arbiter -> arbiter.hide(seat));
            case "clear" -> clear();
            case "close" -> {
                // Applied by apply(), after the ack.
            }
            default -> throw new IllegalStateException("unhandled command " + command.type());
        }
    }

    /**
     * SPEC §5.7. The shell is at its prompt when its process group owns the terminal and its integration (if any)
     * does not say a command runs. The clearing sequences go into the output stream itself, so the server's emulator and every client
     * apply them at one seq, and a client replaying later sees them in order.
     */
    private void clear() throws IOException, InterruptedException {
        TerminalSession session = terminal.session();
        if (!session.progress().running()) {
            throw new SessionExitedException("the process has exited");
        }
        if (!terminal.shellRunningCommand() && ForegroundProcess.shellInForeground(session.pid())) {
            session.injectOutput(CLEAR_ALL);
            session.write(REDRAW);
        } else {
            session.injectOutput(CLEAR_SCROLLBACK);
        }
    }

    /** Whether a query reply from this seat is the program's one answer: it sets the size, the server does not answer. */
    private boolean answersQueries(SizeArbiter.Seat seat) {
        sizing.lock();
        try {
            return arbiter.owns(seat) && !Boolean.TRUE.equals(serverAnswers);
        } finally {
            sizing.unlock();
        }
    }

    /**
     * Runs one arbitration step and applies the size it decides, under {@link #sizing}, so concurrent decisions
     * reach the PTY in the order they were made.
     */
    private void arbitrate(Function<SizeArbiter, Optional<SizeArbiter.Size>> step)
            throws InterruptedException, TaskLimitException {
        sizing.lock();
        try {
            Optional<SizeArbiter.Size> size = step.apply(arbiter);
            try {
                if (size.isPresent()) {
                    applySize(size.get());
                }
            } finally {
                updateQueryAnswering();
            }
        } finally {
            sizing.unlock();
        }
    }

    /**
     * Gives the PTY {@code size}.
     *
     * @throws TaskLimitException when the terminal's writer thread, ended while idle, cannot be started again (a task
     *                            limit): the size is not applied, and the frame that asked for it is answered with an
     *                            {@code error} saying so (until 5 Dec 2026 it was left unapplied without a word)
     */
    private void applySize(SizeArbiter.Size size) throws InterruptedException, TaskLimitException {
        GridSize now = currentSize();
        if (now.cols() == size.cols() && now.rows() == size.rows()) {
            return;
        }
        try {
            terminal.session().resize(size.cols(), size.rows());
        } catch (TaskLimitException e) {
            throw e;
        } catch (IOException e) {
            return; // the program has exited: its size no longer matters
        }
        sizeChanged();
    }

    /** Tells every client the live title (SPEC §5.8) after it changed. */
    void titleChanged() {
        Optional<ServerFrame.Title> title = terminal.title();
        for (ClientAttachment attachment : attachments) {
            attachment.sender().offerTitle(title);
        }
    }

    /** Tells every client the PTY's current size after a resize (by a client, or by JSON-RPC or REST). */
    void sizeChanged() {
        GridSize size = currentSize();
        for (ClientAttachment attachment : attachments) {
            attachment.sender().offerSize(size);
        }
    }

    private GridSize currentSize() {
        return terminal.session().gridSize();
    }

    /**
     * SPEC §5.5: in {@code auto}, the server answers queries exactly while no client sets the size. The title and
     * icon-label reports it also answers while the client that sets the size leaves them to it
     * ({@code serverAnswers=titleReports}), in every mode; or it works their answers out for that client to send in
     * order with its own ({@code relay=titleReports}: the web page, whose xterm.js cannot answer them).
     */
    private void updateQueryAnswering() {
        boolean answer = switch (settings.answerQueries()) {
            case "server" -> true;
            case "clients" -> false;
            default -> !arbiter.hasOwner();
        };
        if (serverAnswers == null || serverAnswers != answer) {
            serverAnswers = answer;
            terminal.session().answerQueries(answer);
        }
        boolean titleReports = !answer && attachments.stream()
                .anyMatch(a -> arbiter.owns(a.seat()) && a.params().leavesTitleReports());
        if (serverAnswersTitleReports == null || serverAnswersTitleReports != titleReports) {
            serverAnswersTitleReports = titleReports;
            terminal.session().answerTitleReports(titleReports);
        }
        boolean relay = !answer && attachments.stream()
                .anyMatch(a -> arbiter.owns(a.seat()) && a.params().relaysTitleReports());
        if (relayedTitleReports == null || relayedTitleReports != relay) {
            relayedTitleReports = relay;
            terminal.session().relayTitleReports(relay);
        }
    }
}
