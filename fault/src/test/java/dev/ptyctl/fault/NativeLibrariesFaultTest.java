package dev.ptyctl.fault;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.testsupport.TemporaryFolders;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Where the native libraries of pty4j and JNA come from: the build's {@code libs/native}, so that a server writes
 * nothing outside its temporary files, and a copy without that folder says so when it starts.
 */
class NativeLibrariesFaultTest {
    @Test
    void aServerWritesNothingIntoTheHomeOfItsUser() throws Exception {
        // JNA made ~/.cache/JNA/temp at every start to clear it, though it loaded its library from libs/native.
        Path home = TemporaryFolders.create("ptyctl-home");
        try (FaultServer server = FaultServer.startProcess(Map.of("HOME", home.toString(), "XDG_CACHE_HOME",
                home.resolve(".cache").toString()))) {
            String id = server.createGated("home", "cat");
            assertThat(server.delete("/v1/terminals/" + id).status()).isEqualTo(200);
        }
        try (Stream<Path> written = Files.walk(home)) {
            assertThat(written.filter(p -> !p.equals(home)).map(Path::toString))
                    .as("what the server wrote into its user's home").isEmpty();
        }
    }

    @Test
    void aCopyOfTheServerWithoutItsNativeFolderSaysSoInOneLineAtStart() throws Exception {
        // A libs/ copied without native/ unpacked the libraries into the temporary folder at the first terminal
        // without a word, and with that folder full every create failed while the server looked healthy.
        Path built = Path.of(System.getProperty("ptyctl.jar", "../cli-client/target/ptyctl.jar"));
        Path copy = TemporaryFolders.create("ptyctl-copy");
        Files.copy(built, copy.resolve("ptyctl.jar"));
        Files.createDirectory(copy.resolve("libs"));
        try (Stream<Path> libs = Files.list(built.resolveSibling("libs"))) {
            for (Path jar : libs.filter(p -> p.toString().endsWith(".jar")).toList()) {
                Files.copy(jar, copy.resolve("libs").resolve(jar.getFileName()));
            }
        }
        Process server = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-jar", copy.resolve("ptyctl.jar").toString(), "server",
                "--port", "0").redirectErrorStream(true)
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
        List<String> printed = new ArrayList<>();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(server.getInputStream(),
                StandardCharsets.UTF_8))) {
            for (String line = out.readLine(); line != null && !line.contains("listening on"); line = out.readLine()) {
                printed.add(line);
            }
        } finally {
            server.destroy();
            server.waitFor(30, TimeUnit.SECONDS);
        }
        assertThat(printed.stream().filter(l -> l.contains("native")))
                .as("lines about the native libraries in %s", printed).singleElement().asString()
                .startsWith("ptyctl: warning: no native libraries for ")
                .contains(copy.resolve("libs/native").toString()).contains("libs/native")
                .contains("-Dpty4j.tmpdir=DIR -Djna.tmpdir=DIR");
    }
}
