package dev.ptyctl.e2e.web;

import java.io.IOException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * A browser test against the shared server: a {@link WebSession} and its page opened before each test, and closed
 * after it (the page left, the test's terminals deleted), after the subclass's own {@code @AfterEach}.
 */
abstract class PageTest {
    WebSession session;
    Page page;

    @BeforeEach
    final void openPage() {
        session = WebSession.open();
        page = session.page();
    }

    @AfterEach
    final void closePage() throws IOException {
        session.close();
    }
}
