package dev.ptyctl.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class UriHostsTest {

    @Test
    void onlyAnIpv6LiteralWithoutBracketsGetsThem() {
        assertThat(UriHosts.bracketed("2001:db8::1")).isEqualTo("[2001:db8::1]");
        assertThat(UriHosts.bracketed("[::1]")).as("as URI.getHost() gives it").isEqualTo("[::1]");
        assertThat(UriHosts.bracketed("127.0.0.1")).isEqualTo("127.0.0.1");
        assertThat(UriHosts.bracketed("build-host")).isEqualTo("build-host");
    }
}
