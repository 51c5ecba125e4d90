package dev.ptyctl.service.pty;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The answers to title reports kept for a relaying client, each with the offset just after its report. */
class ScreenStateTitleRepliesTest {
    private static final String ESC = "\u001b";
    private static final String ST = ESC + "\\";

    private static ScreenState relaying() {
        ScreenState screen = new ScreenState(80, 24, 100, false);
        screen.allowTitleReports(true);
        screen.relayTitleReports(true);
        return screen;
    }

    private static List<byte[]> feed(ScreenState screen, String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        return screen.feed(bytes, 0, bytes.length);
    }

    @Test
    void eachReplyHasTheOffsetJustAfterItsReportAndNothingGoesToThePty() {
        ScreenState screen = relaying();
        String first = ESC + "]0;caf\u00e9" + ST + "digits 21 at 1t " + ESC + "[21t";
        String second = ESC + "[c" + ESC + "[20t" + ESC + "[5n";
        assertThat(feed(screen, first + second)).as("the server's other answers are off; these are relayed").isEmpty();
        long afterFirst = first.getBytes(StandardCharsets.UTF_8).length;
        long afterSecond = afterFirst + (ESC + "[c" + ESC + "[20t").length();
        assertThat(screen.titleRepliesBetween(0, 1000)).containsExactly(
                new TitleReply(afterFirst, ESC + "]lcaf\u00e9" + ST),
                new TitleReply(afterSecond, ESC + "]Lcaf\u00e9" + ST));
        assertThat(screen.titleRepliesBetween(afterFirst, afterSecond)).hasSize(1);
        assertThat(screen.titleRepliesBetween(afterSecond, 1000)).isEmpty();
    }

    @Test
    void aReportCutAcrossTwoChunksEndsInTheSecond() {
        ScreenState screen = relaying();
        feed(screen, "ab" + ESC + "[2");
        feed(screen, "1");
        feed(screen, "tcd");
        assertThat(screen.titleRepliesBetween(0, 100)).containsExactly(new TitleReply(7, ESC + "]l" + ST));
    }

    @Test
    void withoutRelayingOrWithTheServerAnsweringNothingIsKept() {
        ScreenState notRelaying = new ScreenState(80, 24, 100, false);
        notRelaying.allowTitleReports(true);
        feed(notRelaying, ESC + "[21t");
        assertThat(notRelaying.titleRepliesBetween(0, 100)).isEmpty();

        ScreenState answering = relaying();
        answering.answerQueries(true); // no client answers: the server writes its own answer to the PTY
        assertThat(feed(answering, ESC + "[21t")).hasSize(1);
        assertThat(answering.titleRepliesBetween(0, 100)).isEmpty();
    }
}
