package dev.ptyctl.service.metrics;

import dev.ptyctl.service.http.HeadRequests;
import io.helidon.http.HeaderNames;
import io.helidon.metrics.api.Metrics;
import io.helidon.metrics.providers.micrometer.MicrometerPrometheusFormatter;
import io.helidon.webserver.http.Handler;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

/**
 * {@code GET /observe/metrics}: Helidon's global meter registry (its Micrometer implementation) in the Prometheus text
 * format, by Helidon's own Prometheus formatter.
 *
 * <p>Why not Helidon's metrics observer, which serves the same: it also installs its key-performance-indicator filter
 * on every route, and with that filter in place an MCP client's end of session ({@code DELETE /mcp} while its event
 * stream is open) no longer ended the session's terminals ({@code mcp} module's {@code StdioLifecycleTest}). The
 * formatter alone needs no filter.
 */
public final class MetricsService implements Handler {
    /** The route. */
    public static final String PATH = "/observe/metrics";
    /** The exposition format's content type (version 0.0.4). */
    private static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

    @Override
    public void handle(ServerRequest req, ServerResponse res) {
        ServerMetrics.get(); // the ptyctl meters exist from the first scrape on, even before any terminal
        String text = MicrometerPrometheusFormatter.builder(Metrics.globalRegistry()).build().format()
                .map(String::valueOf).orElse("");
        HeadRequests.send(res.header(HeaderNames.CONTENT_TYPE, CONTENT_TYPE), text);
    }
}
