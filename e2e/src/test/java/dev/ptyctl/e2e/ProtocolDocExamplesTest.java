package dev.ptyctl.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.e2e.server.RemoteServer;
import dev.ptyctl.protocol.JsonSupport;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Replays every example of {@code docs/protocol-jsonrpc.md}, in order, against {@code ptyctl serve --cmd cat}: the
 * reference shows exactly what the server answers. In the e2e remote mode the same exchanges go over the server's
 * WebSocket {@code /v1/terminals/{id}/rpc}, but for the batch, which the server's port accepts.
 */
class ProtocolDocExamplesTest {
    private static final Path DOC = Ptyctl.ROOT.resolve("docs/protocol-jsonrpc.md");
    /** Fields whose value depends on the run (process ids, timings, output offsets): only their type is compared. */
    private static final Set<String> VARYING = Set.of("pid", "waitedMs", "outputSeq");

    record Exchange(int line, String request, String expectedResponse) {
    }

    @Test
    void everyExampleInTheProtocolReferenceIsWhatTheServerAnswers() throws Exception {
        List<Exchange> exchanges = examples();
        assertThat(exchanges).as("examples in %s", DOC).hasSizeGreaterThan(20);
        try (ServedTerminal served = ServedTerminal.tcp("cat"); RawRpc rpc = served.connect()) {
            for (Exchange exchange : exchanges) {
                if (RemoteServer.active() && exchange.request().startsWith("[")) {
                    continue; // the server's port takes batches (docs/rest.md); the socket refuses them
                }
                rpc.sendLine(exchange.request());
                String actual = rpc.readLine();
                assertThat(actual).as("no answer to line %d: %s", exchange.line(), exchange.request()).isNotNull();
                JsonValue expected = parse(exchange.expectedResponse());
                JsonValue got = parse(actual);
                assertThat(normalize(got)).as("docs/protocol-jsonrpc.md line %d\nrequest:  %s\nexpected: %s\nactual:   %s",
                        exchange.line(), exchange.request(), exchange.expectedResponse(), actual)
                        .isEqualTo(normalize(expected));
            }
            assertThat(rpc.closedByServer()).as("pty/kill closes the connection").isTrue();
            assertThat(served.awaitEnd()).isEqualTo(ServedTerminal.CLEAN_END);
        }
    }

    static List<Exchange> examples() throws Exception {
        List<String> lines = Files.readAllLines(DOC);
        List<Exchange> out = new ArrayList<>();
        boolean inBlock = false;
        String pending = null;
        int pendingLine = 0;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.startsWith("```")) {
                inBlock = line.equals("```jsonrpc");
                continue;
            }
            if (!inBlock) {
                continue;
            }
            if (line.startsWith("→ ")) {
                assertThat(pending).as("line %d: request without response before it", i + 1).isNull();
                pending = line.substring(2);
                pendingLine = i + 1;
            } else if (line.startsWith("← ")) {
                assertThat(pending).as("line %d: response without request", i + 1).isNotNull();
                out.add(new Exchange(pendingLine, pending, line.substring(2)));
                pending = null;
            }
        }
        return out;
    }

    private static JsonValue parse(String json) {
        return JsonSupport.parseValue(json);
    }

    /** Replaces the values of {@link #VARYING} fields by their JSON type, recursively. */
    private static JsonValue normalize(JsonValue value) {
        if (value instanceof JsonObject object) {
            Map<String, JsonValue> copy = object.entrySet().stream().collect(Collectors.toMap(Map.Entry::getKey,
                    e -> VARYING.contains(e.getKey())
                            ? JsonSupport.PROVIDER.createValue("<" + e.getValue().getValueType() + ">")
                            : normalize(e.getValue()), (a, b) -> a, java.util.TreeMap::new));
            return JsonSupport.PROVIDER.createObjectBuilder(copy).build();
        }
        return value;
    }
}
