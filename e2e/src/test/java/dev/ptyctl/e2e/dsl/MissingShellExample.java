package dev.ptyctl.e2e.dsl;

import dev.ptyctl.client.dsl.TerminalDriver;
import dev.ptyctl.client.junit.WithTerminal;
import org.junit.jupiter.api.Test;

/** A test whose shell is not installed anywhere: {@link ShellsAndSizesE2eTest} runs it and checks it is skipped. */
class MissingShellExample {

    @Test
    @WithTerminal(shell = "no-such-shell-for-ptyctl-tests")
    void needsAShellThatIsNotInstalled(TerminalDriver t) {
        t.run("true");
    }
}
