package dev.ptyctl.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import jakarta.json.JsonException;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class JsonSupportTest {
    /** A use of {@code jakarta.json.Json}'s static factories: an import of the class or a qualified call. */
    private static final Pattern STATIC_FACTORY = Pattern.compile(
            "^import jakarta\\.json\\.Json;|jakarta\\.json\\.Json\\.create", Pattern.MULTILINE);

    @Test
    void parsesObjectsAndValues() {
        assertThat(JsonSupport.parseObject("{\"a\":[1,2]}").getJsonArray("a")).hasSize(2);
        assertThat(JsonSupport.parseValue("\"text\"").getValueType()).isEqualTo(JsonValue.ValueType.STRING);
        assertThat(JsonSupport.parseValue("[]").getValueType()).isEqualTo(JsonValue.ValueType.ARRAY);
        assertThatThrownBy(() -> JsonSupport.parseObject("[1]")).isInstanceOf(JsonException.class);
        assertThatThrownBy(() -> JsonSupport.parseValue("{\"a\":")).isInstanceOf(JsonException.class);
    }

    @Test
    void buildersComeFromOneProvider() {
        assertThat(JsonSupport.objectBuilder().add("n", 1).build().toString()).isEqualTo("{\"n\":1}");
        assertThat(JsonSupport.arrayBuilder().add("x").build().toString()).isEqualTo("[\"x\"]");
    }

    /**
     * Every {@code jakarta.json.Json.createX} call looks the provider up again: a ServiceLoader scan that opens every
     * jar on the class path. In the server that made each REST response and JSON-RPC request pay for a scan, so no
     * production source of any module may use those factories; {@link JsonSupport} holds the one provider.
     */
    @Test
    void noModuleUsesTheStaticFactories() throws IOException {
        Path root = Path.of("..").toAbsolutePath().normalize();
        assertThat(root.resolve("protocol/src/main/java")).isDirectory();
        List<Path> offenders;
        try (Stream<Path> modules = Files.list(root)) {
            offenders = modules.map(m -> m.resolve("src/main/java")).filter(Files::isDirectory)
                    .flatMap(JsonSupportTest::javaFiles).filter(JsonSupportTest::usesStaticFactory).toList();
        }
        assertThat(offenders).as("sources using jakarta.json.Json instead of JsonSupport").isEmpty();
    }

    private static Stream<Path> javaFiles(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(f -> f.toString().endsWith(".java")).toList().stream();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static boolean usesStaticFactory(Path file) {
        try {
            return STATIC_FACTORY.matcher(Files.readString(file)).find();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
