package dev.ptyctl.e2e;

import dev.ptyctl.client.RpcClient;
import dev.ptyctl.client.WaitResult;
import dev.ptyctl.testsupport.Bounds;
import java.io.IOException;

/**
 * Waits, through a terminal's JSON-RPC, for text its program prints, bounded by {@link Bounds#HANG} only; a wait
 * that runs out fails saying what it waited for, on which screen and under which load, so a CI log explains itself
 * (an {@code assertThat(rpc.waitFor(...).matched()).isTrue()} said "expected true" and nothing else).
 */
public final class ScreenWaits {
    private ScreenWaits() {
    }

    /** Returns once {@code text} is on the screen (it may span rows, joined by {@code \n}). */
    public static WaitResult shows(RpcClient rpc, String text) throws IOException {
        return shows(rpc, text, "the terminal shows \"" + text + "\"");
    }

    /** As {@link #shows(RpcClient, String)}, failing with {@code what} as the thing that did not happen. */
    public static WaitResult shows(RpcClient rpc, String text, String what) throws IOException {
        WaitResult result = rpc.waitFor(text, Bounds.HANG);
        if (!result.matched()) {
            throw new AssertionError(what + ": not within " + Bounds.HANG.toSeconds() + " s (waited for \"" + text
                    + "\"; load average " + Bounds.loadAverage() + "); the screen then:\n" + result.screen().text());
        }
        return result;
    }
}
