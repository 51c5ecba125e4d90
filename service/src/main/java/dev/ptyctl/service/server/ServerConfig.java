package dev.ptyctl.service.server;

import dev.ptyctl.service.terminals.TerminalSettings;
import io.helidon.config.Config;
import io.helidon.config.ConfigException;
import io.helidon.config.ConfigSources;
import io.helidon.config.spi.ConfigSource;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Loads the server's configuration the Helidon way and maps it onto {@link ServerSettings}. Sources, highest
 * priority first: Java system properties, environment variables (only the names {@link ConfigKeys} lists), the
 * {@code --config} file, and {@code application.yaml} on the class path (the repository's
 * {@code config/application.yaml}, which holds every default). A key absent from all of them takes its documented
 * default (docs/operations.md), so a partial file works.
 */
public final class ServerConfig {
    /** The class-path resource with every default. */
    static final String DEFAULTS_RESOURCE = "application.yaml";

    /**
     * What was loaded: the Helidon config (its {@code server} node goes to the web server as it is) and the typed
     * settings mapped from it.
     *
     * @param tokenOrigin where the token setting came from, for the start-up message
     */
    public record Loaded(Config config, ServerSettings settings, String tokenOrigin) {
    }

    private ServerConfig() {
    }

    /**
     * @param file       the {@code --config} file, if any; it must exist
     * @param env        the environment (a variable's value by name, null when unset)
     * @param properties the system properties
     * @throws IllegalArgumentException when the file is missing or a value is invalid; the message names the key
     */
    public static Loaded load(Optional<Path> file, Function<String, String> env, Properties properties) {
        file.ifPresent(f -> {
            if (!Files.isRegularFile(f)) {
                throw new IllegalArgumentException("config file not found: " + f);
            }
        });
        Map<String, String> fromEnv = new HashMap<>(ConfigKeys.fromEnvironment(env));
        Properties scalarProperties = new Properties();
        properties.stringPropertyNames().forEach(name -> scalarProperties.setProperty(name,
                properties.getProperty(name)));
        // A list written as one comma-separated value cannot override a YAML list inside Helidon (the list node
        // wins the merge), so list keys from the environment and properties are applied after mapping.
        Map<String, String> listOverrides = new HashMap<>();
        for (String key : ConfigKeys.LISTS) {
            Optional.ofNullable(fromEnv.remove(key)).ifPresent(v -> listOverrides.put(key, v));
            Optional.ofNullable((String) scalarProperties.remove(key)).ifPresent(v -> listOverrides.put(key, v));
        }
        List<Supplier<? extends ConfigSource>> sources = new ArrayList<>();
        sources.add(ConfigSources.create(scalarProperties).name("system properties"));
        sources.add(ConfigSources.create(fromEnv).name("environment variables"));
        file.ifPresent(f -> sources.add(ConfigSources.file(f)));
        sources.add(ConfigSources.classpath(DEFAULTS_RESOURCE).optional());
        Config config;
        try {
            config = Config.builder().sources(sources).disableEnvironmentVariablesSource()
                    .disableSystemPropertiesSource().build();
            return new Loaded(config, settings(config, listOverrides), tokenOrigin(file, env, properties));
        } catch (ConfigException e) {
            String where = file.map(f -> "the config file " + f).orElse("the configuration");
            throw new IllegalArgumentException("cannot read " + where + ": " + oneLine(e.getMessage()), e);
        }
    }

    /**
     * A YAML parser's message on one line: its reason lines and the first position, without the excerpt and caret
     * lines it draws ("while parsing a flow node, expected the node content, but found '<stream end>' (line 2,
     * column 1)").
     */
    static String oneLine(String message) {
        String text = message == null ? "" : message.replaceFirst("^Cannot read from source: ", "");
        List<String> reasons = new ArrayList<>();
        String position = null;
        Matcher at = Pattern.compile("^\\s*in '[^']*', (line \\d+, column \\d+):?$").matcher("");
        for (String line : text.split("\\R")) {
            if (at.reset(line).matches()) {
                position = position == null ? at.group(1) : position;
            } else if (!line.isBlank() && !line.strip().equals("^") && !line.startsWith("    ")) {
                reasons.add(line.strip());
            }
        }
        String reason = reasons.stream().distinct().collect(Collectors.joining(", "));
        return position == null ? reason : reason + " (" + position + ")";
    }

