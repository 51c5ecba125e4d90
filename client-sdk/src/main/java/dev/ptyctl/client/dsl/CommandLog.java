package dev.ptyctl.client.dsl;

import dev.ptyctl.vt.CommandLineEscapes;
import dev.ptyctl.vt.OscScanner;
import dev.ptyctl.vt.Terminal;
import dev.ptyctl.vt.serialize.TextSerializer;
import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Every command a shell ran, read from its output stream: the shell-integration marks ptyctl's shells emit
 * (OSC 133 A/B/C/D with the exit code, {@code OSC 633 ; E} with the command line, OSC 7 with the working directory)
 * delimit each command's output, and the time each chunk arrived gives its duration. It reads recordings: the
 * server's, with the server's arrival times ({@link TerminalDriver#commands()}), or a {@link Replay}'s file. (Times
 * taken where a client receives the output would be off by whatever delayed each chunk on its way.)
 *
 * <p>Not thread-safe: fed and read under its owner's lock.
 */
final class CommandLog {
    /** What is kept of one command's output: more than any test reads, bounded per command. */
    private static final int MAX_OUTPUT_BYTES = 1 << 20;
    /** Longest OSC payload looked at (an escaped command line); longer ones are not marks we read. */
    private static final int MAX_PAYLOAD = 16 * 1024;

    /** A command whose output has begun. */
    private static final class Pending {
        final String line;
        final String cwd;
        final long startNanos;
        /** Stream offset where its output began (just after its C mark). */
        final long startOffset;
        final ByteArrayOutputStream output = new ByteArrayOutputStream();

        Pending(String line, String cwd, long startNanos, long startOffset) {
            this.line = line;
            this.cwd = cwd;
            this.startNanos = startNanos;
            this.startOffset = startOffset;
        }
    }

    /** A finished command, its output still raw. */
    private record Finished(String line, int exitCode, long nanos, String cwd, byte[] output) {
    }

    private final List<Finished> finished = new ArrayList<>();
    private Pending running;
    private String announcedLine = "";
    private String cwd = "";
    private long lastNanos;

    /** The marks' scanner (the server's prompt tracker uses the same): OSC 7, 133 and 633. */
    private final OscScanner marks = new OscScanner(MAX_PAYLOAD, 7, 133, 633);
    /** Bytes fed so far: the stream offset of the next byte. */
    private long fed;
    /** Where the mark being handled began (its ESC). */
    private long markStart;

    /** Output that arrived at {@code nanos} (any clock, the same for every call). */
    void feed(byte[] data, int offset, int length, long nanos) {
        lastNanos = nanos;
        int end = offset + length;
        int i = offset;
        while (i < end) {
            // Up to just after the next mark; a running command's output is kept with its marks (cut off at the end).
            int next = marks.scan(data, i, end, fed);
            if (running != null) {
                running.output.write(data, i, Math.min(next - i, MAX_OUTPUT_BYTES - running.output.size()));
            }
            fed += next - i;
            i = next;
            if (marks.found() && !marks.cut()) {
                markStart = marks.startOffset();
                oscEnded(marks.number(), marks.payload(), nanos);
            }
        }
    }

    private void oscEnded(int number, String osc, long nanos) {
        if (number == 133) {
            promptMark(osc, nanos);
        } else if (number == 633 && osc.startsWith("E;")) {
            announcedLine = CommandLineEscapes.decode(osc.substring(2)); // stops at VS Code's nonce field
        } else if (number == 7) {
            cwd = pathOf(osc);
        }
    }

    private void promptMark(String mark, long nanos) {
        char kind = mark.isEmpty() ? '?' : mark.charAt(0);
        switch (kind) {
            case 'C' -> {
                if (running != null) {
                    // A second C before any D: bash runs the commands of one multi-line input one after another,
                    // each with its own C, and sends one D after the last. The one before ends here, without a code.
                    finish(Command.UNKNOWN_EXIT_CODE, nanos);
                }
                running = new Pending(announcedLine, cwd, nanos, marks.endOffset());
                announcedLine = "";
            }
            case 'D' -> {
                if (running != null) {
                    String[] fields = mark.split(";");
                    int exit = fields.length > 1 && fields[1].matches("-?\\d{1,9}") ? Integer.parseInt(fields[1])
                            : Command.UNKNOWN_EXIT_CODE;
                    finish(exit, nanos);
                }
            }
            case 'A' -> {
                if (running != null) {
                    finish(Command.UNKNOWN_EXIT_CODE, nanos); // a prompt without a D: interrupted
                }
                announcedLine = "";
            }
            default -> {
                // B (end of the prompt) and other kinds say nothing about commands
            }
        }
    }

    private void finish(int exitCode, long nanos) {
        byte[] all = running.output.toByteArray();
        // The output was kept as it went by, the ending mark's own bytes included: only what came before the mark.
        byte[] output = java.util.Arrays.copyOf(all, (int) Math.max(0, Math.min(all.length,
                markStart - running.startOffset)));
        finished.add(new Finished(running.line, exitCode, nanos - running.startNanos, running.cwd, output));
        running = null;
    }

    /** Every command so far, oldest first, the running one last; output rendered {@code cols} wide. */
    List<Command> commands(int cols) {
        List<Command> commands = new ArrayList<>();
        for (Finished f : finished) {
            commands.add(new Command(f.line(), f.exitCode(), Duration.ofNanos(f.nanos()), f.cwd(), render(f.output(), cols),
                    false));
        }
        if (running != null) {
            commands.add(new Command(running.line, Command.UNKNOWN_EXIT_CODE, Duration.ofNanos(lastNanos - running.startNanos),
                    running.cwd, render(running.output.toByteArray(), cols), true));
        }
        return commands;
    }

    /** Output as the user saw it: through a scratch emulator, so redraws (progress bars, CR) give their final text. */
    private static String render(byte[] output, int cols) {
        Terminal scratch = new Terminal(Math.max(cols, 2), 50, Integer.MAX_VALUE / 2);
        scratch.feed(output);
        return TextSerializer.withScrollback(scratch);
    }

    /** {@code file://host/path} (percent-encoded) to the path; anything else as it is. */
    private static String pathOf(String uri) {
        try {
            URI parsed = URI.create(uri);
            return parsed.getPath() != null ? parsed.getPath() : uri;
        } catch (IllegalArgumentException e) {
            return uri;
        }
    }
}
