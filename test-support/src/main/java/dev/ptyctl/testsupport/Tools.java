package dev.ptyctl.testsupport;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.opentest4j.AssertionFailedError;

/**
 * Finds the optional programs tests drive, and the in-body form of {@link RequiresTool} for tests whose arguments
 * name the program ({@code @ValueSource(strings = {"bash", "zsh", "fish"})}).
 */
public final class Tools {
    /**
     * Other names the same program is installed under, so that a test names the program once: Debian's package
     * {@code chromium} installs {@code chromium}, Ubuntu's {@code chromium-browser}; old Debian packages of node
     * install {@code nodejs}.
     */
    private static final Map<String, List<String>> ALIASES = Map.of(
            "chromium", List.of("chromium", "chromium-browser"),
            "node", List.of("node", "nodejs"));

    private Tools() {
    }

    /** The executable {@code tool} on {@code PATH} (or under one of its other names), if there is one. */
    public static Optional<Path> find(String tool) {
        String path = System.getenv("PATH");
        if (path == null || path.isEmpty()) {
            return Optional.empty();
        }
        for (String name : ALIASES.getOrDefault(tool, List.of(tool))) {
            for (String dir : path.split(File.pathSeparator)) {
                Optional<Path> found = executable(dir.isEmpty() ? "." : dir, name);
                if (found.isPresent()) {
                    return found;
                }
            }
        }
        return Optional.empty();
    }

    /** Whether {@link #find} finds {@code tool}. */
    public static boolean isInstalled(String tool) {
        return find(tool).isPresent();
    }

    /**
     * Stops the running test unless every one of {@code tools} is installed: it is aborted (skipped, with the reason
     * "zsh is not installed", and listed for {@code ./run-tests}' summary), or under {@code CI=true} failed.
     */
    public static void require(String... tools) {
        List<String> missing = missing(List.of(tools));
        if (missing.isEmpty()) {
            return;
        }
        if (requireAll()) {
            throw ciFailure(missing);
        }
        throw new MissingToolException(missing, reason(missing));
    }

    /**
     * Lists {@code test} in {@code ./run-tests}' summary as skipped for want of {@code need}, for what a test needs that
     * is not a program on {@code PATH} ({@link RequiresTool} lists those itself): {@code "root (network
     * namespaces)"}, the xterm.js packages. The caller skips the test; under {@code CI=true} it fails it instead.
     */
    public static void listSkipped(String test, String need) {
        MissingToolsReport.record(test, List.of(need));
    }

    static List<String> missing(List<String> tools) {
        return tools.stream().filter(tool -> !isInstalled(tool)).toList();
    }

    /** "zsh is not installed", "zsh and fish are not installed". */
    static String reason(List<String> missing) {
        return missing.size() == 1 ? missing.get(0) + " is not installed"
                : String.join(", ", missing.subList(0, missing.size() - 1)) + " and " + missing.getLast()
                        + " are not installed";
    }

    static AssertionFailedError ciFailure(List<String> missing) {
        return new AssertionFailedError(reason(missing) + ": under CI=true every test tool must be installed ("
                + "./run-tests installs them when it runs as root with apt-get)");
    }

    /**
     * Whether a missing tool fails rather than skips: {@code -Dptyctl.requireTools=true|false} when given, else
     * whether {@code CI=true}.
     */
    static boolean requireAll() {
        String forced = System.getProperty("ptyctl.requireTools", "").trim();
        if (!forced.isEmpty()) {
            return Boolean.parseBoolean(forced);
        }
        return "true".equalsIgnoreCase(System.getenv("CI"));
    }

    private static Optional<Path> executable(String dir, String name) {
        try {
            Path candidate = Path.of(dir, name);
            return Files.isRegularFile(candidate) && Files.isExecutable(candidate) ? Optional.of(candidate)
                    : Optional.empty();
        } catch (InvalidPathException e) {
            return Optional.empty(); // a PATH entry that is no path at all names no program
        }
    }
}
