package dev.ptyctl.service.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The Host, Origin and token rules of SPEC §8, without a server. */
class AccessRulesTest {
    private static final AccessRules OPEN_LOOPBACK = new AccessRules(Optional.empty(), Set.of(), Set.of(), true);

    private static Optional<String> opt(String value) {
        return Optional.ofNullable(value);
    }

    @Test
    void loopbackHostNamesPassAndOthersAreRefusedWhileOnLoopback() {
        for (String host : new String[] {"127.0.0.1:8765", "127.0.0.1", "127.9.9.9:1", "localhost:8765", "LOCALHOST",
                "app.localhost:3000", "[::1]:8765", "[::1]"}) {
            assertThat(OPEN_LOOPBACK.checkHost(opt(host))).as(host).isEmpty();
        }
        for (String host : new String[] {"evil.example", "evil.example:8765", "10.0.0.1:8765", "[::2]:8765",
                "0x7f.1", "127.0.0.1.evil.example", "localhost.evil.example"}) {
            assertThat(OPEN_LOOPBACK.checkHost(opt(host))).as(host).hasValueSatisfying(r -> {
                assertThat(r.status()).isEqualTo(403);
                assertThat(r.error()).isEqualTo("host_not_allowed");
            });
        }
    }

    @Test
    void configuredHostsPassAndAnyHostPassesWhenNotOnLoopback() {
        AccessRules rules = new AccessRules(Optional.empty(), Set.of(), Set.of("DevBox"), true);
        assertThat(rules.checkHost(opt("devbox:8765"))).isEmpty();
        AccessRules exposed = new AccessRules(Optional.of("t"), Set.of(), Set.of(), false);
        assertThat(exposed.checkHost(opt("server.example:8765"))).isEmpty();
    }

    @Test
    void anAbsentOriginAndTheSameOriginPass() {
        assertThat(OPEN_LOOPBACK.checkOrigin(Optional.empty(), opt("127.0.0.1:8765"))).isEmpty();
        assertThat(OPEN_LOOPBACK.checkOrigin(opt("http://127.0.0.1:8765"), opt("127.0.0.1:8765"))).isEmpty();
        assertThat(OPEN_LOOPBACK.checkOrigin(opt("HTTP://LocalHost:8765"), opt("localhost:8765"))).isEmpty();
        assertThat(OPEN_LOOPBACK.checkOrigin(opt("http://localhost"), opt("localhost:80"))).isEmpty();
    }

    @Test
    void otherOriginsAreRefusedUnlessConfigured() {
        // The scheme is not compared: only this server listens on its port, and behind a TLS proxy the page is
        // https while the Host is the proxy's name.
        for (String origin : new String[] {"http://evil.example", "http://127.0.0.1:9999", "null",
                "http://localhost:8765"}) {
            assertThat(OPEN_LOOPBACK.checkOrigin(opt(origin), opt("127.0.0.1:8765"))).as(origin)
                    .hasValueSatisfying(r -> assertThat(r.error()).isEqualTo("origin_not_allowed"));
        }
        AccessRules rules = new AccessRules(Optional.empty(), Set.of("http://IDE.example:3000/"), Set.of(), true);
        assertThat(rules.checkOrigin(opt("http://ide.example:3000"), opt("127.0.0.1:8765"))).isEmpty();
    }

    @Test
    void theTokenComesAsBearerHeaderOrQueryAndIsCheckedExactly() {
        AccessRules rules = new AccessRules(Optional.of("tok"), Set.of(), Set.of(), true);
        assertThat(rules.requiresToken()).isTrue();
        assertThat(rules.checkToken(opt("Bearer tok"), Optional.empty())).isEmpty();
        assertThat(rules.checkToken(opt("bearer tok"), Optional.empty())).isEmpty();
        assertThat(rules.checkToken(Optional.empty(), opt("tok"))).isEmpty();
        assertThat(rules.checkToken(opt("Bearer tok2"), Optional.empty())).hasValueSatisfying(
                r -> assertThat(r.message()).isEqualTo("the token is wrong"));
        assertThat(rules.checkToken(opt("Basic tok"), Optional.empty())).hasValueSatisfying(
                r -> assertThat(r.status()).isEqualTo(401));
        assertThat(rules.checkToken(Optional.empty(), Optional.empty())).hasValueSatisfying(
                r -> assertThat(r.message()).contains("a token is required"));
        assertThat(OPEN_LOOPBACK.checkToken(Optional.empty(), Optional.empty())).isEmpty();
    }

    @Test
    void hostIsCheckedBeforeOriginBeforeToken() {
        AccessRules rules = new AccessRules(Optional.of("tok"), Set.of(), Set.of(), true);
        assertThat(rules.check(opt("evil.example"), opt("http://evil.example"), Optional.empty(), Optional.empty()))
                .hasValueSatisfying(r -> assertThat(r.error()).isEqualTo("host_not_allowed"));
        assertThat(rules.check(opt("127.0.0.1:1"), opt("http://evil.example"), Optional.empty(), Optional.empty()))
                .hasValueSatisfying(r -> assertThat(r.error()).isEqualTo("origin_not_allowed"));
        assertThat(rules.check(opt("127.0.0.1:1"), Optional.empty(), Optional.empty(), Optional.empty()))
                .hasValueSatisfying(r -> assertThat(r.error()).isEqualTo("unauthorized"));
    }
}
