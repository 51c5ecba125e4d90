package dev.ptyctl.service.http;

import io.helidon.http.HeaderNames;
import io.helidon.http.Method;
import io.helidon.webserver.http.Handler;
import io.helidon.webserver.http.HttpRoute;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

/**
 * Answers a request to a path the server has, made in a way that path does not take: 405 with {@code Allow} and what
 * each method does ({@code PUT /v1/terminals}), or 426 for a WebSocket's path asked without the upgrade
 * ({@code curl .../socket}). Registered after a path's own routes, so it sees only what they did not take; without it
 * both were 404 "no such endpoint", which sent a client looking for a mistyped path.
 */
public final class WrongMethod implements Handler {
    private final int status;
    private final String error;
    private final String header;
    private final String headerValue;
    private final String how;

    private WrongMethod(int status, String error, String header, String headerValue, String how) {
        this.status = status;
        this.error = error;
        this.header = header;
        this.headerValue = headerValue;
        this.how = how;
    }

    /**
     * 405 {@code method_not_allowed} with {@code Allow: allow}.
     *
     * @param allow the methods the path takes, as the header lists them ({@code "GET, HEAD, POST"}: HEAD wherever
     *              GET, {@link HeadRequests})
     * @param how   what each does, for the message ({@code "GET lists the terminals, POST creates one"})
     */
    public static WrongMethod only(String allow, String how) {
        return new WrongMethod(405, "method_not_allowed", "Allow", allow, how);
    }

    /**
     * A route answering 405 ({@link #only}{@code ("GET, HEAD", how)}) to every method but GET and HEAD on {@code path},
     * whatever order the routes are in: for paths whose GET another part of the server answers (Helidon's health
     * observer, registered by its feature) or that are read only ({@code /observe/metrics}).
     */
    public static HttpRoute readOnly(String path, String how) {
        return HttpRoute.builder().path(path).methods(method -> !Method.GET.equals(method) && !Method.HEAD.equals(method))
                .handler(only("GET, HEAD", how)).build();
    }

    /** 426 {@code upgrade_required} with {@code Upgrade: websocket}, for a WebSocket's path. */
    public static WrongMethod webSocket(String what) {
        return new WrongMethod(426, "upgrade_required", "Upgrade", "websocket", what + " is a WebSocket: open it "
                + "with a WebSocket client (a GET with Upgrade: websocket), e.g. websocat, the SDK or the web page");
    }

    @Override
    public void handle(ServerRequest req, ServerResponse res) {
        res.header(HeaderNames.create(header), headerValue);
        ApiErrors.logRefused(req, status, error);
        ApiErrors.send(res, status, error, req.prologue().method().text() + " " + req.prologue().uriPath().path()
                + ": " + how);
    }
}
