package dev.ptyctl.client.junit;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The terminals of one test: the one of its {@link WithTerminal} settings, opened when a parameter first asks for
 * it, and those of its {@link TerminalLauncher}. Closed together after the test.
 */
final class TestTerminals {
    private final org.junit.jupiter.api.extension.ExtensionContext context;
    private final WithTerminal settings;
    private final List<TerminalOpener.Running> opened = new ArrayList<>();
    private TerminalOpener.Running own;

    TestTerminals(org.junit.jupiter.api.extension.ExtensionContext context, WithTerminal settings) {
        this.context = context;
        this.settings = settings;
    }

    synchronized TerminalOpener.Running own() throws IOException {
        if (own == null) {
            own = open(TerminalOpener.Overrides.NONE, "");
        }
        return own;
    }

    /** A terminal of these settings with {@code overrides}; {@code label} tells its report from the test's others. */
    synchronized TerminalOpener.Running open(TerminalOpener.Overrides overrides, String label) throws IOException {
        TerminalOpener.Running running = TerminalOpener.open(context, settings, overrides, label);
        opened.add(running);
        return running;
    }

    synchronized List<TerminalOpener.Running> opened() {
        return List.copyOf(opened);
    }
}
