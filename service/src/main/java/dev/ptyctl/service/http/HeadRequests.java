package dev.ptyctl.service.http;

import io.helidon.http.HeaderNames;
import io.helidon.http.HttpPrologue;
import io.helidon.http.Method;
import io.helidon.webserver.http.Filter;
import io.helidon.webserver.http.FilterChain;
import io.helidon.webserver.http.RoutingRequest;
import io.helidon.webserver.http.RoutingResponse;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;
import java.nio.charset.StandardCharsets;

/**
 * Answers {@code HEAD} wherever {@code GET} is answered, with the GET's status and headers, its
 * {@code Content-Length} and no body (RFC 9110 §9.3.2): load balancers' checks and {@code curl -I} use it. Helidon
 * routes a HEAD only to routes registered for HEAD and writes whatever a handler sends, so without this a HEAD of
 * {@code /v1/terminals} was 405, and a HEAD of the web page carried the page, which a client keeping the connection
 * read as the start of its next answer.
 *
 * <p>The request is routed as a GET, and every body the server writes goes through {@link #send}, which leaves the
 * body out while one is being answered. Streamed bodies ask {@link #asked} and answer at once (a stream into nothing
 * would run until the server stops). Health answers HEAD itself (204), and {@code /mcp} is the MCP adapter's, so
 * theirs are left as they come.
 */
public final class HeadRequests implements Filter {
    /** Whether this thread is answering a HEAD: a handler runs within its filters' call, on the same thread. */
    private static final ThreadLocal<Boolean> ANSWERING_HEAD = ThreadLocal.withInitial(() -> false);

    @Override
    public void filter(FilterChain chain, RoutingRequest req, RoutingResponse res) {
        HttpPrologue prologue = req.prologue();
        String path = prologue.uriPath().path();
        if (!Method.HEAD.equals(prologue.method()) || path.startsWith("/observe/health") || path.equals("/mcp")
                || path.startsWith("/mcp/")) {
            chain.proceed();
            return;
        }
        req.prologue(HttpPrologue.create(prologue.rawProtocol(), prologue.protocol(), prologue.protocolVersion(),
                Method.GET, prologue.uriPath(), prologue.query(), prologue.fragment()));
        ANSWERING_HEAD.set(true);
        try {
            chain.proceed();
        } finally {
            ANSWERING_HEAD.remove();
        }
    }

    /** Whether the request being answered on this thread is a HEAD (routed as a GET). */
    public static boolean asked() {
        return ANSWERING_HEAD.get();
    }

    /**
     * The method the client asked, as logs name it: HEAD, not the GET it is routed as. (A body's message names the
     * GET: a HEAD's Content-Length is the GET's.)
     */
    public static String method(ServerRequest req) {
        return asked() ? Method.HEAD.text() : req.prologue().method().text();
    }

    /** Sends {@code body}, or, answering a HEAD, only its length. */
    public static void send(ServerResponse res, byte[] body) {
        if (asked()) {
            // Helidon keeps a Content-Length it is given and writes no entity for an empty send.
            res.header(HeaderNames.CONTENT_LENGTH, Integer.toString(body.length)).send();
        } else {
            res.send(body);
        }
    }

    /** {@link #send(ServerResponse, byte[])} of a text, in UTF-8 (what Helidon writes a String in). */
    public static void send(ServerResponse res, String body) {
        send(res, body.getBytes(StandardCharsets.UTF_8));
    }
}
