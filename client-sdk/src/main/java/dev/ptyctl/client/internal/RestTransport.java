package dev.ptyctl.client.internal;

import dev.ptyctl.client.RestConnectionException;
import dev.ptyctl.client.RestException;
import dev.ptyctl.protocol.JsonSupport;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * HTTP for the REST clients: builds requests under a base URL with the bearer token, sends them with
 * {@code java.net.http}, and turns every way a request can fail into one of two exceptions: {@link RestException}
 * when the server answered with an error status, {@link RestConnectionException} when there was no usable answer.
 */
public final class RestTransport {
    /** How much of a body that is not an error object is quoted in a message. */
    private static final int QUOTED_BODY_CHARS = 200;

    private final HttpClient http;
    private final URI baseUrl;
    private final String token;
    private final Duration requestTimeout;

    /**
     * @param baseUrl {@code http://host:port}, possibly with a path prefix; a trailing slash is ignored
     * @param token the bearer token, or {@code null} for none
     */
    public RestTransport(HttpClient http, URI baseUrl, String token, Duration requestTimeout) {
        this.http = http;
        this.baseUrl = baseUrl;
        this.token = token;
        this.requestTimeout = requestTimeout;
    }

    /**
     * A path segment with everything but RFC 3986 unreserved characters percent-encoded, and dots too: a segment
     * {@code ..} or {@code .} as is would be resolved as a step in the path (a session id {@code ..} addressed
     * {@code /v1/terminals/}).
     */
    public static String segment(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20").replace(".", "%2E");
    }

    /** The URI of {@code path} (starting with {@code /}) under the base URL. */
    public URI uri(String path) {
        String base = baseUrl.toString();
        return URI.create((base.endsWith("/") ? base.substring(0, base.length() - 1) : base) + path);
    }

    /** A response whose status the caller still has to judge. */
    public record Answer(URI uri, int status, String body) {
    }

    /**
     * Sends a request and returns the answer, whatever its status.
     *
     * @param body a JSON body, or {@code null} for none
     * @throws RestConnectionException when no HTTP answer came
     */
    public Answer send(String method, String path, JsonObject body) throws IOException {
        URI uri = uri(path);
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(requestTimeout)
                .header("Accept", "application/json")
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body.toString(), StandardCharsets.UTF_8));
        if (body != null) {
            request.header("Content-Type", "application/json");
        }
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        try {
            HttpResponse<String> response = http.send(request.build(),
                    HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
            return new Answer(uri, response.statusCode(), response.body());
        } catch (HttpConnectTimeoutException e) {
            // The JDK counts the TLS handshake in the connect timeout (TerminalsClient gives https both bounds).
            throw new RestConnectionException(uri, "cannot connect to " + uri + ": no connection within "
                    + http.connectTimeout().map(Durations::describe).orElse("the connect timeout")
                    + (uri.getScheme().equals("https") ? ", TCP connect and TLS handshake together" : "")
                    + " (is the server overloaded, or a firewall dropping the packets?)", e);
        } catch (HttpTimeoutException e) {
            throw new RestConnectionException(uri, "no answer from " + uri + " within "
                    + Durations.describe(requestTimeout), e);
        } catch (ConnectException e) {
            throw new RestConnectionException(uri, "cannot connect to " + uri + ": "
                    + (ConnectionHints.unknownHost(e) ? "unknown host" : connectFailure(uri, e))
                    + ConnectionHints.of(uri, e), e);
        } catch (IOException e) {
            throw new RestConnectionException(uri, "request to " + uri + " failed: " + reason(e)
                    + ConnectionHints.of(uri, e), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            InterruptedIOException interrupted = new InterruptedIOException("interrupted while waiting for " + uri);
            interrupted.initCause(e);
            throw interrupted;
        } catch (IllegalArgumentException e) {
            // the JDK refuses some URIs only when sending (a scheme it does not speak, say)
            throw new RestConnectionException(uri, "cannot send a request to " + uri + ": " + e.getMessage(), e);
        }
    }

    /**
     * Why a connection could not be made. The JDK's client reports a refused connection as a {@link ConnectException}
     * without a message around a {@code ClosedChannelException}, which was all a caller was told: say what it means.
     */
    private static String connectFailure(URI uri, ConnectException e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause.getMessage() != null) {
                return reason(e); // the kernel's words: "No route to host", "Network is unreachable"
            }
        }
        return "connection refused: nothing listens on " + uri.getRawAuthority()
                + " (is the ptyctl server running there, on that port?)";
    }

    /**
     * The answer's body as a JSON object when its status is 2xx.
     *
     * @throws RestException for any other status
     * @throws RestConnectionException when a 2xx body is not a JSON object
     */
    public JsonObject object(Answer answer) throws IOException {
        requireSuccess(answer);
        return parse(answer);
    }

    /**
     * The answer's body as text when its status is 2xx.
     *
     * @throws RestException for any other status
     */
    public String text(Answer answer) throws RestException {
        requireSuccess(answer);
        return answer.body();
    }

    /**
     * The answer's body as a JSON object, whatever the status.
     *
     * @throws RestConnectionException when it is not a JSON object
     */
    public JsonObject parse(Answer answer) throws RestConnectionException {
        try {
            return JsonSupport.parseAnswer(answer.body());
        } catch (JsonException | IllegalStateException e) {
            throw new RestConnectionException(answer.uri(), answer.uri() + " answered " + answer.status()
                    + " with a body that is not a JSON object: " + quote(answer.body()), e);
        }
    }

    /** @throws RestException when the status is not 2xx, with the server's code word and sentence */
    public void requireSuccess(Answer answer) throws RestException {
        if (answer.status() / 100 != 2) {
            throw refusal(answer);
        }
    }

    /** The exception for an error answer: the members of an error object, or the start of any other body. */
    public RestException refusal(Answer answer) {
        try {
            JsonObject body = JsonSupport.parseObject(answer.body());
            if (body.get("message") instanceof JsonString message) {
                String error = body.get("error") instanceof JsonString code ? code.getString() : "";
                return new RestException(answer.status(), error, message.getString());
            }
        } catch (JsonException | IllegalStateException e) {
            // not an error object; quote the body below
        }
        String body = answer.body().isBlank() ? "no message" : quote(answer.body());
        return new RestException(answer.status(), "", answer.uri() + " answered " + answer.status() + ": " + body);
    }

    /** The start of {@code body} on one line, for a message. */
    static String quote(String body) {
        String oneLine = body.strip().replaceAll("\\s+", " ");
        return oneLine.length() <= QUOTED_BODY_CHARS ? oneLine : oneLine.substring(0, QUOTED_BODY_CHARS) + "...";
    }

    private static String reason(IOException e) {
        Throwable cause = e;
        while (cause.getMessage() == null && cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause.getMessage() != null ? cause.getMessage() : cause.getClass().getSimpleName();
    }

}
