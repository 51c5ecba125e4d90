package dev.ptyctl.service.rpc;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class WaitMethodTest {
    /** Bounds a test whose wait is broken; a correct wait returns long before (events, not time, end it). */
    private static final long TEST_BOUND_SECONDS = 30;
    private final InMemoryClient client = new InMemoryClient();

    private CompletableFuture<JsonObject> waitInBackground(String params) {
        CompletableFuture<JsonObject> result = new CompletableFuture<>();
        Thread.ofVirtual().start(() -> {
            try {
                result.complete(client.result("pty/wait", params));
            } catch (Throwable e) {
                result.completeExceptionally(e);
            }
        });
        return result;
    }

    private void awaitWaiterBlocked() throws InterruptedException {
        assertThat(client.session.waiterBlocked.tryAcquire(TEST_BOUND_SECONDS, TimeUnit.SECONDS)).isTrue();
    }

    private static JsonObject get(CompletableFuture<JsonObject> future) throws Exception {
        return future.get(TEST_BOUND_SECONDS, TimeUnit.SECONDS);
    }

    @Test
    void matchAlreadyOnScreenReturnsAtOnceWithTheScreen() throws Exception {
        client.session.emit("ready> ");
        JsonObject result = client.result("pty/wait", "{\"match\":\"ready>\"}");
        assertThat(result.getBoolean("matched")).isTrue();
        assertThat(result.getString("screen")).isEqualTo("ready>\n");
        assertThat(result.getJsonObject("cursor").getInt("col")).isEqualTo(8);
        assertThat(result.getJsonObject("size").getInt("rows")).isEqualTo(5);
        assertThat(result.getJsonNumber("waitedMs").longValue()).isGreaterThanOrEqualTo(0);
        assertThat(client.session.waiterBlocked.availablePermits()).isZero();
    }

    /** The screen is 20 columns wide: the URL wraps over three rows, as a long path or message does. */
    @Test
    void aLineLongerThanTheScreenIsWideMatchesWhole() throws Exception {
        client.session.emit("see https://example.test/a/long/path/index.html\r\n$ ");
        assertThat(client.result("pty/wait", "{\"match\":\"https://example.test/a/long/path/index.html\",\"timeout\":0}")
                .getBoolean("matched")).isTrue();
        assertThat(client.result("pty/wait", "{\"match\":\"^see https://\\\\S+\\\\.html$\",\"regex\":true,"
                + "\"timeout\":0}").getBoolean("matched")).as("^ and $ at the ends of the program's line").isTrue();
        assertThat(client.result("pty/wait", "{\"match\":\"^\\\\$$\",\"regex\":true,\"timeout\":0}")
                .getBoolean("matched")).as("rows still match as before").isTrue();
    }

    @Test
    void linesThatTheProgramEndedAreNotJoined() throws Exception {
        client.session.emit("abc\r\ndef");
        assertThat(client.result("pty/wait", "{\"match\":\"abcdef\",\"timeout\":0}").getBoolean("matched")).isFalse();
    }

    @Test
    void aWrappedLineInTheScrollbackMatchesWholeWithScrollback() throws Exception {
        client.session.emit("see https://example.test/a/long/path/index.html\r\n" + "\r\n".repeat(8) + "$ ");
        String url = "\"match\":\"https://example.test/a/long/path/index.html\",\"timeout\":0";
        JsonObject found = client.result("pty/wait", "{" + url + ",\"scrollback\":true}").getJsonObject("found");
        assertThat(List.of(found.getInt("row"), found.getInt("col"))).as("seven lines above the screen")
                .isEqualTo(List.of(-6, 5));
        assertThat(client.result("pty/wait", "{" + url + "}").getBoolean("matched")).as("scrolled off").isFalse();
    }

    @Test
    void waitIsWokenByOutputThatBringsTheMatch() throws Exception {
        CompletableFuture<JsonObject> result = waitInBackground("{\"match\":\"done\",\"timeout\":600000}");
        awaitWaiterBlocked();
        client.session.emit("working...");
        awaitWaiterBlocked();
        assertThat(result).isNotDone();
        client.session.emit("\r\ndone");
        JsonObject matched = get(result);
        assertThat(matched.getBoolean("matched")).isTrue();
        assertThat(matched.getString("screen")).isEqualTo("working...\ndone\n");
    }

    @Test
    void aWaitThatMatchesNoScreenReadsTheScreenOnlyForItsAnswer() throws Exception {
        // A full 1000x1000 screen, and a wait for the program's end that looks after each of 1,000 lines of output,
        // as a wait for the prompt, for quiet or for a text in the output does: serializing the million cells at
        // each look took the waiting thread seconds.
        InMemoryClient big = new InMemoryClient(new FakeSession(1000, 1000), null);
        String row = "x".repeat(999) + "\r\n";
        big.session.emit(row.repeat(1000));
        // Measured in bytes allocated, not CPU time: each serialized screen is a string of a million characters, which
        // no machine's speed or load changes.
        CompletableFuture<Long> allocated = new CompletableFuture<>();
        CompletableFuture<JsonObject> result = new CompletableFuture<>();
        Thread.ofPlatform().start(() -> {
            var threads = (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
            long before = threads.getCurrentThreadAllocatedBytes();
            try {
                result.complete(big.result("pty/wait", "{\"timeout\":600000}"));
            } catch (Throwable e) {
                result.completeExceptionally(e);
            }
            allocated.complete(threads.getCurrentThreadAllocatedBytes() - before);
        });
        for (int i = 0; i < 1000; i++) {
            assertThat(big.session.waiterBlocked.tryAcquire(TEST_BOUND_SECONDS, TimeUnit.SECONDS)).isTrue();
            big.session.emit("line " + i + "\r\n");
        }
        big.session.exit(0);
        JsonObject answer = get(result);
        assertThat(answer.getString("screen")).as("the answer still shows the screen").endsWith("line 999\n");
        long bytes = allocated.get(TEST_BOUND_SECONDS, TimeUnit.SECONDS);
        // The screen serialized at every look: at least 1,000 x 1,000,000 characters, gigabytes.
        assertThat(bytes).as("bytes the waiting thread allocated over 1,000 looks").isLessThan(200L << 20);
    }

    @Test
    void timeoutWithoutTheMatchAnswersNotMatchedAfterTheTimeout() throws Exception {
        JsonObject result = client.result("pty/wait", "{\"match\":\"never\",\"timeout\":50}");
        assertThat(result.getBoolean("matched")).isFalse();
        assertThat(result.getJsonNumber("waitedMs").longValue()).isGreaterThanOrEqualTo(50);
    }

    @Test
    void zeroTimeoutChecksOnce() throws Exception {
        assertThat(client.result("pty/wait", "{\"match\":\"x\",\"timeout\":0}").getBoolean("matched")).isFalse();
        client.session.emit("x");
        assertThat(client.result("pty/wait", "{\"match\":\"x\",\"timeout\":0}").getBoolean("matched")).isTrue();
    }

    @Test
    void withoutMatchWaitsTheTimeoutEvenThroughOutput() throws Exception {
        CompletableFuture<JsonObject> result = waitInBackground("{\"timeout\":40}");
        awaitWaiterBlocked();
        client.session.emit("noise");
        JsonObject done = get(result);
        assertThat(done.getBoolean("matched")).isFalse();
        assertThat(done.getJsonNumber("waitedMs").longValue()).isGreaterThanOrEqualTo(40);
        assertThat(done.getString("screen")).isEqualTo("noise\n");
    }

    @Test
    void regexMatchesAnywhereAndAnchorsAtRowEnds() throws Exception {
        client.session.emit("build 42 ok\r\n$ ");
        assertThat(client.result("pty/wait", "{\"match\":\"build \\\\d+ ok\",\"regex\":true,\"timeout\":0}")
                .getBoolean("matched")).isTrue();
        assertThat(client.result("pty/wait", "{\"match\":\"^\\\\$$\",\"regex\":true,\"timeout\":0}")
                .getBoolean("matched")).isTrue();
        assertThat(client.result("pty/wait", "{\"match\":\"build \\\\d+ ok\",\"timeout\":0}")
                .getBoolean("matched")).isFalse();
    }

    @Test
    void catastrophicRegexIsCutOffInsteadOfRunningForever() throws Exception {
        InMemoryClient wide = new InMemoryClient(new FakeSession(200, 5), null);
        // (.*a){20}b backtracks through every way to split the row into 20 parts: seconds for 26 a's, ages for 64.
        wide.session.emit("a".repeat(64));
        JsonObject result = wide.result("pty/wait", "{\"match\":\"(.*a){20}b\",\"regex\":true,\"timeout\":0}");
        assertThat(result.getBoolean("matched")).isFalse();
        assertThat(result.getString("screen")).startsWith("aaaa");
    }

    @Test
    void regexThatDoesNotCompileIsInvalidParams() throws Exception {
        assertThat(client.invalidParams("pty/wait", "{\"match\":\"(unclosed\",\"regex\":true}"))
                .startsWith("match is not a valid regular expression: ");
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"regex\":true}", "{\"scrollback\":true}"})
    void regexAndScrollbackNeedMatch(String params) throws Exception {
        assertThat(client.invalidParams("pty/wait", params)).endsWith(" needs match or anyOf");
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"prompts\":3}", "{\"ifBusy\":\"return\"}"})
    void promptsAndIfBusyNeedPrompt(String params) throws Exception {
        assertThat(client.invalidParams("pty/wait", params)).endsWith(" needs prompt");
    }

    @Test
    void sinceNeedsATextPromptOrStarted() throws Exception {
        assertThat(client.invalidParams("pty/wait", "{\"since\":3}"))
                .isEqualTo("since needs match, anyOf, prompt or started");
    }

    @Test
    void promptAndStartedAreExclusive() throws Exception {
        assertThat(client.invalidParams("pty/wait", "{\"prompt\":true,\"started\":true}"))
                .startsWith("prompt and started are exclusive");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            {"prompt":true,"since":3,"ifWaitingForInput":"x"}  | ifWaitingForInput is "wait" or "return", got "x"
            {"idleMs":5,"ifWaitingForInput":"return"}          | ifWaitingForInput needs prompt
            {"prompt":true,"ifBusy":"refuse"}                  | ifBusy is "wait" or "return", got "refuse"
            """)
    void ifBusyAndIfWaitingForInputAreWaitOrReturnOnAPromptWait(String params, String message) throws Exception {
        assertThat(client.invalidParams("pty/wait", params)).isEqualTo(message);
    }

    @ParameterizedTest
    @ValueSource(strings = {"-1", "600001", "1.5", "\"10\"", "true", "[]"})
    void timeoutOutsideTheDomainIsInvalidParams(String timeout) throws Exception {
        assertThat(client.invalidParams("pty/wait", "{\"timeout\":" + timeout + "}"))
                .startsWith("timeout must be an integer from 0 to 600000");
    }

    @ParameterizedTest
    @ValueSource(strings = {"-1", "600001", "0.5", "\"5\""})
    void idleMsOutsideTheDomainIsInvalidParams(String idle) throws Exception {
        assertThat(client.invalidParams("pty/wait", "{\"idleMs\":" + idle + "}"))
                .startsWith("idleMs must be an integer from 0 to 600000");
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"match\":5}", "{\"match\":true}"})
    void matchMustBeAString(String params) throws Exception {
        assertThat(client.invalidParams("pty/wait", params)).isEqualTo("match must be a string");
    }

    @Test
    void regexFlagMustBeABoolean() throws Exception {
        assertThat(client.invalidParams("pty/wait", "{\"match\":\"a\",\"regex\":\"yes\"}"))
                .isEqualTo("regex must be a boolean");
    }

    @Test
    void idleMsAloneIsSatisfiedOnceQuiet() throws Exception {
        JsonObject result = client.result("pty/wait", "{\"idleMs\":20,\"timeout\":600000}");
        assertThat(result.getBoolean("matched")).isTrue();
        assertThat(result.getJsonNumber("waitedMs").longValue()).isGreaterThanOrEqualTo(20);
    }

    @Test
    void idleMsWithMatchWaitsForTheMatchFirst() throws Exception {
        CompletableFuture<JsonObject> result = waitInBackground("{\"match\":\"go\",\"idleMs\":5,\"timeout\":600000}");
        awaitWaiterBlocked();
        assertThat(result).isNotDone();
        client.session.emit("go");
        assertThat(get(result).getBoolean("matched")).isTrue();
    }

    @Test
    void idleNotReachedBeforeTheTimeoutIsNotMatched() throws Exception {
        JsonObject result = client.result("pty/wait", "{\"idleMs\":600000,\"timeout\":30}");
        assertThat(result.getBoolean("matched")).isFalse();
    }

    @Test
    void scrollbackTrueAlsoSearchesLinesThatScrolledOff() throws Exception {
        client.session.emit("first line\r\n2\r\n3\r\n4\r\n5\r\n6\r\n7");
        assertThat(client.result("pty/wait", "{\"match\":\"first\",\"timeout\":0}").getBoolean("matched")).isFalse();
        JsonObject result = client.result("pty/wait", "{\"match\":\"first\",\"timeout\":0,\"scrollback\":true}");
        assertThat(result.getBoolean("matched")).isTrue();
        assertThat(result.getString("screen")).isEqualTo("3\n4\n5\n6\n7\n");
    }

    @Test
    void aMatchInTheScrollbackIsPlacedAboveTheScreenRowZeroRightAboveIt() throws Exception {
        client.session.emit("first line\r\n2\r\n3\r\n4\r\n5\r\n6\r\n7");
        JsonObject first = client.result("pty/wait", "{\"match\":\"line\",\"scrollback\":true,\"timeout\":0}")
                .getJsonObject("found");
        assertThat(first.getInt("row")).as("two lines above the screen").isEqualTo(-1);
        assertThat(first.getInt("col")).isEqualTo(7);
        JsonObject second = client.result("pty/wait", "{\"match\":\"^2$\",\"regex\":true,\"scrollback\":true,"
                + "\"timeout\":0}").getJsonObject("found");
        assertThat(second.getInt("row")).as("right above the screen").isZero();
        JsonObject onScreen = client.result("pty/wait", "{\"match\":\"6\",\"scrollback\":true,\"timeout\":0}")
                .getJsonObject("found");
        assertThat(onScreen.getInt("row")).as("the screen's rows as without the scrollback").isEqualTo(4);
    }

    @Test
    void aMatchInAWrappedLineIsPlacedWhereItStartsWideCharactersAndTheBlankAtTheMarginCounted() throws Exception {
        InMemoryClient tall = new InMemoryClient(new FakeSession(20, 10), null);
        // 20 columns. The URL wraps over three rows: "index.html" is split between rows 2 and 3.
        tall.session.emit("see https://example.test/a/long/path/index.html\r\n");
        JsonObject url = tall.result("pty/wait", "{\"match\":\"index.html\",\"timeout\":0}")
                .getJsonObject("found");
        assertThat(List.of(url.getInt("row"), url.getInt("col"))).isEqualTo(List.of(2, 18));
        // Twelve wide characters take row 4 and four columns of row 5; "opqr" is split between rows 5 and 6.
        tall.session.emit("\u65e5".repeat(12) + "abcdefghijklmnopqrstuvwxyz\r\n");
        JsonObject letters = tall.result("pty/wait", "{\"match\":\"opqr\",\"timeout\":0}")
                .getJsonObject("found");
        assertThat(List.of(letters.getInt("row"), letters.getInt("col"))).isEqualTo(List.of(5, 19));
        // A wide character that does not fit at the margin leaves column 20 blank (read as a space) and goes on.
        tall.session.emit("x".repeat(19) + "\u65e5\u672c\r\n");
        JsonObject margin = tall.result("pty/wait", "{\"match\":\" \u65e5\u672c\",\"timeout\":0}")
                .getJsonObject("found");
        assertThat(List.of(margin.getInt("row"), margin.getInt("col"))).isEqualTo(List.of(7, 20));
    }

    @Test
    void exitEndsAWaitAtOnceAndSaysSoWithTheExitCode() throws Exception {
        CompletableFuture<JsonObject> result = waitInBackground("{\"match\":\"never\",\"timeout\":600000}");
        awaitWaiterBlocked();
        client.session.exit(3);
        JsonObject ended = get(result);
        assertThat(ended.getBoolean("matched")).isFalse();
        assertThat(ended.getJsonObject("exited")).isEqualTo(Json.createObjectBuilder().add("exitCode", 3).build());
    }

    @Test
    void aTimeoutHasNoExitedMemberNorFound() throws Exception {
        client.session.emit("ready");
        JsonObject result = client.result("pty/wait", "{\"match\":\"never\",\"timeout\":10}");
        assertThat(result.getBoolean("matched")).isFalse();
        assertThat(result).doesNotContainKeys("exited", "found");
    }

    @Test
    void anyOfSaysWhichTextMatchedWhatItsGroupsCapturedAndWhereItStarts() throws Exception {
        client.session.emit("host key?\r\nSure (yes/no)? ");
        JsonObject result = client.result("pty/wait", "{\"anyOf\":[\"password:\",{\"match\":\"\\\\((yes)/(no)(/x)?\\\\)\","
                + "\"regex\":true},\"$ \"],\"timeout\":0}");
        assertThat(result.getBoolean("matched")).isTrue();
        assertThat(result.getJsonObject("found")).isEqualTo(Json.createReader(new java.io.StringReader(
                "{\"index\":1,\"text\":\"(yes/no)\",\"groups\":[\"yes\",\"no\",null],\"row\":2,\"col\":6}"))
                .readObject());
    }

    @Test
    void whenSeveralAreOnScreenTheLowestWinsTheProgramPrintedItLast() throws Exception {
        client.session.emit("Sure (yes/no)? yes\r\npassword: ");
        JsonObject result = client.result("pty/wait", "{\"anyOf\":[\"yes/no\",\"password:\"],\"timeout\":0}");
        assertThat(result.getJsonObject("found").getInt("index")).isEqualTo(1);
        assertThat(result.getJsonObject("found").getInt("row")).isEqualTo(2);
    }

    @Test
    void aTextInALineThatWrappedBelowAnotherIsTheLowest() throws Exception {
        // 20 columns: "0123456789012345LONGTOKEN" wraps after "LONG", so that text is only in the joined line
        client.session.emit("password:\r\n0123456789012345LONGTOKEN\r\n");
        JsonObject found = client.result("pty/wait", "{\"anyOf\":[\"password:\",\"LONGTOKEN\"],\"timeout\":0}")
                .getJsonObject("found");
        assertThat(found.getInt("index")).as("printed after password:").isEqualTo(1);
        assertThat(found.getInt("row")).as("found only with the rows joined, where it starts").isEqualTo(2);
        assertThat(found.getInt("col")).isEqualTo(17);
        client.session.emit("password:\r\n");
        assertThat(client.result("pty/wait", "{\"anyOf\":[\"password:\",\"LONGTOKEN\"],\"timeout\":0}")
                .getJsonObject("found")).as("printed last, in the rows").isEqualTo(Json.createObjectBuilder()
                .add("index", 0).add("text", "password:").add("groups", Json.createArrayBuilder()).add("row", 4)
                .add("col", 1).build());
    }

    @Test
    void severalExpressionsThatBacktrackForEverShareOneSecondNotOneEach() throws Exception {
        InMemoryClient wide = new InMemoryClient(new FakeSession(200, 5), null);
        wide.session.emit("a".repeat(64)); // ages for each (.*a){20}b, as in the test above
        String runaway = "{\"match\":\"(.*a){20}b\",\"regex\":true}";
        JsonObject result = wide.result("pty/wait", "{\"anyOf\":[" + String.join(",", java.util.Collections.nCopies(
                6, runaway)) + "],\"timeout\":100}");
        assertThat(result.getBoolean("matched")).isFalse();
        assertThat(result.getJsonNumber("waitedMs").longValue()).as("docs: cut off after the timeout, at least 1 s")
                .isLessThan(3_000);
    }

    @Test
    void aMatchIsLocatedAtItsLastOccurrenceInCellsAndNamedGroupsAreGiven() throws Exception {
        client.session.emit("port=1\r\n\u65e5\u672c port=22\r\n");
        JsonObject found = client.result("pty/wait", "{\"match\":\"port=(?<port>\\\\d+)\",\"regex\":true,"
                + "\"timeout\":0}").getJsonObject("found");
        assertThat(found.getString("text")).isEqualTo("port=22");
        assertThat(found.getJsonObject("named").getString("port")).isEqualTo("22");
        assertThat(found.getInt("row")).isEqualTo(2);
        assertThat(found.getInt("col")).as("two wide characters and a space before it").isEqualTo(6);
        JsonObject plain = client.result("pty/wait", "{\"match\":\"port\",\"timeout\":0}").getJsonObject("found");
        assertThat(plain.getInt("index")).isZero();
        assertThat(plain.getJsonArray("groups")).isEmpty();
        assertThat(plain.containsKey("named")).isFalse();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "{\"match\":\"a\",\"anyOf\":[\"b\"]}|match and anyOf are exclusive",
        "{\"anyOf\":[]}|anyOf must be an array of 1 to 64 texts",
        "{\"anyOf\":\"a\"}|anyOf must be an array of 1 to 64 texts",
        "{\"anyOf\":[\"a\",3]}|anyOf[1] must be a string or an object {match, regex?}",
        "{\"anyOf\":[{\"match\":\"(\",\"regex\":true}]}|anyOf[0].match is not a valid regular expression",
        "{\"anyOf\":[{\"match\":\"a\",\"regex\":1}]}|anyOf[0].regex must be a boolean"})
    void anyOfOfTheWrongShapeIsInvalidParams(String params, String message) throws Exception {
        assertThat(client.invalidParams("pty/wait", params)).startsWith(message);
    }

    @Test
    void waitAfterExitReturnsAtOnceAndStillMatchesTheFinalScreen() throws Exception {
        client.session.emit("bye");
        client.session.exit(0);
        assertThat(client.result("pty/wait", "{\"match\":\"bye\",\"timeout\":600000}").getBoolean("matched")).isTrue();
        assertThat(client.result("pty/wait", "{\"match\":\"no\",\"timeout\":600000}").getBoolean("matched")).isFalse();
        assertThat(client.result("pty/wait", "{\"timeout\":600000}").getBoolean("matched")).isFalse();
        assertThat(client.result("pty/wait", "{\"idleMs\":600000,\"timeout\":600000}").getBoolean("matched")).isTrue();
        assertThat(client.session.waiterBlocked.availablePermits()).isZero();
    }

    @Test
    void aWaitLooksAgainAtTheEndOfTheIdleTimeOnlyWhileTheLastLookSawItAhead() {
        long idleAt = 5_000_000;
        long deadline = 60_000_000_000L;
        assertThat(WaitMethod.nextLookAt(true, false, idleAt, deadline)).isEqualTo(idleAt);
        // Over at the look: only output can change the answer now, and output wakes the wait (looking again at once
        // spun a core). Ahead at the look but over by now: looked at again at once, not left to the deadline.
        assertThat(WaitMethod.nextLookAt(true, true, idleAt, deadline)).isEqualTo(deadline);
        assertThat(WaitMethod.nextLookAt(false, false, idleAt, deadline)).isEqualTo(deadline);
        assertThat(WaitMethod.nextLookAt(true, false, deadline + 1, deadline)).isEqualTo(deadline);
    }
}
