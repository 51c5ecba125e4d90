package dev.ptyctl.service.http;

import io.helidon.http.HeaderNames;
import io.helidon.http.Status;
import io.helidon.webserver.http.ServerResponse;
import jakarta.json.JsonStructure;

/** Sends JSON bodies with their content type. */
final class Responses {
    private Responses() {
    }

    static void json(ServerResponse res, int status, JsonStructure body) {
        HeadRequests.send(res.status(Status.create(status)).header(HeaderNames.CONTENT_TYPE, "application/json"),
                body.toString());
    }
}
