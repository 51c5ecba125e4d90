package dev.ptyctl.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.testsupport.RequiresTool;
import jakarta.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Real programs behind {@code ptyctl serve}: the screen reads as a terminal would show it. */
class ProgramsE2eTest {

    @Test
    @RequiresTool("vim")
    void vimEditsAndSavesAFile(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("notes.txt");
        try (ServedTerminal served = ServedTerminal.tcp("vim -u NONE -n " + file, "--cols", "80", "--rows", "24");
                RawRpc rpc = served.connect()) {
            JsonObject started = rpc.call("pty/wait", "{\"match\":\"notes.txt\",\"timeout\":20000}");
            assertThat(started.getBoolean("matched")).as("%s", started).isTrue();
            rpc.call("pty/write", "{\"action\":[{\"text\":\"i\"},{\"text\":\"first line\"},{\"key\":\"Enter\"},"
                    + "{\"text\":\"second – ünïcode 世界\"}]}");
            // idleMs: vim draws the typed row, then puts the cursor back after it; the text alone can match between.
            JsonObject screen = rpc.call("pty/wait",
                    "{\"match\":\"second – ünïcode 世界\\n~\",\"idleMs\":300,\"timeout\":10000}");
            assertThat(screen.getBoolean("matched")).as(screen.getString("screen")).isTrue();
            String[] rows = screen.getString("screen").split("\n", -1);
            assertThat(rows[0]).isEqualTo("first line");
            assertThat(rows[1]).isEqualTo("second – ünïcode 世界");
            assertThat(rows[2]).isEqualTo("~");
            JsonObject cursor = screen.getJsonObject("cursor");
            assertThat(cursor.getInt("row")).isEqualTo(2);
            // "second – ünïcode " is 17 columns, each CJK character takes two: the cursor sits after them.
            assertThat(cursor.getInt("col")).isEqualTo(17 + 4 + 1);

            rpc.call("pty/write", "{\"action\":[{\"key\":\"Escape\"},{\"text\":\":wq\"},{\"key\":\"Enter\"}]}");
            rpc.call("pty/wait", "{\"match\":\"never\",\"timeout\":20000}"); // returns when vim exits
            assertThat(rpc.call("pty/status", "{}").getInt("exitCode")).isZero();
        }
        assertThat(Files.readString(file)).isEqualTo("first line\nsecond – ünïcode 世界\n");
    }

    @Test
    @RequiresTool("less")
    void lessPagesThroughAFileAndRestoresTheShellScreen() throws Exception {
        try (ServedTerminal served = ServedTerminal.tcp(JsonRpcE2eTest.BASH, "--cols", "80", "--rows", "24");
                RawRpc rpc = served.connect()) {
            rpc.call("pty/wait", "{\"match\":\"$\\n\",\"timeout\":20000}");
            rpc.call("pty/write", "{\"action\":[{\"text\":\"echo before; seq 1 200 | less\"},{\"key\":\"Enter\"}]}");
            JsonObject first = rpc.call("pty/wait", "{\"match\":\"\\n23\\n:\\n\",\"timeout\":10000}");
            assertThat(first.getBoolean("matched")).as(first.getString("screen")).isTrue();
            assertThat(first.getString("screen")).startsWith("1\n2\n3\n").doesNotContain("before");

            rpc.call("pty/write", "{\"action\":{\"key\":\"Space\"}}");
            JsonObject second = rpc.call("pty/wait", "{\"match\":\"\\n46\\n:\\n\",\"timeout\":10000}");
            assertThat(second.getBoolean("matched")).as(second.getString("screen")).isTrue();
            assertThat(second.getString("screen")).startsWith("24\n25\n");

            rpc.call("pty/write", "{\"action\":{\"text\":\"q\"}}");
            JsonObject back = rpc.call("pty/wait", "{\"match\":\"before\\n$\\n\",\"timeout\":10000}");
            assertThat(back.getBoolean("matched")).as(back.getString("screen")).isTrue();
            assertThat(back.getString("screen")).doesNotContain("\n24\n");
        }
    }

    @Test
    void colouredLsOutputReadsAsPlainText(@TempDir Path dir) throws Exception {
        Files.createDirectory(dir.resolve("subdir"));
        Files.writeString(dir.resolve("plain.txt"), "x");
        Path script = Files.writeString(dir.resolve("run.sh"), "#!/bin/sh\n");
        script.toFile().setExecutable(true);
        try (ServedTerminal served = ServedTerminal.tcp(JsonRpcE2eTest.BASH, "--cwd", dir.toString());
                RawRpc rpc = served.connect()) {
            rpc.call("pty/wait", "{\"match\":\"$\\n\",\"timeout\":20000}");
            rpc.call("pty/write", "{\"action\":[{\"text\":\"ls --color=always -1\"},{\"key\":\"Enter\"}]}");
            JsonObject screen = rpc.call("pty/wait", "{\"match\":\"subdir\\n$\\n\",\"timeout\":10000}");
            assertThat(screen.getBoolean("matched")).as(screen.getString("screen")).isTrue();
            assertThat(screen.getString("screen")).contains("\nplain.txt\nrun.sh\nsubdir\n").doesNotContain("\u001b");
        }
    }

    @Test
    void readlineEditingShowsTheEditedLine() throws Exception {
        try (ServedTerminal served = ServedTerminal.tcp(JsonRpcE2eTest.BASH); RawRpc rpc = served.connect()) {
            rpc.call("pty/wait", "{\"match\":\"$\\n\",\"timeout\":20000}");
            // type, move left over "world", delete a word backwards, type over, go to the end: readline redraws
            rpc.call("pty/write", "{\"action\":[{\"text\":\"echo hello big world\"},"
                    + "{\"key\":\"Alt+b\"},{\"key\":\"Ctrl+W\"},{\"text\":\"small \"},{\"key\":\"End\"},"
                    + "{\"text\":\".\"}]}");
            JsonObject screen = rpc.call("pty/wait", "{\"match\":\"$ echo hello small world.\\n\",\"timeout\":10000}");
            assertThat(screen.getBoolean("matched")).as(screen.getString("screen")).isTrue();
            rpc.call("pty/write", "{\"action\":{\"key\":\"Enter\"}}");
            assertThat(rpc.call("pty/wait", "{\"match\":\"\\nhello small world.\\n\"}").getBoolean("matched")).isTrue();
        }
    }
}
