package dev.ptyctl.e2e.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.ptyctl.client.CreateTerminalRequest;
import dev.ptyctl.client.Terminal;
import dev.ptyctl.client.TerminalsClient;
import dev.ptyctl.e2e.server.ServerProcess;
import dev.ptyctl.e2e.server.UsesServer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The page's security in Chromium: the login form and the token's travels, and pages of other sites refused. */
@UsesServer
@BrowserTest
class WebSecurityE2eTest {
    private static final String TOKEN = "browser-t0ken";
    /** Tries a WebSocket to arguments[0]; calls back "open" or "refused". */
    private static final String TRY_SOCKET = """
            const done = arguments[arguments.length - 1];
            const ws = new WebSocket(arguments[0]);
            ws.onopen = () => { ws.close(); done('open'); };
            ws.onclose = () => done('refused');""";
    private Page page;

    @AfterEach
    void leave() {
        if (page != null) {
            page.leave();
        }
    }

    @Test
    void aWrongTokenShowsTheLoginFormAgainAndTheRightOneOpensTheList() throws Exception {
        try (ServerProcess server = ServerProcess.start(Map.of("PTYCTL_TOKEN", TOKEN, "SHELL", "/bin/bash"),
                "--port", "0")) {
            page = Page.in(server.url()).open("/");
            page.waitUntil("the login form is shown", () -> page.element("#login").isDisplayed());
            page.element("#login-token").sendKeys("not-the-token\n");
            page.waitUntil("the page says the token was refused", () -> page.element("#login-error").isDisplayed());
            assertThat(page.element("#login-error").getText()).contains("refused");
            assertThat(page.element("#login").isDisplayed()).as("still asking").isTrue();

            // A person types the token again into the field as the form left it: the refused token must be gone,
            // or the two run together and are refused again.
            page.element("#login-token").sendKeys(TOKEN + "\n");
            page.waitUntil("the login form is gone", () -> !page.element("#login").isDisplayed());
            page.waitUntil("the event socket is open (with the token as ?token=)", () -> ((Number) page.js(
                    "return window.ptyctl.eventStreams;")).intValue() > 0);
            assertThat(page.url()).doesNotContain(TOKEN);
            assertThat(page.js("return sessionStorage.getItem('ptyctl.token');")).isEqualTo(TOKEN);
            assertThat(page.js("return localStorage.length;")).isEqualTo(0L);

            try (TerminalsClient terminals = TerminalsClient.builder().baseUrl(server.url()).token(TOKEN).build()) {
                Terminal terminal = terminals.create(CreateTerminalRequest.builder("login-" + UUID.randomUUID())
                        .command("/bin/bash", "--norc", "--noprofile").env("PS1", "in> ").build());
                page.clickOn("tr[data-terminal='" + terminal.terminalId() + "'] a");
                page.waitForText(terminal.terminalId(), "in>");
                assertThat(page.url()).doesNotContain(TOKEN);
            }
        }
    }

    @Test
    void aPageOfAnotherSiteCannotOpenATerminalsSocketNorTheEventSocket() throws Exception {
        String url = System.getProperty("ptyctl.url");
        try (TerminalsClient terminals = TerminalsClient.of(URI.create(url))) {
            Terminal terminal = terminals.create(CreateTerminalRequest.builder("origin-" + UUID.randomUUID())
                    .command("/bin/bash", "--norc", "--noprofile").build());
            String socket = url.replace("http://", "ws://") + terminal.websocketPath() + "?protocol=2";
            // WebSockets are not bound by CORS: without the Origin check another site's page would learn every
            // terminal's id, command and title from the events.
            String events = url.replace("http://", "ws://") + "/v1/events";
            HttpServer otherSite = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
            otherSite.createContext("/", exchange -> {
                byte[] body = "<!doctype html><title>another site</title>".getBytes(StandardCharsets.UTF_8);
                exchange.sendResponseHeaders(200, body.length);
                exchange.getResponseBody().write(body);
                exchange.close();
            });
            otherSite.start();
            try {
                page = Page.in(url).open("/");
                assertThat(page.driver().executeAsyncScript(TRY_SOCKET, socket)).as("same origin").isEqualTo("open");
                assertThat(page.driver().executeAsyncScript(TRY_SOCKET, events)).as("the event socket, same origin")
                        .isEqualTo("open");

                page.driver().get("http://127.0.0.1:" + otherSite.getAddress().getPort() + "/");
                assertThat(page.driver().executeAsyncScript(TRY_SOCKET, socket)).as("from another site")
                        .isEqualTo("refused");
                assertThat(page.driver().executeAsyncScript(TRY_SOCKET, events)).as("the event socket, another site")
                        .isEqualTo("refused");
            } finally {
                otherSite.stop(0);
                terminals.delete(terminal.terminalId());
            }
        }
    }
}
