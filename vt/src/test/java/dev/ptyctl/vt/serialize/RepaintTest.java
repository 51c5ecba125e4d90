package dev.ptyctl.vt.serialize;

import static dev.ptyctl.vt.fixtures.Vt.CSI;
import static dev.ptyctl.vt.fixtures.Vt.ESC;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ptyctl.vt.Terminal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link VtSerializer#repaintBytes}: a terminal that showed another one up to some point (a reconnecting
 * {@code ptyctl attach}'s local terminal) gets the other's state again and, in its scrollback, only the lines that
 * scrolled since, none twice and none missing; the count of scrolled lines ({@code Scrollback.scrolledCount}) says
 * how many those are.
 */
class RepaintTest {
    private static final int COLS = 20;
    private static final int ROWS = 5;

    @Test
    void theLinesScrolledSinceComeOnceAndTheStateIsTheServers() {
        Terminal server = terminal(100);
        feed(server, lines(1, 20));
        Terminal local = copyOf(server);
        long seen = scrolled(server);
        feed(server, CSI + "1;32m" + lines(21, 27) + CSI + "?2004h" + CSI + "2;4r");
        feed(local, ESC + "7" + CSI + "999;1H" + CSI + "2Kptyctl: dropped" + ESC + "8"); // attach's note

        feed(local, repaint(server, scrolled(server) - seen));

        assertThat(scrolled(server) - seen).isEqualTo(7);
        assertThat(history(local)).isEqualTo(history(server));
        assertSameState(local, server);
    }

    @Test
    void nothingScrolledAddsNothingToTheScrollback() {
        Terminal server = terminal(100);
        feed(server, lines(1, 12));
        Terminal local = copyOf(server);
        feed(server, "more");

        feed(local, repaint(server, 0));

        assertThat(history(local)).isEqualTo(history(server));
        assertThat(local.scrollbackSize()).isEqualTo(server.scrollbackSize()).isEqualTo(8);
        assertSameState(local, server);
    }

    @Test
    void moreScrolledThanKeptSendsAllThatIsKept() {
        Terminal server = terminal(10);
        feed(server, lines(1, 10));
        Terminal local = copyOf(server);
        long seen = scrolled(server);
        feed(server, lines(11, 40));
        Terminal fresh = terminal(1000);

        feed(fresh, repaint(server, scrolled(server) - seen));

        assertThat(scrolled(server) - seen).isEqualTo(30);
        assertThat(history(fresh)).isEqualTo(history(server)).startsWith("line-27").endsWith("line-40");
        assertThat(fresh.scrollbackSize()).as("all that is kept, nothing more").isEqualTo(10);
        feed(local, repaint(server, scrolled(server) - seen));
        assertThat(history(local)).doesNotHaveDuplicates();
    }

    @Test
    void linesScrolledBeforeAFullScreenProgramStartedGoToTheMainScrollback() {
        Terminal server = terminal(100);
        feed(server, lines(1, 10));
        Terminal local = copyOf(server);
        feed(local, CSI + "?1049h" + "local vim");
        long seen = scrolled(server);
        feed(server, lines(11, 14) + CSI + "?1049h" + CSI + "H" + "vim again" + CSI + "?1h");

        feed(local, repaint(server, scrolled(server) - seen));

        assertThat(history(local)).isEqualTo(history(server)).contains("line-10");
        assertThat(local.alternateScreenActive()).isTrue();
        assertSameState(local, server);
        feed(server, CSI + "?1049l");
        feed(local, CSI + "?1049l");
        assertThat(history(local)).isEqualTo(history(server));
    }

    @Test
    void theCountGoesOnAcrossAFullResetAndRowsTakenBack() {
        Terminal server = terminal(100);
        feed(server, lines(1, 10));
        long before = scrolled(server);
        feed(server, ESC + "c" + lines(11, 16));
        assertThat(scrolled(server) - before).as("lines scrolled after RIS count on").isEqualTo(2);
        long beforeGrowing = scrolled(server);
        server.resize(COLS, ROWS + 2);
        assertThat(scrolled(server) - beforeGrowing).as("rows taken back by a taller screen").isEqualTo(-2);
    }

    /**
     * Same cells, cursor, modes and scrollback. A saved cursor (DECSC) aside: the power-on one is at the top of the
     * scrollback, where no sequence but RIS can put it; the repaint saves the home position instead, which DECRC
     * restores to the same place.
     */
    private static void assertSameState(Terminal local, Terminal server) {
        assertThat(VtSerializer.serialize(local).replace(ESC + "7", ""))
            .isEqualTo(VtSerializer.serialize(server).replace(ESC + "7", ""));
    }

    private static Terminal terminal(int scrollback) {
        Terminal t = new Terminal(COLS, ROWS, scrollback);
        t.onReply(reply -> { });
        return t;
    }

    /** A terminal that shows what {@code server} shows, as an attach's local terminal does while connected. */
    private static Terminal copyOf(Terminal server) {
        Terminal local = terminal(1000);
        feed(local, VtSerializer.serialize(server));
        return local;
    }

    private static String repaint(Terminal server, long history) {
        return new String(VtSerializer.repaintBytes(server, history), StandardCharsets.UTF_8);
    }

    private static long scrolled(Terminal t) {
        return t.emulator().state().mainScreen().scrollback().scrolledCount();
    }

    private static void feed(Terminal t, String text) {
        t.feed(text.getBytes(StandardCharsets.UTF_8));
    }

    private static String lines(int from, int to) {
        StringBuilder text = new StringBuilder();
        for (int i = from; i <= to; i++) {
            text.append("line-").append(i).append("\r\n");
        }
        return text.toString();
    }

    /** Scrollback and main screen, trailing blank rows left out. */
    private static List<String> history(Terminal t) {
        List<String> lines = new ArrayList<>();
        var main = t.emulator().state().mainScreen();
        for (int i = 0; i < main.scrollback().size(); i++) {
            lines.add(main.scrollback().get(i).text().strip());
        }
        for (int row = 0; row < main.rows(); row++) {
            lines.add(main.line(row).text().strip());
        }
        while (!lines.isEmpty() && lines.getLast().isEmpty()) {
            lines.removeLast();
        }
        return lines;
    }
}