    /** Maps a loaded config onto the settings, with the SPEC §8 default for every absent key. */
    public static ServerSettings settings(Config config) {
        return settings(config, Map.of());
    }

    /** @param listOverrides comma-separated values that replace the config's lists, by key */
    private static ServerSettings settings(Config config, Map<String, String> listOverrides) {
        ServerSettings d = ServerSettings.defaults();
        TerminalSettings t = d.terminals();
        SecurityConfig security = new SecurityConfig(
                string(config, ConfigKeys.TOKEN, ""),
                string(config, ConfigKeys.TOKEN_FILE, ""),
                string(config, ConfigKeys.VIEW_TOKEN, ""),
                list(config, ConfigKeys.ALLOWED_ORIGINS, listOverrides),
                list(config, ConfigKeys.ALLOWED_HOSTS, listOverrides));
        TerminalSettings terminals = new TerminalSettings(
                string(config, ConfigKeys.SHELL, t.shell()),
                integer(config, ConfigKeys.COLS, t.cols()),
                integer(config, ConfigKeys.ROWS, t.rows()),
                integer(config, ConfigKeys.SCROLLBACK_LINES, t.scrollbackLines()),
                integer(config, ConfigKeys.REPLAY_BYTES, t.replayBytes()),
                integer(config, ConfigKeys.CLIENT_BACKLOG_BYTES, t.clientBacklogBytes()),
                integer(config, ConfigKeys.MAX_TERMINALS, t.maxTerminals()),
                string(config, ConfigKeys.ANSWER_QUERIES, t.answerQueries()),
                bool(config, ConfigKeys.SHELL_INTEGRATION, t.shellIntegration()),
                Duration.ofMillis(integer(config, ConfigKeys.KILL_GRACE_MILLIS, (int) t.killGrace().toMillis())),
                bool(config, ConfigKeys.TITLE_REPORTS, t.titleReports()),
                string(config, ConfigKeys.ID_PREFIX, t.idPrefix()));
        return new ServerSettings(
                string(config, ConfigKeys.HOST, d.host()),
                integer(config, ConfigKeys.PORT, d.port()),
                security, terminals,
                integer(config, ConfigKeys.RPC_MAX_LINE_BYTES, d.rpcMaxLineBytes()));
    }

    private static String string(Config config, String key, String fallback) {
        return config.get(key).asString().orElse(fallback);
    }

    private static int integer(Config config, String key, int fallback) {
        Optional<String> text = config.get(key).asString().asOptional();
        if (text.isEmpty()) {
            return fallback;
        }
        try {
            return Integer.parseInt(text.get().strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + " must be an integer, got \"" + text.get() + "\"");
        }
    }

    private static boolean bool(Config config, String key, boolean fallback) {
        Optional<String> text = config.get(key).asString().asOptional();
        if (text.isEmpty()) {
            return fallback;
        }
        return switch (text.get().strip().toLowerCase(java.util.Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException(key + " must be true or false, got \"" + text.get() + "\"");
        };
    }

    /** The override (comma-separated) if any, else the YAML list (or a comma-separated value in a file). */
    private static List<String> list(Config config, String key, Map<String, String> overrides) {
        if (overrides.containsKey(key)) {
            return commaSeparated(overrides.get(key));
        }
        Config node = config.get(key);
        if (!node.exists()) {
            return List.of();
        }
        if (node.isLeaf()) {
            return commaSeparated(node.asString().orElse(""));
        }
        return node.asList(String.class).orElse(List.of());
    }

    private static List<String> commaSeparated(String value) {
        return Arrays.stream(value.split(",")).map(String::strip).filter(s -> !s.isEmpty()).toList();
    }

    private static String tokenOrigin(Optional<Path> file, Function<String, String> env, Properties properties) {
        if (properties.getProperty(ConfigKeys.TOKEN) != null) {
            return "the system property " + ConfigKeys.TOKEN;
        }
        String longName = ConfigKeys.environmentName(ConfigKeys.TOKEN);
        if (env.apply(longName) != null) {
            return "the " + longName + " environment variable";
        }
        if (env.apply(ConfigKeys.TOKEN_VARIABLE) != null) {
            return "the " + ConfigKeys.TOKEN_VARIABLE + " environment variable";
        }
        return file.map(f -> "the config file " + f).orElse("the configuration");
    }
}
