package dev.ptyctl.client;

/**
 * The server's acknowledgement of a frame a {@link TerminalAttachment} sent: the frame was handled
 * (applied once, or recognised as a resend of a frame already applied).
 *
 * <p>{@code outputSeq} is the terminal's output offset at the moment the frame was applied, so
 * output the program writes in response to an {@code input} frame ends at a seq greater than it.
 *
 * <pre>{@code
 * FrameAck ack = attachment.input("ls\r").get(5, TimeUnit.SECONDS);
 * // every output chunk with seq > ack.outputSeq() comes after the keystrokes were typed
 * }</pre>
 *
 * @param clientSeq the frame's number
 * @param outputSeq the output offset when the frame was applied
 */
public record FrameAck(long clientSeq, long outputSeq) {
}
