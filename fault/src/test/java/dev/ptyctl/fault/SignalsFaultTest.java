package dev.ptyctl.fault;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.protocol.JsonSupport;
import dev.ptyctl.testsupport.Bounds;
import dev.ptyctl.testsupport.RawWebSocket;
import jakarta.json.JsonObject;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/**
 * Signals and exits: the hosted program killed by each common signal, a program that leaves a child behind and
 * exits, one that closes its terminal and goes on, one that exits while a client is writing to it. Each time the
 * status and exit code are right, and deleting the terminal leaves no process behind.
 */
class SignalsFaultTest {
    @ParameterizedTest(name = "SIG{0}")
    @CsvSource({"HUP, 1", "INT, 2", "QUIT, 3", "ABRT, 6", "KILL, 9", "USR1, 10", "SEGV, 11", "USR2, 12", "PIPE, 13",
        "ALRM, 14", "TERM, 15"})
    void aProgramKilledByASignalExitsWith128PlusItsNumber(String signal, int number) throws Exception {
        try (FaultServer server = FaultServer.start()) {
            JsonObject created = server.create("signal-" + signal, "/bin/sleep", List.of("1000")).json();
            String id = created.getString("terminalId");
            try (RawWebSocket socket = server.attach(id, "", 0)) {
                socket.nextText(t -> t.startsWith("{\"type\":\"size\"")); // attached
                Process kill = new ProcessBuilder("kill", "-s", signal, String.valueOf(created.getInt("pid")))
                        .inheritIO().start();
                assertThat(kill.waitFor(Bounds.HANG.toSeconds(), TimeUnit.SECONDS) && kill.exitValue() == 0).isTrue();
                JsonObject exit = JsonSupport.parseObject(socket.nextText(t -> t.startsWith("{\"type\":\"exit\"")));
                assertThat(exit.getInt("exitCode")).isEqualTo(128 + number);
            }
            JsonObject status = server.get("/v1/terminals/" + id).json();
            assertThat(status.getBoolean("running")).isFalse();
            assertThat(status.getInt("exitCode")).isEqualTo(128 + number);
            if (number == 15) {
                Fault.report("signals and exits", "the hosted program killed by SIGHUP, INT, QUIT, ABRT, KILL, USR1, "
                        + "SEGV, USR2, PIPE, ALRM, TERM", "exit frame and REST exitCode 128 + n for each; running "
                        + "false", "SignalsFaultTest");
            }
        }
    }

    @Test
    void aProgramThatLeavesABackgroundChildAndExitsIsReportedAndTheChildEndsWithTheTerminal() throws Exception {
        try (FaultServer server = FaultServer.start()) {
            String id = server.createGated("daemon", "sleep 1000 & echo \"child=$!\"; exit 3");
            try (RawWebSocket socket = server.attach(id, "lastOutputSeq=0", 0)) {
                socket.nextText(t -> t.startsWith("{\"type\":\"output\"")); // the "R": the shell is past stty
                socket.sendText(FaultServer.GO);
                StringBuilder output = new StringBuilder();
                JsonObject exit;
                while (true) {
                    JsonObject frame = JsonSupport.parseObject(socket.next(RawWebSocket.TEXT).text());
                    if (frame.getString("type").equals("output")) {
                        output.append(frame.getString("data"));
                    }
                    if (frame.getString("type").equals("exit")) {
                        exit = frame;
                        break;
                    }
                }
                assertThat(exit.getInt("exitCode")).isEqualTo(3);
                String text = output.toString();
                long child = Long.parseLong(text.substring(text.indexOf("child=") + 6).replaceAll("(?s)\\D.*", ""));
                assertThat(server.delete("/v1/terminals/" + id).status()).isIn(200, 404);
                boolean gone = ProcessHandle.of(child).map(h -> h.onExit().completeOnTimeout(null,
                        Bounds.HANG.toSeconds(), TimeUnit.SECONDS).join() == null ? !h.isAlive() : true).orElse(true);
                assertThat(gone).as("the background child %d after the terminal ended", child).isTrue();
            }
            Fault.report("signals and exits", "a program that starts a background child and exits 3",
                    "exit code 3 reported; the child ended with the terminal", "SignalsFaultTest");
        }
    }

    @Test
    void aProgramThatClosesItsTerminalButRunsOnStaysRunningUntilDeleted() throws Exception {
        try (FaultServer server = FaultServer.start()) {
            JsonObject created = server.create("closes-tty", "/bin/sh",
                    List.of("-c", "exec </dev/null >/dev/null 2>&1; exec sleep 1000")).json();
            String id = created.getString("terminalId");
            long pid = created.getJsonNumber("pid").longValue();
            // Its terminal closed on its side, the program is still alive, and the server says so.
            ProcessHandle handle = ProcessHandle.of(pid).orElseThrow();
            assertThat(server.get("/v1/terminals/" + id).json().getBoolean("running")).isTrue();
            assertThat(handle.isAlive()).isTrue();
            assertThat(server.delete("/v1/terminals/" + id).status()).isEqualTo(200);
            handle.onExit().completeOnTimeout(null, Bounds.HANG.toSeconds(), TimeUnit.SECONDS).join();
            assertThat(handle.isAlive()).as("the program after its terminal was deleted").isFalse();
            Fault.report("signals and exits", "a program that closes its terminal (stdin, stdout, stderr) and runs on",
                    "reported running; ended by the delete", "SignalsFaultTest");
        }
    }

    @Test
    void aProgramThatExitsWhileAClientWritesEndsCleanlyForTheClient() throws Exception {
        try (FaultServer server = FaultServer.start()) {
            String id = server.createGated("exit-mid-write", "head -c 10 >/dev/null; exit 4");
            try (RawWebSocket socket = server.attach(id, "lastOutputSeq=0", 0)) {
                socket.nextText(t -> t.startsWith("{\"type\":\"output\"")); // the "R": the shell is past stty
                socket.sendText(FaultServer.GO);
                String chunk = ("z".repeat(99) + "\\n").repeat(600); // lines, so a canonical-mode read returns
                int sent = 0;
                int exitCode = -1;
                // Writes until the program is gone; every frame is answered (ack or error), then the exit frame.
                for (long seq = 1; seq <= 40; seq++) {
                    try {
                        socket.sendText("{\"type\":\"input\",\"clientId\":\"w\",\"clientSeq\":" + seq
                                + ",\"data\":\"" + chunk + "\"}");
                        sent++;
                    } catch (java.io.IOException closed) {
                        break;
                    }
                }
                while (exitCode < 0) {
                    JsonObject frame = JsonSupport.parseObject(socket.next(RawWebSocket.TEXT).text());
                    if (frame.getString("type").equals("exit")) {
                        exitCode = frame.getInt("exitCode");
                    }
                }
                assertThat(exitCode).isEqualTo(4);
                Fault.report("signals and exits", "a program that exits (code 4) while a client writes " + sent
                        + " frames of 60 KB to it", "exit frame with code 4, no hang, the server serves on",
                        "SignalsFaultTest");
            }
            assertThat(server.get("/v1/terminals").status()).isEqualTo(200);
        }
    }
}
