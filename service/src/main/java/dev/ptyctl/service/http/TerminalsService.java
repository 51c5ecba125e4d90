package dev.ptyctl.service.http;

import dev.ptyctl.protocol.JsonSupport;
import dev.ptyctl.protocol.UnknownTerminal;
import dev.ptyctl.service.terminals.Closing;
import dev.ptyctl.service.terminals.CreateRequest;
import dev.ptyctl.service.terminals.HostedTerminal;
import dev.ptyctl.service.terminals.TerminalJson;
import dev.ptyctl.service.terminals.TerminalRegistry;
import dev.ptyctl.service.terminals.TerminalRequestException;
import io.helidon.http.HeaderNames;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.function.ToIntFunction;

/**
 * {@code /v1/terminals} (SPEC §5.1): create (the session rule, {@code attachOnly}, {@code background}), list, get,
 * delete by session and by id, the screen as text or escape sequences, and the recording as asciicast.
 */
public final class TerminalsService implements HttpService {
    private final TerminalRegistry registry;
    private final ToIntFunction<String> clients;

    /** @param clients how many WebSocket clients a terminal (by id) has */
    public TerminalsService(TerminalRegistry registry, ToIntFunction<String> clients) {
        this.registry = registry;
        this.clients = clients;
    }

    @Override
    public void routing(HttpRules rules) {
        rules.post("/", this::create)
                .get("/", this::list)
                // The rest of the path, not one segment: a session id may hold a slash (sent as %2F, or as is).
                .delete("/session/*", this::deleteBySession)
                .get("/{id}", this::get)
                .delete("/{id}", this::deleteById)
                .get("/{id}/screen", this::screen)
                .get("/{id}/recording", this::recording)
                // The same paths asked otherwise: what they take, rather than 404 "no such endpoint".
                .any("/", WrongMethod.only("GET, HEAD, POST", "GET lists the terminals, POST creates one"))
                .any("/session/*", WrongMethod.only("DELETE", "DELETE closes the session's terminal"))
                .any("/{id}", WrongMethod.only("GET, HEAD, DELETE", "GET describes the terminal, DELETE closes it"))
                .any("/{id}/screen", WrongMethod.only("GET, HEAD", "GET reads the screen"))
                .any("/{id}/recording", WrongMethod.only("GET, HEAD", "GET downloads the recording"))
                .any("/{id}/socket", WrongMethod.webSocket("the terminal's socket"));
    }

    private void create(ServerRequest req, ServerResponse res) throws InterruptedException {
        boolean ignoreUnknown = req.headers().first(HeaderNames.create(CreateRequestJson.UNKNOWN_FIELDS_HEADER))
                .map(value -> value.strip().equalsIgnoreCase("ignore")).orElse(false);
        CreateRequest request = CreateRequestJson.parse(JsonBody.read(req), ignoreUnknown);
        TerminalRegistry.Outcome outcome;
        try {
            outcome = registry.create(request);
        } catch (TerminalRequestException e) {
            throw refusal(e);
        }
        Responses.json(res, outcome.created() ? 201 : 200, describe(outcome.terminal()));
    }

    private void list(ServerRequest req, ServerResponse res) {
        JsonArrayBuilder terminals = JsonSupport.arrayBuilder();
        registry.list().forEach(t -> terminals.add(describe(t)));
        Responses.json(res, 200, JsonSupport.objectBuilder().add("terminals", terminals).build());
    }

    private void get(ServerRequest req, ServerResponse res) {
        Responses.json(res, 200, describe(terminal(req)));
    }

    private void deleteBySession(ServerRequest req, ServerResponse res) throws InterruptedException {
        String session = sessionOf(req.path().absolute().rawPath());
        closed(req, res, registry.closeBySession(session), "no terminal in session " + session);
    }

