package dev.ptyctl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.client.testing.FakeRestServer;
import dev.ptyctl.client.testing.FakeRpcServer;
import java.io.File;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The client verbs must start fast, so they must not load the server (service module, pty4j, JNA).
 * Runs the command line in a fresh class loader over the test class path and records every class
 * that loader is asked for.
 */
class HotCommandsClassLoadingTest {
    private static final List<String> SERVER_PACKAGES = List.of("dev.ptyctl.service.", "com.pty4j.", "com.sun.jna.",
            "kotlin.", "io.helidon.");

    @Test
    void readWriteAndWaitLoadNoServerClass() throws Exception {
        try (FakeRpcServer server = FakeRpcServer.startTcp();
             RecordingClassLoader loader = new RecordingClassLoader()) {
            server.reply("{'screen':'$ ','cursor':{'row':1,'col':3},'size':{'cols':80,'rows':24}}")
                    .reply("{'written':1,'outputSeq':3}")
                    .reply("{'matched':true,'screen':'$ ','cursor':{'row':1,'col':3},'size':{'cols':80,'rows':24},'waitedMs':1}");
            String port = Integer.toString(server.port());

            assertThat(loader.run("read", "--port", port)).isZero();
            assertThat(loader.run("write", "--port", port, "--key", "Enter")).isZero();
            assertThat(loader.run("wait", "--port", port, "--match", "$")).isZero();

            assertThat(loader.requested).as("proves the recorder sees the command line's classes")
                    .contains("dev.ptyctl.cli.ReadCommand", "dev.ptyctl.client.RpcClient", "picocli.CommandLine");
            assertThat(loader.requested).filteredOn(name -> SERVER_PACKAGES.stream().anyMatch(name::startsWith))
                    .isEmpty();
            assertThat(loader.requested).doesNotContain("dev.ptyctl.cli.ServeLauncher");
            assertThat(loader.loadClass("dev.ptyctl.service.serve.SingleTerminalServer"))
                    .as("the server is on the class path, so its absence above is the CLI's doing").isNotNull();
            for (int i = 0; i < 3; i++) {
                server.takeRequest();
            }
            server.assertExhausted();
        }
    }

    @Test
    void plainReadWriteWaitStatusRunAndPromptWaitThroughMainLoadNoPicocliClass() throws Exception {
        try (FakeRpcServer server = FakeRpcServer.startTcp();
             RecordingClassLoader loader = new RecordingClassLoader()) {
            String atPrompt = "{'matched':true,'screen':'$ ','cursor':{'row':1,'col':3},'size':{'cols':80,'rows':24},"
                    + "'waitedMs':1";
            server.reply("{'screen':'$ ','cursor':{'row':1,'col':3},'size':{'cols':80,'rows':24}}")
                    .reply("{'written':1,'outputSeq':3}")
                    .reply(atPrompt + "}")
                    .reply("{'running':true,'exitCode':null,'pid':9}")
                    .reply(atPrompt + "}")
                    .reply("{'written':3,'outputSeq':5}")
                    .reply(atPrompt + ",'command':{'output':'','truncated':false,'exitCode':0}}")
                    .reply(atPrompt + "}");
            String port = Integer.toString(server.port());

            assertThat(loader.runMain("read", "--port", port, "--bottom", "1")).isZero();
            assertThat(loader.runMain("write", "--port", port, "--key", "Enter")).isZero();
            assertThat(loader.runMain("wait", "--port", port, "--match", "$", "--timeout", "1000")).isZero();
            assertThat(loader.runMain("status", "--port", port, "--json")).isZero();
            assertThat(loader.runMain("run", "--port", port, "--", "true")).isZero();
            assertThat(loader.runMain("wait", "--prompt", "--port", port)).isZero();

            loader.assertLoadedNoPicocliOrServerClassBut("dev.ptyctl.cli.FastPath", "dev.ptyctl.client.RpcClient",
                    "dev.ptyctl.cli.CommandRunVerb");
            assertThat(loader.requested).as("a connection that works looks for no starting server")
                    .doesNotContain("dev.ptyctl.cli.StartingServerWait", "dev.ptyctl.cli.StartMarkers",
                            "dev.ptyctl.cli.ListenTarget", "dev.ptyctl.cli.ThisMachine");
            for (int i = 0; i < 8; i++) {
                server.takeRequest();
            }
            server.assertExhausted();
        }
    }

    @Test
    void plainNewLsScreenRmResizeAndKillThroughMainLoadNoPicocliClass() throws Exception {
        try (FakeRestServer rest = FakeRestServer.start();
             FakeRpcServer rpc = FakeRpcServer.startTcp();
             RecordingClassLoader loader = new RecordingClassLoader()) {
            String terminal = ServerCommandsTest.terminal("4f1c2a9be07d5e31", "s1", true, rpc.port());
            rest.reply(201, terminal).reply(200, "{'terminals':[" + terminal + "]}")
                    .reply(200, "{'format':'text','screen':'$ '}").reply(200, "{'closed':true}");
            rpc.reply("{}").reply("{}");
            String url = rest.url().toString();
            String port = Integer.toString(rpc.port());

            assertThat(loader.runMain("new", "--url", url, "--", "vim")).isZero();
            assertThat(loader.runMain("ls", "--url", url)).isZero();
            assertThat(loader.runMain("screen", "--url", url, "4f1c2a9be07d5e31")).isZero();
            assertThat(loader.runMain("rm", "--url", url, "4f1c2a9be07d5e31")).isZero();
            assertThat(loader.runMain("resize", "--port", port, "120", "40")).isZero();
            assertThat(loader.runMain("kill", "--port", port)).isZero();

            loader.assertLoadedNoPicocliOrServerClassBut("dev.ptyctl.cli.ServerVerbs",
                    "dev.ptyctl.client.TerminalsClient", "dev.ptyctl.cli.ClientVerbs");
            for (int i = 0; i < 4; i++) {
                rest.takeRequest();
            }
            rpc.takeRequest();
            rpc.takeRequest();
            rest.assertExhausted();
            rpc.assertExhausted();
        }
    }

