package dev.ptyctl.vt.screen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ScrollbackTest {

    private static Line line(char c) {
        Line line = new Line(1, Style.DEFAULT);
        line.set(0, c, 1, Style.DEFAULT, 0);
        return line;
    }

    @Test
    void linesAreKeptOldestFirstUntilTheLimit() {
        Scrollback scrollback = new Scrollback(3);
        assertThat(scrollback.push(line('a'))).isNull();
        assertThat(scrollback.push(line('b'))).isNull();
        assertThat(scrollback.push(line('c'))).isNull();
        assertThat(scrollback.isFull()).isTrue();
        Line evicted = scrollback.push(line('d'));
        assertThat(evicted.text()).isEqualTo("a");
        assertThat(scrollback.size()).isEqualTo(3);
        assertThat(scrollback.get(0).text()).isEqualTo("b");
        assertThat(scrollback.get(2).text()).isEqualTo("d");
    }

    @Test
    void theRingGrowsPastItsInitialCapacityWithoutLosingOrder() {
        Scrollback scrollback = new Scrollback(1000);
        for (int i = 0; i < 300; i++) {
            scrollback.push(line((char) ('0' + i % 10)));
        }
        assertThat(scrollback.size()).isEqualTo(300);
        assertThat(scrollback.get(299).text()).isEqualTo("9");
        assertThat(scrollback.get(0).text()).isEqualTo("0");
    }

    @Test
    void aZeroLimitHandsEveryLineStraightBack() {
        Scrollback scrollback = new Scrollback(0);
        Line line = line('a');
        assertThat(scrollback.push(line)).isSameAs(line);
        assertThat(scrollback.size()).isZero();
    }

    @Test
    void popNewestTakesFromTheBottomAfterWrapping() {
        Scrollback scrollback = new Scrollback(2);
        scrollback.push(line('a'));
        scrollback.push(line('b'));
        scrollback.push(line('c'));
        assertThat(scrollback.popNewest().text()).isEqualTo("c");
        assertThat(scrollback.popNewest().text()).isEqualTo("b");
        assertThat(scrollback.size()).isZero();
        assertThatThrownBy(scrollback::popNewest).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void clearEmptiesIt() {
        Scrollback scrollback = new Scrollback(5);
        scrollback.push(line('a'));
        scrollback.clear();
        assertThat(scrollback.size()).isZero();
        assertThatThrownBy(() -> scrollback.get(0)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void pushForReuseHandsBackANewBlankLineWhileThereIsRoomThenTheEvictedOne() {
        Scrollback scrollback = new Scrollback(100);
        Set<Line> handedBack = Collections.newSetFromMap(new IdentityHashMap<>());
        for (int i = 0; i < 100; i++) { // past the ring's growth at 64 lines
            Line pushed = line((char) ('0' + i % 10));
            Line blank = scrollback.pushForReuse(pushed, 7);
            assertThat(blank).isNotSameAs(pushed);
            assertThat(handedBack.add(blank)).isTrue();
            assertThat(blank.cols()).isEqualTo(7);
            assertThat(blank.text()).isEmpty();
        }
        assertThat(scrollback.size()).isEqualTo(100);
        assertThat(scrollback.get(0).text()).isEqualTo("0");
        assertThat(scrollback.get(64).text()).isEqualTo("4");
        assertThat(scrollback.get(99).text()).isEqualTo("9");

        Line oldest = scrollback.get(0);
        assertThat(scrollback.pushForReuse(line('x'), 7)).isSameAs(oldest);
        assertThat(scrollback.size()).isEqualTo(100);
        assertThat(scrollback.get(0).text()).isEqualTo("1");
        assertThat(scrollback.get(99).text()).isEqualTo("x");
    }

    @Test
    void pushForReuseWithAZeroLimitHandsTheLineBack() {
        Scrollback scrollback = new Scrollback(0);
        Line line = line('a');
        assertThat(scrollback.pushForReuse(line, 1)).isSameAs(line);
        assertThat(scrollback.size()).isZero();
    }

    @Test
    void pushForReuseFillsTheSlotPopNewestLeft() {
        Scrollback scrollback = new Scrollback(2);
        scrollback.push(line('a'));
        scrollback.push(line('b'));
        scrollback.push(line('c')); // the ring has turned: the oldest is no longer at index 0
        scrollback.popNewest();
        Line blank = scrollback.pushForReuse(line('d'), 1);
        assertThat(blank.text()).isEmpty();
        assertThat(scrollback.get(0).text()).isEqualTo("b");
        assertThat(scrollback.get(1).text()).isEqualTo("d");
        assertThat(scrollback.pushForReuse(line('e'), 1).text()).isEqualTo("b");
    }
}