    /**
     * The session id of {@code DELETE .../session/ID}: everything after {@code /session/}, percent-decoded here from
     * the raw path. A session id is any string create takes, so it may hold {@code /}, which the server's routing
     * would read (decoded from {@code %2F}) as a path separator; a {@code +} stays a plus, as in any path.
     */
    private static String sessionOf(String rawPath) {
        String encoded = rawPath.substring(rawPath.indexOf("/session/") + "/session/".length());
        if (encoded.isEmpty()) {
            throw ApiException.badRequest("the session id is missing: DELETE /v1/terminals/session/ID, with the id "
                    + "percent-encoded (a / as %2F)");
        }
        try {
            return URLDecoder.decode(encoded.replace("+", "%2B"), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw ApiException.badRequest("the session id in the path is not percent-encoded right: " + encoded);
        }
    }

    private void deleteById(ServerRequest req, ServerResponse res) {
        String id = req.path().pathParameters().get("id");
        closed(req, res, registry.closeById(id), UnknownTerminal.message(id));
    }

    /**
     * SPEC §5.1, as the seed words it: 200 {@code {"closed": true}}, or 404 {@code {"closed": false}} when no live
     * terminal was closed, which is logged as a refusal like every other 404 (it has its own body, so it does not pass
     * through {@link ApiErrors}). When there was no terminal at all, the 404 also has the error members every other
     * refusal has ({@code "error": "not_found"} and {@code unknown}), so that a client can tell a mistyped id from a
     * terminal whose program had exited and which is now forgotten, without looking it up first.
     */
    private static void closed(ServerRequest req, ServerResponse res, Closing closing, String unknown) {
        JsonObjectBuilder body = JsonSupport.objectBuilder().add("closed", closing.closed());
        if (!closing.closed()) {
            ApiErrors.logRefused(req, 404, "not_found");
        }
        if (closing == Closing.NONE) {
            body.add("error", "not_found").add("message", unknown);
        }
        Responses.json(res, closing.closed() ? 200 : 404, body.build());
    }

    private void screen(ServerRequest req, ServerResponse res) {
        HostedTerminal terminal = terminal(req);
        String format = req.query().first("format").orElse("text");
        String joinedParam = req.query().first("joined").orElse("false");
        boolean joined = switch (joinedParam) {
            case "true" -> true;
            case "false" -> false;
            default -> throw ApiException.badRequest("joined must be true or false, got " + joinedParam);
        };
        if (joined && !format.equals("text")) {
            throw ApiException.badRequest("joined=true goes with format=text, got format=" + format);
        }
        JsonObject body = switch (format) {
            case "text" -> ScreenFormats.text(terminal, joined);
            case "vt" -> ScreenFormats.vt(terminal);
            default -> throw ApiException.badRequest("format must be text or vt, got " + format);
        };
        Responses.json(res, 200, body);
    }

    private void recording(ServerRequest req, ServerResponse res) {
        HostedTerminal terminal = terminal(req);
        String format = req.query().first("format").orElse("asciicast");
        if (!format.equals("asciicast")) {
            throw ApiException.badRequest("format must be asciicast, got " + format);
        }
        HeadRequests.send(res.header(HeaderNames.CONTENT_TYPE, "application/x-asciicast")
                .header(HeaderNames.CONTENT_DISPOSITION, "inline; filename=\"" + terminal.terminalId() + ".cast\""),
                terminal.asciicast());
    }

    private JsonObject describe(HostedTerminal terminal) {
        return TerminalJson.describe(terminal, clients.applyAsInt(terminal.terminalId()));
    }

    private HostedTerminal terminal(ServerRequest req) {
        String id = req.path().pathParameters().get("id");
        return registry.find(id).orElseThrow(() -> ApiException.notFound(UnknownTerminal.message(id)));
    }

    private static ApiException refusal(TerminalRequestException e) {
        return switch (e.reason()) {
            case INVALID -> ApiException.badRequest(e.getMessage());
            case NOT_REGISTERED -> new ApiException(404, "not_registered", e.getMessage());
            case LIMIT_REACHED -> new ApiException(429, "too_many_terminals", e.getMessage());
            case SPAWN_FAILED -> new ApiException(500, "spawn_failed", e.getMessage());
            case TASK_LIMIT -> new ApiException(503, "task_limit", e.getMessage());
        };
    }
}