    @Test
    void renderOfRawAndAsciicastFilesLoadsNoServerClass(@TempDir Path dir) throws Exception {
        Path raw = Files.writeString(dir.resolve("out.bin"), "hello\r\n\u001b[31mred\u001b[0m");
        Path cast = Files.writeString(dir.resolve("out.cast"),
                "{\"version\": 2, \"width\": 20, \"height\": 5}\n[0.5, \"o\", \"hello\"]\n[0.6, \"r\", \"30x6\"]\n");
        try (RecordingClassLoader loader = new RecordingClassLoader()) {
            assertThat(loader.run("render", raw.toString())).isZero();
            assertThat(loader.run("render", cast.toString(), "--format", "scrollback")).isZero();

            assertThat(loader.requested).as("proves the recorder sees the command line's classes")
                    .contains("dev.ptyctl.cli.RenderCommand", "dev.ptyctl.cli.render.AsciicastReader",
                            "dev.ptyctl.vt.Terminal", "picocli.CommandLine");
            assertThat(loader.requested).filteredOn(name -> SERVER_PACKAGES.stream().anyMatch(name::startsWith))
                    .isEmpty();
            assertThat(loader.requested).doesNotContain("dev.ptyctl.cli.ServeLauncher");
        }
    }

    /** Loads the test class path itself (child first), so every class the CLI touches is requested here. */
    private static final class RecordingClassLoader extends URLClassLoader {
        final Set<String> requested = ConcurrentHashMap.newKeySet();

        RecordingClassLoader() {
            super(classPath(), ClassLoader.getPlatformClassLoader());
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            requested.add(name);
            return super.loadClass(name, resolve);
        }

        int run(String... args) throws ReflectiveOperationException {
            Class<?> main = loadClass("dev.ptyctl.cli.Main");
            Function<String, String> noEnvironment = name -> null;
            Object commandLine = main.getMethod("newCommandLine", Function.class).invoke(null, noEnvironment);
            Class<?> type = commandLine.getClass();
            type.getMethod("setOut", PrintWriter.class).invoke(commandLine, new PrintWriter(new StringWriter()));
            type.getMethod("setErr", PrintWriter.class).invoke(commandLine, new PrintWriter(new StringWriter()));
            // jakarta.json finds its provider through the context class loader: make it this one.
            Thread thread = Thread.currentThread();
            ClassLoader previous = thread.getContextClassLoader();
            thread.setContextClassLoader(this);
            try {
                return (Integer) type.getMethod("execute", String[].class).invoke(commandLine, (Object) args);
            } finally {
                thread.setContextClassLoader(previous);
            }
        }

        /**
         * Asserts that the classes {@code loaded} were requested (proof that the recorder sees the command lines'
         * classes), and no class of picocli or of the server.
         */
        void assertLoadedNoPicocliOrServerClassBut(String... loaded) {
            assertThat(requested).as("proves the recorder sees the command line's classes").contains(loaded);
            assertThat(requested).filteredOn(name -> name.startsWith("picocli.")).isEmpty();
            assertThat(requested).filteredOn(name -> SERVER_PACKAGES.stream().anyMatch(name::startsWith)).isEmpty();
        }

        /** {@code EntryPoint.run}, what the jar's {@code main} does: the fast path first. */
        int runMain(String... args) throws ReflectiveOperationException {
            Class<?> main = loadClass("dev.ptyctl.cli.EntryPoint");
            java.lang.reflect.Method run = main.getDeclaredMethod("run", String[].class, Function.class,
                    PrintWriter.class, PrintWriter.class);
            run.setAccessible(true);
            Function<String, String> noEnvironment = name -> null;
            Thread thread = Thread.currentThread();
            ClassLoader previous = thread.getContextClassLoader();
            thread.setContextClassLoader(this);
            try {
                return (Integer) run.invoke(null, args, noEnvironment, new PrintWriter(new StringWriter()),
                        new PrintWriter(new StringWriter()));
            } finally {
                thread.setContextClassLoader(previous);
            }
        }

        private static URL[] classPath() {
            String path = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
            return Arrays.stream(path.split(File.pathSeparator)).filter(entry -> !entry.isBlank())
                    .map(entry -> {
                        try {
                            return Path.of(entry).toUri().toURL();
                        } catch (MalformedURLException e) {
                            throw new IllegalStateException(e);
                        }
                    }).toArray(URL[]::new);
        }
    }
}
