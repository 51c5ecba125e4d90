package dev.ptyctl.e2e.docs;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.matchesPattern;

import dev.ptyctl.e2e.server.UsesServer;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The rest-assured examples of docs/testing.md, run against a real server. */
@UsesServer
class RestApiExamplesTest {

    // tag::rest-setup[]
    @BeforeAll
    static void server() {
        RestAssured.baseURI = System.getProperty("ptyctl.url", "http://127.0.0.1:8765");
        RestAssured.enableLoggingOfRequestAndResponseIfValidationFails();
    }
    // end::rest-setup[]

    // tag::rest-lifecycle[]
    @Test
    void createReadAndDeleteATerminal() {
        String id = given().contentType(ContentType.JSON)
                .body("{\"sessionId\": \"rest-demo\", \"shell\": \"/bin/bash\", \"cols\": 80, \"rows\": 24}")
            .when().post("/v1/terminals")
            .then().statusCode(201)
                .body("terminalId", matchesPattern("[0-9a-f]{16}"))
                .body("cols", equalTo(80))
                .body("websocketPath", endsWith("/socket"))
                .extract().path("terminalId");

        given().when().get("/v1/terminals")
            .then().statusCode(200).body("terminals.terminalId", hasItem(id));

        given().when().get("/v1/terminals/{id}", id)
            .then().statusCode(200).body("running", equalTo(true)).body("sessionId", equalTo("rest-demo"));

        given().queryParam("format", "text").when().get("/v1/terminals/{id}/screen", id)
            .then().statusCode(200).body("format", equalTo("text"));

        given().when().delete("/v1/terminals/{id}", id)
            .then().statusCode(200).body("closed", equalTo(true));
        given().when().delete("/v1/terminals/{id}", id)
            .then().statusCode(404).body("closed", equalTo(false));
    }
    // end::rest-lifecycle[]

    // tag::rest-errors[]
    @Test
    void badInputIsA400NamingTheField() {
        given().contentType(ContentType.JSON).body("{\"sessionId\": \"bad\", \"cols\": 0}")
            .when().post("/v1/terminals")
            .then().statusCode(400)
                .body("error", equalTo("invalid_request"))
                .body("message", containsString("cols"));

        given().when().get("/v1/terminals/{id}", "0000000000000000")
            .then().statusCode(404).body("error", equalTo("not_found"));
    }
    // end::rest-errors[]
}
