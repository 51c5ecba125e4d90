package dev.ptyctl.e2e.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.client.Action;
import dev.ptyctl.client.CreateTerminalRequest;
import dev.ptyctl.client.Key;
import dev.ptyctl.client.RpcClient;
import dev.ptyctl.client.Terminal;
import dev.ptyctl.client.TerminalsClient;
import dev.ptyctl.e2e.Ptyctl;
import dev.ptyctl.e2e.ScreenWaits;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;

/** The e2e run's server set-up leaves nothing behind: every run used to leave its shells' home in /tmp. */
@ResourceLock(Ptyctl.OWN_SERVERS)
class SharedServerTest {
    @Test
    void theShellsHomeIsDeletedOnceTheServerHasStopped() throws Exception {
        Path home;
        try (SharedServer.Running running = SharedServer.startLocal();
                TerminalsClient terminals = TerminalsClient.builder().baseUrl(running.server().url()).build()) {
            home = running.home();
            // An interactive bash, which also writes its history into the home as the server's stop hangs it up.
            Terminal shell = terminals.create(CreateTerminalRequest.builder("home").command("/bin/bash").build());
            try (RpcClient rpc = RpcClient.connect(shell.rpc())) {
                rpc.write(Action.text("echo kept > ~/written; echo written-$((6*7))"), Action.key(Key.ENTER));
                ScreenWaits.shows(rpc, "written-42");
            }
            assertThat(home.resolve("written")).exists();
        }
        assertThat(home).as("the shells' home after the server stopped").doesNotExist();
    }
}
