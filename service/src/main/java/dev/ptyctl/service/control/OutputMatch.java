package dev.ptyctl.service.control;

import dev.ptyctl.service.output.OutputLog;
import dev.ptyctl.service.shell.PromptTracker.InputRegion;
import java.util.List;
import java.util.Optional;

/**
 * A wait's texts looked for in what the program wrote after an output offset, not on the screen: pexpect's
 * {@code expect}, which reads a stream and consumes it up to each match, so a question answered before the offset is
 * not found again. The text is {@link OutputScan}'s (escape sequences dropped, {@code \r\n} as {@code \n}, a lone CR
 * dropped, the shell's echo of command lines left out); the entry whose match starts first wins
 * ({@link ScreenPatterns#first}), and the answer says the offset just after the match, where the next wait goes on.
 */
public final class OutputMatch {
    /**
     * A match.
     *
     * @param found   which entry, what it matched and captured
     * @param nextSeq the output offset just after the last byte of the match
     */
    public record Hit(ScreenPatterns.Found found, long nextSeq) {
    }

    private final OutputScan scan;
    private final ScreenPatterns patterns;

    /** Looks for {@code patterns} in the output of {@code log} from offset {@code since} on. */
    public OutputMatch(OutputLog log, long since, ScreenPatterns patterns) {
        this.scan = new OutputScan(log, since, true);
        this.patterns = patterns;
    }

    /** Takes in the output up to {@code upTo}, leaving out {@code regions} (the shell's echo of command lines). */
    public void advance(long upTo, List<InputRegion> regions) {
        scan.advance(upTo, regions);
    }

    /**
     * The first match in the output taken in so far.
     *
     * @throws IllegalArgumentException when a regular expression is too deep for the text ({@link DeadlineText})
     */
    public Optional<Hit> find(long deadlineNanos) {
        return patterns.first(scan.text(), deadlineNanos)
                .map(first -> new Hit(first.found(), scan.seqAfter(first.end())));
    }
}
