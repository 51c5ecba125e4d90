package dev.ptyctl.cli;

import dev.ptyctl.client.AttachmentException;
import dev.ptyctl.client.AttachmentListener;
import dev.ptyctl.client.ConnectionState;
import dev.ptyctl.client.TerminalAttachment;
import dev.ptyctl.protocol.ProcessExit;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One {@code ptyctl follow}: a terminal's output, byte for byte as the program wrote it, copied to a stream as it
 * comes, through a view-only attachment ({@link TerminalAttachment}, which reconnects by itself and resumes after the
 * last byte copied: nothing twice, nothing lost while the server still keeps it). The stream gets nothing but the
 * output; what happens to the connection is said on {@code err}, one line each.
 */
final class OutputFollower {
    /** How the following ended. */
    private sealed interface Ending {
    }

    private record Exited(ProcessExit end) implements Ending {
    }

    private record Lost(String reason) implements Ending {
    }

    /** The stream was closed by its reader ({@code ptyctl follow ID | head}). */
    private record Closed() implements Ending {
    }

    private final String terminalId;
    private final long fromSeq;
    private final CompletableFuture<Ending> ending = new CompletableFuture<>();
    private volatile String lastFailure = "the server closed the connection";
    /** The offset of the last byte copied, -1 before the first; written by the listener, whose calls never overlap. */
    private volatile long last = -1;

    /**
     * @param terminalId the terminal, for messages
     * @param fromSeq    the output offset to start after
     */
    OutputFollower(String terminalId, long fromSeq) {
        this.terminalId = terminalId;
        this.fromSeq = fromSeq;
    }

    /**
     * Copies the output to {@code out} until the program exits, the connection is lost for good or {@code out} is
     * closed.
     *
     * @param attachment the attachment to the terminal, not yet connected: made view-only here, starting at the offset
     * @return the exit status: 0 when the program exited or {@code out} was closed, 3 when the connection was lost
     * @throws IOException when the first connection cannot be made
     */
    int run(TerminalAttachment.Builder attachment, OutputStream out, PrintWriter err)
            throws IOException, InterruptedException {
        try (TerminalAttachment ignored = attachment.viewOnly(true).lastOutputSeq(fromSeq)
                .listener(listener(out, err)).connect()) {
            return report(awaitEnding(), err);
        }
    }

    /** What reads the output went away before a write noticed it: the following ends as a failed write ends it. */
    void readerGone() {
        ending.complete(new Closed());
    }

    private AttachmentListener listener(OutputStream out, PrintWriter err) {
        AtomicBoolean outage = new AtomicBoolean();
        return new AttachmentListener() {
            @Override
            public void onOutput(byte[] data, long seq, boolean reset) {
                if (reset) {
                    // Asked to resume after fromSeq (or the last byte copied), the server sends a reset only when it
                    // no longer keeps the bytes after it: said, then copied (it redraws the screen as it is now).
                    say(err, "the output after offset " + fromSeqOrLast() + " is no longer kept by the server; "
                            + "going on from the screen as it is at offset " + seq);
                }
                try {
                    out.write(data);
                    out.flush();
                } catch (IOException e) {
                    ending.complete(new Closed());
                }
                last = seq;
            }

            @Override
            public void onExit(ProcessExit end) {
                ending.complete(new Exited(end));
            }

            @Override
            public void onConnectionFailure(AttachmentException failure) {
                lastFailure = failure.getMessage();
            }

            @Override
            public void onStateChanged(ConnectionState state) {
                if (state == ConnectionState.RECONNECTING && outage.compareAndSet(false, true)) {
                    say(err, "the connection to " + terminalId + " dropped (" + lastFailure + "); reconnecting…");
                } else if (state == ConnectionState.CONNECTED && outage.compareAndSet(true, false)) {
                    say(err, "reconnected to " + terminalId);
                } else if (state == ConnectionState.CLOSED) {
                    ending.complete(new Lost(lastFailure));
                }
            }
        };
    }

    private long fromSeqOrLast() {
        return last < 0 ? fromSeq : last;
    }

    private static void say(PrintWriter err, String line) {
        err.println("ptyctl: " + line);
        err.flush();
    }

    private Ending awaitEnding() throws InterruptedException {
        try {
            return ending.get();
        } catch (ExecutionException e) {
            return new Lost(String.valueOf(e.getCause()));
        }
    }

    private int report(Ending end, PrintWriter err) {
        return switch (end) {
            case Exited exited -> {
                say(err, "the program in " + terminalId + " " + exited.end().describe());
                yield ExitCode.OK;
            }
            case Lost lost -> {
                say(err, "lost the connection to " + terminalId + ": " + lost.reason());
                yield ExitCode.CANNOT_CONNECT;
            }
            case Closed closed -> ExitCode.OK;
        };
    }
}
