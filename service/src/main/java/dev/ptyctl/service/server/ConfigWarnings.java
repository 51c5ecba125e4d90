package dev.ptyctl.service.server;

import dev.ptyctl.vt.keys.NearestName;
import io.helidon.config.Config;
import io.helidon.config.ConfigSources;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Warnings about configuration that names nothing: a key under {@code ptyctl.} that no setting has (from the
 * {@code --config} file or a {@code -D} property), a key directly under {@code server.} that is none of Helidon's
 * options ({@link ConfigKeys#HELIDON_SERVER_OPTIONS}; {@code prot: 9000} left the server on 8765), and a
 * {@code PTYCTL_} environment variable that is neither a key's variable nor one the command line reads. All would
 * otherwise be ignored without a word ({@code maxTerminal: 3} leaves the limit at 256), so each warning names the
 * nearest valid key.
 *
 * <p>The valid keys are {@link ConfigKeys#ALL} and every key of the built-in defaults file, so a setting added there
 * is known here without a second list.
 */
final class ConfigWarnings {
    /** Variables the command line and the launcher read; not configuration, but not mistakes either. */
    static final Set<String> CLIENT_VARIABLES = Set.of("PTYCTL_URL", "PTYCTL_PORT", "PTYCTL_SOCKET", "PTYCTL_RPC",
            "PTYCTL_TERMINAL_ID", "PTYCTL_AOT", "PTYCTL_PRINT_COMMAND", "PTYCTL_JDK_DIRS", "PTYCTL_JAVA_HOME",
            "PTYCTL_JAVA_MAJOR", "PTYCTL_USER_ZDOTDIR", "PTYCTL_INSTALL_TOOLS", "PTYCTL_HANDSHAKE_TIMEOUT",
            "PTYCTL_CACERT", "PTYCTL_USER_XDG_DATA_DIRS");
    private static final String OWN_PREFIX = "ptyctl.";
    private static final String SERVER = "server";
    private static final String VARIABLE_PREFIX = "PTYCTL_";

    private ConfigWarnings() {
    }

    /**
     * @param config           the loaded configuration, every source merged
     * @param environmentNames the names of the server's environment variables
     * @return one sentence per unknown key or variable, in a stable order
     */
    static List<String> of(Config config, Collection<String> environmentNames) {
        Set<String> known = knownKeys();
        List<String> warnings = new ArrayList<>();
        for (String key : ownLeafKeys(config)) {
            if (!isKnown(key, known)) {
                warnings.add("unknown configuration key " + key + suggestion(nearestKey(key, known)));
            }
        }
        // Whole keys, as for ptyctl's: "prot" alone is too short for NearestName to take for a typo of "port".
        List<String> serverKeys = ConfigKeys.HELIDON_SERVER_OPTIONS.stream().map(name -> SERVER + "." + name)
                .sorted().toList();
        Set<String> serverGiven = new TreeSet<>();
        config.get(SERVER).asNodeList().orElse(List.of()).forEach(option -> serverGiven.add(option.key().toString()));
        for (String key : serverGiven) {
            if (!serverKeys.contains(key)) {
                warnings.add("unknown configuration key " + key + suggestion(NearestName.of(key, serverKeys)));
            }
        }
        Map<String, String> variables = new LinkedHashMap<>();
        known.forEach(key -> variables.put(ConfigKeys.environmentName(key), key));
        variables.put(ConfigKeys.TOKEN_VARIABLE, ConfigKeys.TOKEN);
        for (String name : new TreeSet<>(environmentNames)) {
            if (name.startsWith(VARIABLE_PREFIX) && !variables.containsKey(name) && !CLIENT_VARIABLES.contains(name)) {
                Optional<String> near = NearestName.of(name, variables.keySet())
                        .map(variable -> variable + " (" + variables.get(variable) + ")");
                warnings.add("the environment variable " + name + " names no configuration key" + suggestion(near));
            }
        }
        return warnings;
    }

    private static String suggestion(Optional<String> near) {
        return near.map(name -> "; did you mean " + name + "?").orElse(" (ignored)");
    }

    /** {@link ConfigKeys#ALL} and every value or list of the built-in defaults under {@code ptyctl.}. */
    private static Set<String> knownKeys() {
        Set<String> known = new TreeSet<>(ConfigKeys.ALL);
        Config defaults = Config.just(ConfigSources.classpath(ServerConfig.DEFAULTS_RESOURCE).optional());
        defaults.get("ptyctl").traverse().filter(node -> node.type() != Config.Type.OBJECT)
                .forEach(node -> known.add(node.key().toString()));
        return known;
    }

    private static List<String> ownLeafKeys(Config config) {
        return config.get("ptyctl").traverse().filter(Config::isLeaf).map(node -> node.key().toString())
                .sorted().toList();
    }

    /** A known key, or an element of a known list ({@code ptyctl.security.allowedOrigins.0}). */
    private static boolean isKnown(String key, Set<String> known) {
        return known.contains(key) || ConfigKeys.LISTS.stream().anyMatch(list -> key.startsWith(list + "."));
    }

    /** The nearest known key: by its whole name, else by its last part ({@code ptyctl.maxTerminals}). */
    private static Optional<String> nearestKey(String key, Set<String> known) {
        List<String> own = known.stream().filter(k -> k.startsWith(OWN_PREFIX)).toList();
        Optional<String> whole = NearestName.of(key, own);
        if (whole.isPresent()) {
            return whole;
        }
        String last = key.substring(key.lastIndexOf('.') + 1);
        Map<String, String> byLastPart = new LinkedHashMap<>();
        own.forEach(k -> byLastPart.putIfAbsent(k.substring(k.lastIndexOf('.') + 1), k));
        return NearestName.of(last, byLastPart.keySet()).map(byLastPart::get);
    }
}
