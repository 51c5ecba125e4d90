package dev.ptyctl.service.http;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;

import dev.ptyctl.service.server.PtyctlServer;
import dev.ptyctl.service.server.SecurityConfig;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * SPEC §9: the page at {@code GET /} as the web module built it, on a server with a token: served without the
 * token (it asks for one itself), under the Host rule, with a CSP that forbids inline script, bundles with hashed
 * names cached for a year, gzipped for browsers that accept it.
 */
class WebPageTest {
    private static final Pattern SCRIPT = Pattern.compile("<script type=\"module\" src=\"/assets/(app-[A-Z0-9]+\\.js)\">");
    private static final Pattern STYLE = Pattern.compile("href=\"/assets/(style-[A-Z0-9]+\\.css)\"");
    private static PtyctlServer server;
    private static RequestSpecification api;

    @BeforeAll
    static void startServer() {
        server = TestServers.withSecurity(new SecurityConfig("", "", "", List.of(), List.of()), "page-t0ken");
        api = TestServers.api(server);
    }

    @AfterAll
    static void stopServer() {
        server.close();
    }

    @Test
    void thePageLoadsWithoutTheTokenAndAllowsNoInlineScript() {
        Response page = given(api).get("/").then().statusCode(200)
                .contentType("text/html; charset=utf-8")
                .header("Cache-Control", "no-cache")
                .header("X-Content-Type-Options", "nosniff")
                .header("Content-Security-Policy", containsString("script-src 'self';"))
                .header("Content-Security-Policy", not(containsString("unsafe-eval")))
                .header("Content-Security-Policy", containsString("frame-ancestors 'none'"))
                .extract().response();
        String html = page.asString();
        assertThat(html).contains("id=\"login\"").contains("id=\"terminals\"");
        assertThat(html.replaceAll("<script type=\"module\" src=\"[^\"]+\"></script>", ""))
                .as("no script element but the bundle's").doesNotContain("<script");
        assertThat(page.header("Content-Security-Policy")).doesNotContain("script-src 'self' 'unsafe-inline'");
        given(api).get("/index.html").then().statusCode(200).body(equalTo(html));
    }

    @Test
    void bundlesHaveHashedNamesAndAreCachedForAYear() {
        String html = given(api).get("/").asString();
        for (Pattern bundle : List.of(SCRIPT, STYLE)) {
            Matcher m = bundle.matcher(html);
            assertThat(m.find()).as("the page names a bundle matching " + bundle).isTrue();
            given(api).get("/assets/" + m.group(1)).then().statusCode(200)
                    .header("Cache-Control", "public, max-age=31536000, immutable");
        }
    }

    /** The page names its web app manifest (what makes it installable as an app), and the CSP lets it load. */
    @Test
    void theManifestThePageNamesIsServedAndAllowed() {
        Response page = given(api).get("/");
        Matcher m = Pattern.compile("<link rel=\"manifest\" href=\"/assets/(manifest-[A-Z0-9]+\\.webmanifest)\">")
                .matcher(page.asString());
        assertThat(m.find()).as("the page names its manifest").isTrue();
        assertThat(page.header("Content-Security-Policy")).contains("manifest-src 'self'");
        String manifest = given(api).get("/assets/" + m.group(1)).then().statusCode(200)
                .contentType("application/manifest+json").extract().asString();
        assertThat(manifest).contains("\"display\": \"standalone\"").contains("\"start_url\": \"/\"");
    }

    @Test
    void gzipIsSentToBrowsersThatAcceptIt() throws IOException {
        Matcher m = SCRIPT.matcher(given(api).get("/").asString());
        assertThat(m.find()).isTrue();
        byte[] plain = given(api).get("/assets/" + m.group(1)).asByteArray(); // rest-assured unzips it
        Response zipped = given(api).config(io.restassured.config.RestAssuredConfig.config().decoderConfig(
                        io.restassured.config.DecoderConfig.decoderConfig().noContentDecoders()))
                .header("Accept-Encoding", "gzip, deflate").get("/assets/" + m.group(1));
        assertThat(zipped.header("Content-Encoding")).isEqualTo("gzip");
        assertThat(zipped.header("Vary")).isEqualTo("Accept-Encoding");
        byte[] body = zipped.asByteArray();
        assertThat(body.length).isLessThan(plain.length / 2);
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(body))) {
            assertThat(in.readAllBytes()).isEqualTo(plain);
        }
        assertThat(new String(plain, java.nio.charset.StandardCharsets.UTF_8)).contains("ptyctl");
    }

    @Test
    void anUnknownAssetIs404AndNamesIt() {
        given(api).get("/assets/app-NOPE.js").then().statusCode(404).body("error", equalTo("not_found"))
                .body("message", containsString("app-NOPE.js"));
        given(api).get("/assets/..%2Ffiles.txt").then().statusCode(404);
    }

    @Test
    void aForeignHostGetsNoPage() {
        given(api).header("Host", "rebound.example:8765").get("/").then().statusCode(403)
                .body("error", equalTo("host_not_allowed"));
    }

    @Test
    void theApiStillNeedsTheToken() {
        given(api).get("/v1/terminals").then().statusCode(401);
    }
}
