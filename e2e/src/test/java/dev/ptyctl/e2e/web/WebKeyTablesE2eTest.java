package dev.ptyctl.e2e.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.e2e.server.UsesServer;
import dev.ptyctl.vt.keys.KeyEncoder;
import dev.ptyctl.vt.keys.UnknownKeyException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The page's key table (web's keys.js, which the phone's key bar sends from) and the server's (vt's KeyEncoder, which
 * {@code pty/write}'s keys, MCP's and the CLI's are sent from) give the same bytes for every key both know, with every
 * combination of Ctrl and Alt (the bar's modifiers) and in both cursor modes. They disagreed on Ctrl with a digit or
 * a symbol (the server refused Ctrl+2, Ctrl+/, Ctrl+`, Ctrl+~ ...); compared here over the whole table, they cannot
 * drift apart again unnoticed.
 */
@UsesServer
@BrowserTest
class WebKeyTablesE2eTest {
    private static final List<String> MODIFIERS = List.of("", "Ctrl+", "Alt+", "Ctrl+Alt+");
    private final WebSession session = WebSession.open();

    @AfterEach
    void cleanUp() throws Exception {
        session.close();
    }

    @Test
    void thePageAndTheServerSendTheSameBytesForEveryKeyBothKnow() {
        Page page = session.page();
        page.open("/");
        List<String> names = new ArrayList<>(KeyEncoder.keyNames());
        for (char c = '!'; c <= '~'; c++) {
            names.add(String.valueOf(c));
        }
        List<List<Object>> asked = new ArrayList<>();
        List<String> keyNames = new ArrayList<>();
        for (boolean applicationCursor : List.of(false, true)) {
            for (String modifiers : MODIFIERS) {
                for (String name : names) {
                    if (modifiers.isEmpty() && name.length() == 1) {
                        continue; // a character alone is text, not a key, to the server
                    }
                    // The page names keys as KeyboardEvent.key does: Space is " ".
                    String pageName = name.equals("Space") ? " " : name;
                    asked.add(List.of(pageName, modifiers.contains("Ctrl"), modifiers.contains("Alt"),
                            applicationCursor));
                    // The page's A is a character typed with Shift; the server's letters after a modifier are
                    // keys, in either case (Alt+A is ESC a, as Alt+a): the page's Alt A is its Alt+Shift+A.
                    String shift = name.length() == 1 && Character.isUpperCase(name.charAt(0)) ? "Shift+" : "";
                    keyNames.add(modifiers + shift + name + (applicationCursor ? " (application cursor)" : ""));
                }
            }
        }
        @SuppressWarnings("unchecked")
        List<String> pageHex = (List<String>) page.js("""
                const hex = (text) => [...text].map((c) => c.charCodeAt(0).toString(16).padStart(2, '0')).join('');
                return arguments[0].map(([key, ctrl, alt, applicationCursor]) =>
                  hex(window.ptyctl.keyBytes(key, { ctrl, alt, applicationCursor })));""",
                asked);

        List<String> disagreements = new ArrayList<>();
        TreeSet<String> serverOnly = new TreeSet<>();
        for (int i = 0; i < asked.size(); i++) {
            String name = keyNames.get(i);
            String key = name.replace(" (application cursor)", "");
            String server = serverHex(key, (Boolean) asked.get(i).get(3));
            if (pageHex.get(i).isEmpty()) {
                serverOnly.add(key.substring(key.lastIndexOf('+', key.length() - 2) + 1));
                continue;
            }
            if (!pageHex.get(i).equals(server)) {
                disagreements.add(name + ": page " + pageHex.get(i) + ", server " + server);
            }
        }
        assertThat(disagreements).as("keys the page and the server send differently").isEmpty();
        // The keys the page's table lacks (the bar has none of them; a phone's keyboard has Enter and Backspace): one
        // added to the bar is compared above.
        assertThat(serverOnly).containsExactly("Backspace", "Delete", "Enter", "Insert");
    }

    /** The server's bytes for a key name, in hex, or "refused" when it is not a key to the server. */
    private static String serverHex(String key, boolean applicationCursor) {
        try {
            return HexFormat.of().formatHex(KeyEncoder.encode(key, applicationCursor));
        } catch (UnknownKeyException e) {
            return "refused";
        }
    }
}
