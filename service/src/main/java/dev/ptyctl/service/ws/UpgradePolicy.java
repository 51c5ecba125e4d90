package dev.ptyctl.service.ws;

import io.helidon.http.Headers;
import io.helidon.http.HttpPrologue;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Authorises a WebSocket upgrade before the socket opens: token (header or {@code ?token=}), Origin, Host
 * (SPEC §8).
 */
@FunctionalInterface
public interface UpgradePolicy {

    /** A policy that allows every upgrade; for tests and embedding behind another gate. */
    UpgradePolicy ALLOW_ALL = (headers, query) -> Optional.empty();

    /**
     * Decides whether an upgrade may proceed.
     *
     * @param headers the upgrade request's headers
     * @param query   the decoded query parameters (first value of each)
     * @return empty when allowed; otherwise the reason, sent as the 403 refusal
     */
    Optional<String> refuse(Headers headers, Map<String, String> query);

    /** The upgrade request's decoded query parameters, the first value of each: the {@code query} the policy takes. */
    static Map<String, String> query(HttpPrologue prologue) {
        Map<String, String> query = new LinkedHashMap<>();
        for (String name : prologue.query().names()) {
            prologue.query().first(name).ifPresent(value -> query.put(name, value));
        }
        return query;
    }

    /** Whether an allowed upgrade may only watch (a view-scope token): it is attached as {@code mode=view}. */
    default boolean viewOnly(Headers headers, Map<String, String> query) {
        return false;
    }
}
