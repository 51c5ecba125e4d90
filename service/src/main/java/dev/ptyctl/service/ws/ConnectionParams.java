package dev.ptyctl.service.ws;

import dev.ptyctl.protocol.ws.ClientFrame;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The query parameters of a socket URL, {@code ?lastOutputSeq=N&protocol=2&mode=view&clientId=ID
 * &serverAnswers=titleReports} (SPEC §5.2, §5.5, §5.6, §8). Values that cannot be used are not fatal: they are reported to the client in {@code error} frames and
 * the connection goes on as if they were absent, except {@code mode}, whose misspelling must never give a viewer
 * control of the terminal (see {@link #parse}).
 *
 * @param lastOutputSeq the client's replay cursor, when it gave a valid one
 * @param protocol2     whether the client asked for protocol 2
 * @param viewer        whether the client attached read-only
 * @param clientId      the client's stable id, when given in the URL
 * @param leavesTitleReports whether the client leaves the title and icon-label reports (XTWINOPS 21, 20) to the
 *                      server while it answers the other queries ({@code serverAnswers=titleReports}: the web page,
 *                      whose xterm.js cannot answer them)
 * @param problems      what was wrong with the parameters, one sentence each
 */
record ConnectionParams(OptionalLong lastOutputSeq, boolean protocol2, boolean viewer, Optional<String> clientId,
                        boolean leavesTitleReports, List<String> problems) {
    /** The value of {@code serverAnswers} by which a client leaves the title reports to the server. */
    static final String TITLE_REPORTS = "titleReports";

    /** Copies. */
    ConnectionParams {
        problems = List.copyOf(problems);
    }

    /** The same parameters for a client that may only watch. */
    ConnectionParams asViewer() {
        return new ConnectionParams(lastOutputSeq, protocol2, true, clientId, leavesTitleReports, problems);
    }

    /**
     * Reads the parameters.
     *
     * @throws IllegalArgumentException for a {@code mode} other than {@code view} (the upgrade is refused)
     */
    static ConnectionParams parse(Map<String, String> query) {
        List<String> problems = new ArrayList<>();
        OptionalLong lastOutputSeq = OptionalLong.empty();
        String seq = query.get("lastOutputSeq");
        if (seq != null && !seq.isEmpty()) {
            try {
                long value = Long.parseLong(seq);
                if (value < 0) {
                    throw new NumberFormatException();
                }
                lastOutputSeq = OptionalLong.of(value);
            } catch (NumberFormatException e) {
                problems.add("lastOutputSeq must be a whole number, 0 or more, got \"" + seq + "\": sending a reset");
            }
        }
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
        return new ConnectionParams(lastOutputSeq, "2".equals(query.get("protocol")), "view".equals(mode), clientId,
                leavesTitleReports, problems);
    }
}
