package dev.ptyctl.service.http;

import dev.ptyctl.service.log.EventLog;
import io.helidon.http.HeaderNames;
import io.helidon.http.Headers;
import io.helidon.http.Method;
import io.helidon.webserver.http.Filter;
import io.helidon.webserver.http.FilterChain;
import io.helidon.webserver.http.RoutingRequest;
import io.helidon.webserver.http.RoutingResponse;
import java.util.Optional;

/**
 * Applies {@link AccessRules} to every HTTP request before routing: the Host rule everywhere, and on the API
 * ({@code /v1/...}) the Origin and token rules too. Health ({@code /observe/...}) needs no token, so probes work
 * without one. The terminal WebSocket's upgrade request passes through here too (Helidon routes upgrades through
 * the HTTP filters), so it gets the same rules, answered 401/403 before the socket endpoint is asked.
 * {@code GET /v1/events} and WebSocket upgrades also take {@code ?token=}, since a browser's EventSource and
 * WebSocket cannot send headers; every other REST call needs the header.
 *
 * <p>A page from an allowed origin may call the API from the browser: its CORS preflight is answered (before the
 * token, which preflights never carry) and its responses name it in {@code Access-Control-Allow-Origin}.
 */
public final class RequestGuard implements Filter {
    private static final String API_PREFIX = "/v1/";
    private static final String EVENTS_PATH = "/v1/events";
    /** The MCP adapter's Streamable HTTP endpoint: the same rules as the API (token, Origin). */
    private static final String MCP_PATH = "/mcp";
    /** Browsers may cache a preflight answer this long (seconds); the rules only change with a restart. */
    private static final String PREFLIGHT_MAX_AGE = "600";

    private final AccessRules rules;

    public RequestGuard(AccessRules rules) {
        this.rules = rules;
    }

    @Override
    public void filter(FilterChain chain, RoutingRequest req, RoutingResponse res) {
        Headers headers = req.headers();
        Optional<String> host = headers.first(HeaderNames.HOST);
        Optional<String> origin = headers.first(HeaderNames.ORIGIN);
        String path = req.path().path();
        boolean api = path.startsWith(API_PREFIX) || path.equals("/v1") || path.equals(MCP_PATH)
                || path.startsWith(MCP_PATH + "/");
        if (api && isPreflight(req)) {
            answerPreflight(req, host, origin, res);
            return;
        }
        Optional<AccessRules.Refusal> refusal = api
                ? rules.check(host, origin, headers.first(HeaderNames.AUTHORIZATION), queryToken(req, path))
                : rules.checkHost(host);
        if (refusal.isPresent()) {
            refuse(req, res, refusal.get());
            return;
        }
        String method = req.prologue().method().text();
        if (api && !method.equals("GET") && !method.equals("HEAD") && rules.scope(
                headers.first(HeaderNames.AUTHORIZATION), queryToken(req, path)) == AccessRules.Scope.VIEW) {
            refuse(req, res, AccessRules.viewOnly(method));
            return;
        }
        origin.ifPresent(o -> res.header(HeaderNames.ACCESS_CONTROL_ALLOW_ORIGIN, o).header(HeaderNames.VARY,
                "Origin"));
        // Helidon runs a WebSocket upgrade's onHttpUpgrade within this call: a refusal there is logged with this.
        EventLog.handlingRequestFrom(req.remotePeer().address(), chain::proceed);
    }

    /** The token as a query parameter, where browsers need it: the event stream and WebSocket upgrades. */
    private static Optional<String> queryToken(RoutingRequest req, String path) {
        boolean browserChannel = path.equals(EVENTS_PATH)
                || req.headers().first(HeaderNames.UPGRADE).filter("websocket"::equalsIgnoreCase).isPresent();
        return browserChannel ? req.query().first("token").asOptional() : Optional.empty();
    }

    private static boolean isPreflight(RoutingRequest req) {
        return Method.OPTIONS.equals(req.prologue().method()) && req.headers().contains(HeaderNames.ORIGIN)
                && req.headers().contains(HeaderNames.ACCESS_CONTROL_REQUEST_METHOD);
    }

    private void answerPreflight(RoutingRequest req, Optional<String> host, Optional<String> origin,
                                 RoutingResponse res) {
        Optional<AccessRules.Refusal> refusal = rules.checkHost(host).or(() -> rules.checkOrigin(origin, host));
        if (refusal.isPresent()) {
            refuse(req, res, refusal.get());
            return;
        }
        res.status(204)
                .header(HeaderNames.ACCESS_CONTROL_ALLOW_ORIGIN, origin.orElseThrow())
                .header(HeaderNames.ACCESS_CONTROL_ALLOW_METHODS, "GET, POST, DELETE")
                .header(HeaderNames.ACCESS_CONTROL_ALLOW_HEADERS, "Authorization, Content-Type")
                .header(HeaderNames.ACCESS_CONTROL_MAX_AGE, PREFLIGHT_MAX_AGE)
                .header(HeaderNames.VARY, "Origin")
                .send();
    }

    private static void refuse(RoutingRequest req, RoutingResponse res, AccessRules.Refusal refusal) {
        EventLog.get().requestRefused(refusal.status(), refusal.error(), refusal.message(),
                HeadRequests.method(req), req.path().path(), req.remotePeer().address());
        if (refusal.status() == 401) {
            res.header(HeaderNames.WWW_AUTHENTICATE, "Bearer");
        }
        ApiErrors.send(res, refusal.status(), refusal.error(), refusal.message());
    }
}
