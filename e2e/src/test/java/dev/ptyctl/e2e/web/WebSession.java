package dev.ptyctl.e2e.web;

import dev.ptyctl.client.CreateTerminalRequest;
import dev.ptyctl.client.Terminal;
import dev.ptyctl.client.TerminalsClient;
import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * A browser test's client and page against the shared server ({@code ptyctl.url}) or one of the test's own: opened
 * before each test, closed after it, deleting the terminals it created.
 */
final class WebSession implements AutoCloseable {
    private final List<String> created = new ArrayList<>();
    private final TerminalsClient terminals;
    private final Page page;

    private WebSession(TerminalsClient terminals, Page page) {
        this.terminals = terminals;
        this.page = page;
    }

    static WebSession open() {
        return open(System.getProperty("ptyctl.url"));
    }

    /** The same against the server at {@code url} (a test's own, configured differently). */
    static WebSession open(String url) {
        TerminalsClient terminals = TerminalsClient.of(URI.create(url));
        return new WebSession(terminals, Page.in(url));
    }

    TerminalsClient terminals() {
        return terminals;
    }

    Page page() {
        return page;
    }

    /** Creates a terminal, deleted by {@link #close()}. */
    Terminal create(CreateTerminalRequest request) throws IOException {
        Terminal terminal = terminals.create(request);
        created.add(terminal.terminalId());
        return terminal;
    }

    /** A bash without start-up files, in {@code /tmp}, with {@code prompt} as its prompt; deleted by {@link #close()}. */
    Terminal shell(String prompt) throws IOException {
        return create(CreateTerminalRequest.builder("web-" + UUID.randomUUID())
                .command("/bin/bash", "--norc", "--noprofile").cwd("/tmp").env("PS1", prompt).build());
    }

    /** A {@link #shell}, shown on the page (with {@code query} after {@code ?t=ID}) once its prompt is drawn there. */
    Terminal shownShell(String prompt, String query) throws IOException {
        Terminal terminal = shell(prompt);
        page.open("/?t=" + terminal.terminalId() + query);
        page.waitForText(terminal.terminalId(), prompt.strip());
        return terminal;
    }

    /**
     * Forgets what the page kept in the browser (its settings, its text size), leaves the page, then deletes the
     * terminals and closes the client. The browser is every test's: the next test starts with the page's defaults.
     */
    @Override
    public void close() throws IOException {
        page.forgetStorage();
        page.leave();
        for (String id : created) {
            terminals.delete(id);
        }
        terminals.close();
    }
}
