package dev.ptyctl.client.dsl;

import dev.ptyctl.vt.CommandLineEscapes;
import dev.ptyctl.vt.Terminal;
import dev.ptyctl.vt.serialize.TextSerializer;
import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
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
    private static final byte ESC = 0x1b;

    /** A command whose output has begun. */
    private static final class Pending {
        final String line;
        final String cwd;
        final long startNanos;
        final ByteArrayOutputStream output = new ByteArrayOutputStream();

        Pending(String line, String cwd, long startNanos) {
            this.line = line;
            this.cwd = cwd;
            this.startNanos = startNanos;
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

    // Scanner state: ESC seen; inside ESC ] ... ; payload; ESC inside the payload (perhaps ESC \).
    private boolean afterEsc;
    private boolean inOsc;
    private boolean escInOsc;
    private final ByteArrayOutputStream payload = new ByteArrayOutputStream();
    /** Bytes of the running command's output before the OSC being read began. */
    private int outputBeforeOsc;

    /** Output that arrived at {@code nanos} (any clock, the same for every call). */
    void feed(byte[] data, int offset, int length, long nanos) {
        lastNanos = nanos;
        for (int i = offset; i < offset + length; i++) {
            byte b = data[i];
            if (running != null && running.output.size() < MAX_OUTPUT_BYTES) {
                running.output.write(b);
            }
            scan(b, nanos);
        }
    }

    private void scan(byte b, long nanos) {
        if (inOsc) {
            if (escInOsc) {
                escInOsc = false;
                if (b == '\\') {
                    oscEnded(nanos);
                    return;
                }
                inOsc = false;
            } else if (b == 0x07) {
                oscEnded(nanos);
                return;
            } else if (b == ESC) {
                escInOsc = true;
                return;
            } else if (payload.size() < MAX_PAYLOAD) {
                payload.write(b);
                return;
            } else {
                inOsc = false;
                return;
            }
        }
        if (afterEsc && b == ']') {
            afterEsc = false;
            inOsc = true;
            payload.reset();
            return;
        }
        afterEsc = b == ESC;
        if (afterEsc && running != null) {
            outputBeforeOsc = running.output.size() - 1;
        }
    }

    private void oscEnded(long nanos) {
        inOsc = false;
        String osc = payload.toString(StandardCharsets.UTF_8);
        if (osc.startsWith("133;")) {
            promptMark(osc.substring(4), nanos);
        } else if (osc.startsWith("633;E;")) {
            announcedLine = CommandLineEscapes.decode(osc.substring(6)); // stops at VS Code's nonce field
        } else if (osc.startsWith("7;")) {
            cwd = pathOf(osc.substring(2));
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
                running = new Pending(announcedLine, cwd, nanos);
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
        byte[] output = java.util.Arrays.copyOf(all, Math.max(0, Math.min(all.length, outputBeforeOsc)));
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
