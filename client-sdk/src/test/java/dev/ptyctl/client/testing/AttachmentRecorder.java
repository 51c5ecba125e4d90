package dev.ptyctl.client.testing;

import dev.ptyctl.client.AttachmentException;
import dev.ptyctl.client.AttachmentListener;
import dev.ptyctl.client.ConnectionState;
import dev.ptyctl.client.TerminalSize;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * An {@link AttachmentListener} that records every event, for tests to take one by one in order
 * and check; {@link #assertExhausted()} at the end shows nothing unexpected happened.
 *
 * <pre>{@code
 * AttachmentRecorder recorder = new AttachmentRecorder();
 * ... builder.listener(recorder).connect();
 * recorder.expectState(ConnectionState.CONNECTED);
 * recorder.expectOutput("$ ", 2, false);
 * recorder.assertExhausted();
 * }</pre>
 */
public final class AttachmentRecorder implements AttachmentListener {
    private static final long WAIT_SECONDS = 10;

    /** Output, with the bytes decoded as UTF-8. */
    public record Output(String text, long seq, boolean reset) {
    }

    /** The program exited. */
    public record Exit(int exitCode) {
    }

    /** A server error frame. */
    public record Error(String message, OptionalLong clientSeq) {
    }

    /** A state change. */
    public record State(ConnectionState state) {
    }

    /** A failed or broken connection. */
    public record Failure(AttachmentException failure) {
    }

    /** A title change. */
    public record Title(Optional<String> liveTitle, Optional<String> activity) {
    }

    private final BlockingQueue<Object> events = new LinkedBlockingQueue<>();

    @Override
    public void onOutput(byte[] data, long seq, boolean reset) {
        events.add(new Output(new String(data, StandardCharsets.UTF_8), seq, reset));
    }

    @Override
    public void onExit(int exitCode) {
        events.add(new Exit(exitCode));
    }

    @Override
    public void onSize(TerminalSize size) {
        events.add(size);
    }

    @Override
    public void onTitle(Optional<String> liveTitle, Optional<String> terminalActivity) {
        events.add(new Title(liveTitle, terminalActivity));
    }

    @Override
    public void onError(String message, OptionalLong clientSeq) {
        events.add(new Error(message, clientSeq));
    }

    @Override
    public void onStateChanged(ConnectionState state) {
        events.add(new State(state));
    }

    @Override
    public void onConnectionFailure(AttachmentException failure) {
        events.add(new Failure(failure));
    }

    /** The next event, which must be of type {@code type}. */
    public <T> T next(Class<T> type) throws InterruptedException {
        Object event = events.poll(WAIT_SECONDS, TimeUnit.SECONDS);
        if (event == null) {
            throw new AssertionError("no " + type.getSimpleName() + " event within " + WAIT_SECONDS + " s");
        }
        if (!type.isInstance(event)) {
            throw new AssertionError("expected a " + type.getSimpleName() + " event but got " + event);
        }
        return type.cast(event);
    }

    /** Takes the next event and checks it is this output. */
    public void expectOutput(String text, long seq, boolean reset) throws InterruptedException {
        expect(new Output(text, seq, reset));
    }

    /** Takes the next event and checks it is this state change. */
    public void expectState(ConnectionState state) throws InterruptedException {
        expect(new State(state));
    }

    /** Takes the next event and checks it equals {@code expected}. */
    public void expect(Object expected) throws InterruptedException {
        Object event = next(expected.getClass());
        if (!event.equals(expected)) {
            throw new AssertionError("expected " + expected + " but got " + event);
        }
    }

    /** Fails when an event was recorded that the test did not take. */
    public void assertExhausted() {
        if (!events.isEmpty()) {
            throw new AssertionError("unexpected events: " + events);
        }
    }
}
