package dev.ptyctl.service.ws;

import dev.ptyctl.protocol.ws.ClientFrame;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * The query parameters of a socket URL, {@code ?lastOutputSeq=N&redrawSince=N&protocol=2&mode=view&clientId=ID
 * &serverAnswers=titleReports&relay=titleReports&cols=C&rows=R} (SPEC §5.2, §5.4, §5.5, §5.6, §8). Values that cannot be used are not fatal: they are reported to the client in {@code error} frames and
 * the connection goes on as if they were absent, except {@code mode}, whose misspelling must never give a viewer
 * control of the terminal (see {@link #parse}).
 *
 * @param lastOutputSeq the client's replay cursor, when it gave a valid one
 * @param redrawSince   {@code redrawSince=N}: the client showed the output up to offset N and then something of its
 *                      own, so it asks for a redraw (a reset frame without RIS, {@code VtSerializer.repaintBytes}) that
 *                      brings only the lines scrolled since N; wins over {@code lastOutputSeq}
 * @param protocol2     whether the client asked for protocol 2
 * @param viewer        whether the client attached read-only
 * @param clientId      the client's stable id, when given in the URL
 * @param leavesTitleReports whether the client leaves the title and icon-label reports (XTWINOPS 21, 20) to the
 *                      server while it answers the other queries ({@code serverAnswers=titleReports}: the web page,
 *                      whose xterm.js cannot answer them)
 * @param relaysTitleReports whether the client, while it answers the queries, sends the program the server
 *                      emulator's answers to the title and icon-label reports itself, each as it parses the report
 *                      ({@code relay=titleReports}: the web page, so that every answer reaches the program in the order
 *                      of the queries); the server sends them in {@code reply} frames before the output they answer
 * @param size          {@code cols=C&rows=R}: the size the client shows the terminal at as it connects, applied as its
 *                      {@code resize} before the first frames, so that a reset or redraw is drawn at it (a client
 *                      reconnecting after its window changed size during the outage)
 * @param problems      what was wrong with the parameters, one sentence each
 */
record ConnectionParams(OptionalLong lastOutputSeq, OptionalLong redrawSince, boolean protocol2, boolean viewer,
                        Optional<String> clientId, boolean leavesTitleReports, boolean relaysTitleReports,
                        Optional<SizeArbiter.Size> size, List<String> problems) {
    /** The value of {@code serverAnswers} by which a client leaves the title reports to the server, and of
     * {@code relay} by which it sends the server's answers to them itself. */
    static final String TITLE_REPORTS = "titleReports";

    /** Copies. */
    ConnectionParams {
        problems = List.copyOf(problems);
    }

    /** The same parameters for a client that may only watch. */
    ConnectionParams asViewer() {
        return new ConnectionParams(lastOutputSeq, redrawSince, protocol2, true, clientId, leavesTitleReports,
                relaysTitleReports, size, problems);
    }

    /**
     * Reads the parameters.
     *
     * @throws IllegalArgumentException for a {@code mode} other than {@code view} (the upgrade is refused)
     */
    static ConnectionParams parse(Map<String, String> query) {
        List<String> problems = new ArrayList<>();
        OptionalLong lastOutputSeq = outputSeq(query, "lastOutputSeq", problems);
        OptionalLong redrawSince = outputSeq(query, "redrawSince", problems);
        String mode = query.get("mode");
        if (mode != null && !mode.isEmpty() && !mode.equals("view")) {
            throw new IllegalArgumentException("unknown mode \"" + mode + "\": the only mode is \"view\"");
        }
        Optional<String> clientId = Optional.ofNullable(query.get("clientId")).filter(id -> !id.isEmpty());
        if (clientId.isPresent() && clientId.get().length() > ClientFrame.MAX_CLIENT_ID_LENGTH) {
            problems.add("clientId is longer than " + ClientFrame.MAX_CLIENT_ID_LENGTH + " characters: ignored");
            clientId = Optional.empty();
        }
        String serverAnswers = query.get("serverAnswers");
        boolean leavesTitleReports = TITLE_REPORTS.equals(serverAnswers);
        if (serverAnswers != null && !serverAnswers.isEmpty() && !leavesTitleReports) {
            problems.add("serverAnswers must be \"" + TITLE_REPORTS + "\", got \"" + serverAnswers + "\": ignored");
        }
        String relay = query.get("relay");
        boolean relaysTitleReports = TITLE_REPORTS.equals(relay);
        if (relay != null && !relay.isEmpty() && !relaysTitleReports) {
            problems.add("relay must be \"" + TITLE_REPORTS + "\", got \"" + relay + "\": ignored");
        }
        if (leavesTitleReports && relaysTitleReports) {
            problems.add("serverAnswers=titleReports and relay=titleReports exclude each other: relaying");
            leavesTitleReports = false;
        }
        return new ConnectionParams(lastOutputSeq, redrawSince, "2".equals(query.get("protocol")), "view".equals(mode),
                clientId, leavesTitleReports, relaysTitleReports, size(query, problems), problems);
    }

    /**
     * {@code cols} and {@code rows}, both or neither, each 1 to 1000 as a {@code resize}'s; otherwise ignored, said in
     * an error frame. An empty value is an absent one, as for the other parameters. Digits only: a resize frame's JSON
     * number has no sign, and {@link Integer#parseInt} would also take {@code +80} and other scripts' digits.
     */
    private static Optional<SizeArbiter.Size> size(Map<String, String> query, List<String> problems) {
        String cols = query.getOrDefault("cols", "");
        String rows = query.getOrDefault("rows", "");
        if (cols.isEmpty() && rows.isEmpty()) {
            return Optional.empty();
        }
        OptionalInt c = dimension(cols);
        OptionalInt r = dimension(rows);
        if (c.isPresent() && r.isPresent()) {
            return Optional.of(new SizeArbiter.Size(c.getAsInt(), r.getAsInt()));
        }
        problems.add("cols and rows must both be given, each a whole number from 1 to " + ClientFrame.MAX_DIMENSION
                + ", got " + given("cols", cols) + " and " + given("rows", rows) + ": the size is ignored");
        return Optional.empty();
    }

    private static OptionalInt dimension(String value) {
        if (!value.matches("[0-9]{1,4}")) {
            return OptionalInt.empty();
        }
        int n = Integer.parseInt(value);
        return n >= 1 && n <= ClientFrame.MAX_DIMENSION ? OptionalInt.of(n) : OptionalInt.empty();
    }

    /** {@code cols "0"}, or {@code no rows}. */
    private static String given(String name, String value) {
        return value.isEmpty() ? "no " + name : name + " \"" + value + "\"";
    }

    /** An output offset parameter; one that is not a whole number is a problem, and the client gets a reset. */
    private static OptionalLong outputSeq(Map<String, String> query, String name, List<String> problems) {
        String seq = query.get(name);
        if (seq != null && !seq.isEmpty()) {
            try {
                long value = Long.parseLong(seq);
                if (value >= 0) {
                    return OptionalLong.of(value);
                }
            } catch (NumberFormatException e) {
                // said below
            }
            problems.add(name + " must be a whole number, 0 or more, got \"" + seq + "\": sending a reset");
        }
        return OptionalLong.empty();
    }
}
