package dev.ptyctl.cli;

import dev.ptyctl.client.AttachmentException;
import dev.ptyctl.client.AttachmentListener;
import dev.ptyctl.client.ConnectionState;
import dev.ptyctl.protocol.ProcessExit;
import java.io.PrintWriter;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * What {@code ptyctl follow} and {@code ptyctl attach} hear of their attachment's connection, beside the output: the
 * program's exit and the connection lost for good end them ({@link #ending}); a drop is said once per outage
 * ({@link #dropped}) with the last failure as its reason, and the return ({@link #outageOver}) where each says it.
 */
abstract class EndingListener implements AttachmentListener {
    /** How a follow or an attach ended. */
    sealed interface Ending {
    }

    /** The program ended. */
    record Exited(ProcessExit end) implements Ending {
    }

    /** The connection was lost for good, or the local side failed. */
    record Lost(String reason) implements Ending {
    }

    /** attach: the detach chord, or the end of the keyboard's input. */
    record Detached(boolean endOfInput) implements Ending {
    }

    /** follow: the reader of the output went away ({@code ptyctl follow ID | head}). */
    record ReaderGone() implements Ending {
    }

    private final String terminalId;
    private final CompletableFuture<Ending> ending = new CompletableFuture<>();
    private final AtomicBoolean outage = new AtomicBoolean();
    private volatile String lastFailure = "the server closed the connection";

    EndingListener(String terminalId) {
        this.terminalId = terminalId;
    }

    /** The connection dropped and is being re-established: said once per outage. */
    abstract void dropped(String reason);

    /** Ends the follow or the attach (the first ending counts). */
    final void end(Ending end) {
        ending.complete(end);
    }

    final boolean hasEnded() {
        return ending.isDone();
    }

    /** Whether an outage was under way, which is over now: the caller says the return. */
    final boolean outageOver() {
        return outage.compareAndSet(true, false);
    }

    @Override
    public final void onExit(ProcessExit end) {
        end(new Exited(end));
    }

    @Override
    public final void onConnectionFailure(AttachmentException failure) {
        lastFailure = failure.getMessage();
    }

    @Override
    public void onStateChanged(ConnectionState state) {
        if (state == ConnectionState.RECONNECTING && outage.compareAndSet(false, true)) {
            dropped(lastFailure);
        } else if (state == ConnectionState.CLOSED) {
            end(new Lost(lastFailure));
        }
    }

    /** Waits for the ending. */
    final Ending awaitEnding() throws InterruptedException {
        try {
            return ending.get();
        } catch (ExecutionException e) {
            return new Lost(String.valueOf(e.getCause()));
        }
    }

    /**
     * Says on {@code err} how the follow or the attach ended (nothing when the reader went away: there is no one to
     * tell), and gives the exit status: 3 for a lost connection, else 0.
     */
    final int report(Ending end, PrintWriter err) {
        int status = switch (end) {
            case Exited exited -> {
                err.println("ptyctl: the program in " + terminalId + " " + exited.end().describe());
                yield ExitCode.OK;
            }
            case Lost lost -> {
                err.println("ptyctl: lost the connection to " + terminalId + ": " + lost.reason());
                yield ExitCode.CANNOT_CONNECT;
            }
            case Detached detached -> {
                err.println("ptyctl: detached from " + terminalId + (detached.endOfInput() ? " (end of input)" : "")
                        + "; it keeps running (ptyctl attach " + terminalId + " to come back)");
                yield ExitCode.OK;
            }
            case ReaderGone gone -> ExitCode.OK;
        };
        err.flush();
        return status;
    }
}
