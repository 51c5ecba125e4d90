package dev.ptyctl.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** SPEC §8: what the server and its clients count as a loopback host. */
class LoopbackNamesTest {

    @Test
    void localhostAndLoopbackLiteralsAreLoopback() {
        assertThat(LoopbackNames.isLoopback("localhost")).isTrue();
        assertThat(LoopbackNames.isLoopback("LocalHost")).isTrue();
        assertThat(LoopbackNames.isLoopback("app.localhost")).isTrue();
        assertThat(LoopbackNames.isLoopback("127.0.0.1")).isTrue();
        assertThat(LoopbackNames.isLoopback("127.8.9.10")).isTrue();
        assertThat(LoopbackNames.isLoopback("::1")).isTrue();
        assertThat(LoopbackNames.isLoopback("[::1]")).as("as URI.getHost() gives it").isTrue();
    }

    @Test
    void otherAddressesAndNamesAreNotEvenIfTheyResolveToLoopback() {
        assertThat(LoopbackNames.isLoopback("10.0.0.7")).isFalse();
        assertThat(LoopbackNames.isLoopback("[2001:db8::1]")).isFalse();
        assertThat(LoopbackNames.isLoopback("example.com")).isFalse();
        // A name is never resolved: a DNS-rebinding name that points at 127.0.0.1 does not pass.
        assertThat(LoopbackNames.isLoopback("localtest.me")).isFalse();
        assertThat(LoopbackNames.isLoopback("")).isFalse();
    }
}
