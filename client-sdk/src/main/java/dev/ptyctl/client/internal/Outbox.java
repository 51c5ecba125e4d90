package dev.ptyctl.client.internal;

import dev.ptyctl.client.FrameAck;
import dev.ptyctl.client.FrameRefusedException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.LongFunction;

/**
 * The frames an attachment has sent and the server has not acknowledged yet, in the order they
 * were numbered. They are resent unchanged (same {@code clientSeq}, same text) after a reconnect;
 * the server applies each {@code clientSeq} at most once, so a frame that did arrive before the
 * connection dropped is acknowledged again without being applied twice.
 *
 * <p>Not thread-safe: the attachment calls it under its own lock.
 */
public final class Outbox {
    /** A numbered frame waiting for its ack. */
    public record Pending(long clientSeq, String json, CompletableFuture<FrameAck> acked) {
    }

    private final LinkedHashMap<Long, Pending> unacked = new LinkedHashMap<>();
    /** Server error frames that named a pending frame: its ack, which follows, fails the future with this. */
    private final Map<Long, String> refusals = new HashMap<>();
    private long nextClientSeq;

    /** @param firstClientSeq the number of the first frame */
    public Outbox(long firstClientSeq) {
        this.nextClientSeq = firstClientSeq;
    }

    /** Numbers a new frame, built by {@code json} from its number, and keeps it until acknowledged. */
    public Pending add(LongFunction<String> json) {
        long clientSeq = nextClientSeq++;
        Pending pending = new Pending(clientSeq, json.apply(clientSeq), new CompletableFuture<>());
        unacked.put(clientSeq, pending);
        return pending;
    }

    /** The frames not yet acknowledged, oldest first. */
    public List<Pending> unacked() {
        return new ArrayList<>(unacked.values());
    }

    /** Whether frame {@code clientSeq} was sent and waits for its ack. */
    public boolean awaitsAck(long clientSeq) {
        return unacked.containsKey(clientSeq);
    }

    /** How many frames wait for their ack. */
    public int size() {
        return unacked.size();
    }

    /** Records that the server refused frame {@code clientSeq}; its ack follows. */
    public void refused(long clientSeq, String message) {
        if (unacked.containsKey(clientSeq)) {
            refusals.put(clientSeq, message);
        }
    }

    /**
     * Takes frame {@code clientSeq} and every older one out (the server handles frames in order, so
     * an ack covers the frames before it) and returns them, with the futures still to complete: the
     * caller completes them outside its lock.
     */
    public List<Runnable> acked(long clientSeq, long outputSeq) {
        List<Runnable> completions = new ArrayList<>();
        for (Iterator<Pending> it = unacked.values().iterator(); it.hasNext(); ) {
            Pending pending = it.next();
            if (pending.clientSeq() > clientSeq) {
                break;
            }
            it.remove();
            String refusal = refusals.remove(pending.clientSeq());
            FrameAck ack = new FrameAck(pending.clientSeq(), outputSeq);
            completions.add(refusal == null ? () -> pending.acked().complete(ack)
                    : () -> pending.acked().completeExceptionally(new FrameRefusedException(pending.clientSeq(), refusal)));
        }
        return completions;
    }

    /** Drops every pending frame; returns the failures to deliver to their futures outside the caller's lock. */
    public List<Runnable> failAll(Throwable failure) {
        List<Runnable> completions = new ArrayList<>();
        for (Pending pending : unacked.values()) {
            completions.add(() -> pending.acked().completeExceptionally(failure));
        }
        unacked.clear();
        refusals.clear();
        return completions;
    }
}
