package dev.ptyctl.client.dsl;

import dev.ptyctl.vt.keys.MouseEncoder;

/** A mouse button, for {@link TerminalDriver#click(int, int, MouseButton)}. */
public enum MouseButton {
    LEFT(MouseEncoder.Button.LEFT), MIDDLE(MouseEncoder.Button.MIDDLE), RIGHT(MouseEncoder.Button.RIGHT);

    private final MouseEncoder.Button encoded;

    MouseButton(MouseEncoder.Button encoded) {
        this.encoded = encoded;
    }

    MouseEncoder.Button encoded() {
        return encoded;
    }
}
