package dev.ptyctl.service.web;

import dev.ptyctl.service.http.ApiErrors;
import dev.ptyctl.service.http.HeadRequests;
import io.helidon.http.HeaderName;
import io.helidon.http.HeaderNames;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;
import java.util.Optional;

/**
 * {@code GET /} (also {@code /index.html}) and {@code GET /assets/NAME}: the page and its bundles. The Host rule of
 * the request filter applies as everywhere; no token is needed to load the page (it holds no data, and asks for
 * the token itself when the API needs one).
 *
 * <ul>
 *   <li>The page: {@code Cache-Control: no-cache}, so a new build's bundle names are seen at once.</li>
 *   <li>Bundles: their names carry a hash of their content, so browsers keep them a year without asking.</li>
 *   <li>Every response: a Content-Security-Policy that runs only the server's own script files (no inline script,
 *       no {@code eval}), connects only to this server, and lets no other site frame the page; no MIME sniffing;
 *       no referrer.</li>
 * </ul>
 */
public final class WebPageService implements HttpService {
    /**
     * Inline styles stay allowed: xterm.js sizes and colours its rows through {@code style} elements and
     * attributes. {@code connect-src 'self'} covers the same-origin WebSocket in current browsers.
     * {@code manifest-src 'self'}: the web app manifest, which makes the page installable as an app.
     */
    static final String CONTENT_SECURITY_POLICY = "default-src 'none'; script-src 'self'; style-src 'self' "
            + "'unsafe-inline'; img-src 'self' data:; font-src 'self'; connect-src 'self'; manifest-src 'self'; "
            + "base-uri 'none'; form-action 'self'; frame-ancestors 'none'";
    /** A year: the longest that browsers honour; a bundle's name changes whenever its content does. */
    static final String IMMUTABLE = "public, max-age=31536000, immutable";
    private static final HeaderName CSP = HeaderNames.create("Content-Security-Policy");
    private static final HeaderName REFERRER_POLICY = HeaderNames.create("Referrer-Policy");

    private final Optional<WebAssets> assets;

    /** @param assets the page, or empty when this build has none (then {@code GET /} answers 404 saying so) */
    public WebPageService(Optional<WebAssets> assets) {
        this.assets = assets;
    }

    @Override
    public void routing(HttpRules rules) {
        // HEAD too: HeadRequests routes it here as a GET.
        rules.get("/", this::index)
                .get("/index.html", this::index)
                .get("/assets/{name}", this::asset);
    }

    private void index(ServerRequest req, ServerResponse res) {
        if (assets.isEmpty()) {
            ApiErrors.send(res, 404, "no_web_page", "this build of ptyctl has no web page (the web module was not "
                    + "built); the REST and WebSocket API work without it");
            return;
        }
        send(req, res, assets.get().index(), "no-cache");
    }

    private void asset(ServerRequest req, ServerResponse res) {
        String name = req.path().pathParameters().get("name");
        Optional<WebAssets.Asset> asset = assets.flatMap(a -> a.asset(name));
        if (asset.isEmpty()) {
            ApiErrors.send(res, 404, "not_found", "no asset " + name + " (the page was built again? reload it)");
            return;
        }
        send(req, res, asset.get(), IMMUTABLE);
    }

    private static void send(ServerRequest req, ServerResponse res, WebAssets.Asset asset, String cacheControl) {
        res.header(HeaderNames.CONTENT_TYPE, asset.contentType())
                .header(HeaderNames.CACHE_CONTROL, cacheControl)
                .header(CSP, CONTENT_SECURITY_POLICY)
                .header(HeaderNames.X_CONTENT_TYPE_OPTIONS, "nosniff")
                .header(REFERRER_POLICY, "no-referrer");
        if (asset.gzipped().isPresent()) {
            res.header(HeaderNames.VARY, "Accept-Encoding");
            if (acceptsGzip(req)) {
                HeadRequests.send(res.header(HeaderNames.CONTENT_ENCODING, "gzip"), asset.gzipped().get());
                return;
            }
        }
        HeadRequests.send(res, asset.bytes());
    }

    private static boolean acceptsGzip(ServerRequest req) {
        return req.headers().first(HeaderNames.ACCEPT_ENCODING)
                .map(value -> value.toLowerCase(java.util.Locale.ROOT).contains("gzip")).orElse(false);
    }
}
