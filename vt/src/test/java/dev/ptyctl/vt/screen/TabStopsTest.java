package dev.ptyctl.vt.screen;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TabStopsTest {

    @Test
    void defaultStopsAreEveryEightColumnsAndTheMarginEndsTheSearch() {
        TabStops tabs = new TabStops(20);
        assertThat(tabs.next(0)).isEqualTo(8);
        assertThat(tabs.next(8)).isEqualTo(16);
        assertThat(tabs.next(16)).isEqualTo(19);
        assertThat(tabs.previous(10)).isEqualTo(8);
        assertThat(tabs.previous(3)).isZero();
    }

    @Test
    void setAndClearChangeTheStops() {
        TabStops tabs = new TabStops(20);
        tabs.set(3);
        assertThat(tabs.next(0)).isEqualTo(3);
        tabs.clear(8);
        assertThat(tabs.next(3)).isEqualTo(16);
        tabs.clearAll();
        assertThat(tabs.next(0)).isEqualTo(19);
        tabs.reset();
        assertThat(tabs.next(0)).isEqualTo(8);
    }

    @Test
    void growingAddsDefaultStopsAfterTheLastOne() {
        TabStops tabs = new TabStops(10);
        tabs.resize(30);
        assertThat(tabs.isSet(16)).isTrue();
        assertThat(tabs.isSet(24)).isTrue();
        tabs.resize(5);
        assertThat(tabs.next(0)).isEqualTo(4);
    }

    @Test
    void resetRestoresTheDefaultsAfterEveryKindOfChange() {
        // reset skips its work while the stops are the defaults; each change must end that
        TabStops tabs = new TabStops(40);
        tabs.set(3);
        tabs.reset();
        assertThat(tabs.isSet(3)).isFalse();
        tabs.clear(16);
        tabs.reset();
        assertThat(tabs.isSet(16)).isTrue();
        tabs.clearAll();
        tabs.reset();
        assertThat(tabs.next(0)).isEqualTo(8);
        tabs.set(24); // a default stop set again changes nothing
        tabs.clear(5); // nor does clearing a column that had none
        tabs.reset();
        assertThat(tabs.next(16)).isEqualTo(24);
        tabs.set(33);
        tabs.resize(60);
        tabs.reset();
        assertThat(tabs.isSet(33)).isFalse();
        assertThat(tabs.next(48)).isEqualTo(56);
    }
}
