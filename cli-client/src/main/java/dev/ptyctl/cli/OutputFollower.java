package dev.ptyctl.cli;

import dev.ptyctl.client.ConnectionState;
import dev.ptyctl.client.TerminalAttachment;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;

/**
 * One {@code ptyctl follow}: a terminal's output, byte for byte as the program wrote it, copied to a stream as it
 * comes, through a view-only attachment ({@link TerminalAttachment}, which reconnects by itself and resumes after the
 * last byte copied: nothing twice, nothing lost while the server still keeps it). The stream gets nothing but the
 * output; what happens to the connection is said on {@code err}, one line each.
 */
final class OutputFollower {
    private final String terminalId;
    private final long fromSeq;
    /** Where what happens to the connection is said, one line each. */
    private final PrintWriter err;
    private final Listener listener;
    /** The offset of the last byte copied, -1 before the first; written by the listener, whose calls never overlap. */
    private volatile long last = -1;

    /**
     * @param terminalId the terminal, for messages
     * @param fromSeq    the output offset to start after
     */
    OutputFollower(String terminalId, long fromSeq, OutputStream out, PrintWriter err) {
        this.terminalId = terminalId;
        this.fromSeq = fromSeq;
        this.err = err;
        this.listener = new Listener(out);
    }

    /**
     * Copies the output to the stream until the program exits, the connection is lost for good or the stream is
     * closed.
     *
     * @param attachment the attachment to the terminal, not yet connected: made view-only here, starting at the offset
     * @return the exit status: 0 when the program exited or the stream was closed, 3 when the connection was lost
     * @throws IOException when the first connection cannot be made
     */
    int run(TerminalAttachment.Builder attachment) throws IOException, InterruptedException {
        try (TerminalAttachment ignored = attachment.viewOnly(true).lastOutputSeq(fromSeq).listener(listener)
                .connect()) {
            return listener.report(listener.awaitEnding(), err);
        }
    }

    /** What reads the output went away before a write noticed it: the following ends as a failed write ends it. */
    void readerGone() {
        listener.end(new EndingListener.ReaderGone());
    }

    private final class Listener extends EndingListener {
        private final OutputStream out;

        Listener(OutputStream out) {
            super(terminalId);
            this.out = out;
        }

        @Override
        public void onOutput(byte[] data, long seq, boolean reset) {
            if (reset) {
                // Asked to resume after fromSeq (or the last byte copied), the server sends a reset only when it
                // no longer keeps the bytes after it: said, then copied (it redraws the screen as it is now).
                say("the output after offset " + (last < 0 ? fromSeq : last) + " is no longer kept by the server; "
                        + "going on from the screen as it is at offset " + seq);
            }
            try {
                out.write(data);
                out.flush();
            } catch (IOException e) {
                end(new ReaderGone());
            }
            last = seq;
        }

        @Override
        void dropped(String reason) {
            say("the connection to " + terminalId + " dropped (" + reason + "); reconnecting…");
        }

        @Override
        public void onStateChanged(ConnectionState state) {
            super.onStateChanged(state);
            if (state == ConnectionState.CONNECTED && outageOver()) {
                say("reconnected to " + terminalId);
            }
        }

        private void say(String line) {
            err.println("ptyctl: " + line);
            err.flush();
        }
    }
}
