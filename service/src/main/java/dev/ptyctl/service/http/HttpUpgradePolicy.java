package dev.ptyctl.service.http;

import dev.ptyctl.service.ws.UpgradePolicy;
import io.helidon.http.HeaderNames;
import io.helidon.http.Headers;
import java.util.Map;
import java.util.Optional;

/**
 * The WebSocket side of {@link AccessRules}: the same Host, Origin and token rules as REST, with the token also
 * accepted as {@code ?token=} (browsers cannot set headers on a WebSocket). Every refusal is answered 403 by the
 * socket endpoint; the reason names the rule.
 */
public final class HttpUpgradePolicy implements UpgradePolicy {
    private final AccessRules rules;

    public HttpUpgradePolicy(AccessRules rules) {
        this.rules = rules;
    }

    @Override
    public Optional<String> refuse(Headers headers, Map<String, String> query) {
        return rules.check(headers.first(HeaderNames.HOST), headers.first(HeaderNames.ORIGIN),
                headers.first(HeaderNames.AUTHORIZATION), Optional.ofNullable(query.get("token")))
                .map(AccessRules.Refusal::message);
    }

    @Override
    public boolean viewOnly(Headers headers, Map<String, String> query) {
        return rules.scope(headers.first(HeaderNames.AUTHORIZATION), Optional.ofNullable(query.get("token")))
                == AccessRules.Scope.VIEW;
    }
}
