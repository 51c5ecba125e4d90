package dev.ptyctl.service.server;

import dev.ptyctl.service.log.EventLog;
import dev.ptyctl.service.log.LogRecordFormat;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Starts {@code ptyctl server} from its command-line options: configuration from the usual sources
 * ({@link ServerConfig}), {@code --host}/{@code --port} over it, the token resolved, the server started. The CLI's
 * {@code ptyctl server} calls {@link #start}; {@link #main} runs the same without the CLI.
 */
public final class ServerMain {

    /**
     * What the command line gave; null for an option not given.
     *
     * @param host      {@code --host}
     * @param port      {@code --port}
     * @param config    {@code --config}
     * @param token     {@code --token}: the token, over every configuration source
     * @param tlsCert   {@code --tls-cert}: the PEM certificate (chain)
     * @param tlsKey    {@code --tls-key}: its PEM private key
     * @param logFormat {@code --log-format}: {@code text} or {@code json}
     */
    public record Options(String host, Integer port, Path config, String token, Path tlsCert, Path tlsKey,
                          String logFormat) {
    }

    private ServerMain() {
    }

    /**
     * Loads the configuration and starts the server.
     *
     * @param env        where configuration variables are read (the process environment, or a test's)
     * @param properties where configuration properties are read (the system properties, or a test's)
     * @throws IllegalArgumentException for invalid configuration or a refused address; the message says why
     * @throws IOException              when a generated token cannot be written
     */
    public static PtyctlServer start(Options options, Function<String, String> env, Properties properties)
            throws IOException {
        return start(options, env, properties, List.of(), warning -> { });
    }

    /**
     * {@link #start(Options, Function, Properties)}, reporting configuration that names nothing first: every key
     * under {@code ptyctl.} that is no setting, and every variable in {@code environmentNames} that starts with
     * {@code PTYCTL_} and is neither a setting's nor one the command line reads; each with the nearest valid name.
     * A TLS certificate outside its validity is warned about too.
     *
     * @param environmentNames the names of the environment's variables ({@code env} cannot list them)
     * @param warnings         gets one sentence per warning, before the server starts
     */
    public static PtyctlServer start(Options options, Function<String, String> env, Properties properties,
            Collection<String> environmentNames, Consumer<String> warnings) throws IOException {
        Properties effective = properties;
        if (options.token() != null) {
            effective = new Properties();
            effective.putAll(properties);
            effective.setProperty(ConfigKeys.TOKEN, options.token());
        }
        ServerConfig.Loaded loaded = ServerConfig.load(Optional.ofNullable(options.config()), env,
                TlsFiles.apply(effective, options.tlsCert(), options.tlsKey()));
        ConfigWarnings.of(loaded.config(), environmentNames).forEach(warnings);
        EventLog.Format logFormat = EventLog.Format.parse(options.logFormat() != null ? options.logFormat()
                : loaded.config().get(ConfigKeys.LOG_FORMAT).asString().orElse("text"));
        EventLog.configure(logFormat, System.err);
        LogRecordFormat.install(logFormat);
        ServerSettings settings = loaded.settings();
        settings = settings.withAddress(options.host() != null ? options.host() : settings.host(),
                options.port() != null ? options.port() : settings.port());
        ServerToken token = ServerToken.resolve(settings.security(),
                options.token() != null ? "the --token option" : loaded.tokenOrigin());
        return PtyctlServer.start(settings, token, loaded.config().get("server"), loaded.config(), warnings);
    }

    /** What the server prints once it listens: its URL and where the token comes from. */
    public static String startupMessage(PtyctlServer server) {
        String token = server.token().value().isPresent()
                ? "token: required, " + server.token().description()
                : "token: none (loopback only; set PTYCTL_TOKEN to require one)";
        return "ptyctl server listening on " + server.url() + "\n" + token;
    }

    /**
     * What the operator should know about how the server listens, or empty: a warning when it listens on a network
     * address in clear text.
     */
    public static Optional<String> warning(PtyctlServer server) {
        if (server.tls() || server.loopback()) {
            return Optional.empty();
        }
        return Optional.of("warning: listening on " + server.url() + " without TLS: the token and everything typed "
                + "cross the network in clear text; give --tls-cert and --tls-key (or server.tls in the config), or "
                + "put a TLS-terminating proxy in front");
    }

    /** {@code [--host H] [--port N] [--config FILE]}; runs until SIGTERM. */
    public static void main(String[] args) throws Exception {
        String host = null;
        Integer port = null;
        Path config = null;
        String logFormat = null;
        for (int i = 0; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--host" -> host = args[i + 1];
                case "--port" -> port = Integer.parseInt(args[i + 1]);
                case "--config" -> config = Path.of(args[i + 1]);
                case "--log-format" -> logFormat = args[i + 1];
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        PtyctlServer server = start(new Options(host, port, config, null, null, null, logFormat), System::getenv,
                System.getProperties());
        System.out.println(startupMessage(server));
        warning(server).ifPresent(System.err::println);
        new CountDownLatch(1).await(); // until SIGTERM: the shutdown hook stops the server
    }
}
