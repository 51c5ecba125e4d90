package dev.ptyctl.client;

import dev.ptyctl.protocol.JsonSupport;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The body of {@code POST /v1/terminals} (docs/rest.md): which session the terminal belongs to and, for a new one, what
 * to run where and at which size. Immutable; build one with {@link #builder(String)} (or {@link #builder()} for a
 * session of its own) and derive variants with {@link #newBuilder()}. Whatever is left unset takes the server's
 * default (its working directory, 100×30, the configured shell, no arguments).
 *
 * <pre>{@code
 * CreateTerminalRequest request = CreateTerminalRequest.builder("build-7")
 *         .cwd("/srv/project").size(120, 36)
 *         .command("/bin/bash", "--norc")
 *         .env("PS1", "$ ")
 *         .build();
 * Terminal terminal = terminals.create(request);
 * }</pre>
 *
 * <p>The server checks the values (cwd an existing directory, shell an executable, size 1–1000) and refuses bad
 * ones with a {@link RestException} whose message names the field; this class only requires a session id.
 */
public final class CreateTerminalRequest {
    private final String sessionId;
    private final String cwd;
    private final Integer cols;
    private final Integer rows;
    private final String shell;
    private final List<String> args;
    private final Map<String, String> env;
    private final boolean attachOnly;
    private final boolean background;

    private CreateTerminalRequest(Builder builder) {
        this.sessionId = builder.sessionId;
        this.cwd = builder.cwd;
        this.cols = builder.cols;
        this.rows = builder.rows;
        this.shell = builder.shell;
        this.args = List.copyOf(builder.args);
        this.env = Map.copyOf(builder.env);
        this.attachOnly = builder.attachOnly;
        this.background = builder.background;
    }

    /**
     * A builder for a terminal of session {@code sessionId} (1–256 characters), everything else the default. The
     * server answers a create with the session's live terminal when it has one: the same id twice is the same
     * terminal.
     */
    public static Builder builder(String sessionId) {
        return new Builder(sessionId);
    }

    /**
     * A builder for a new terminal in a session of its own: each call makes a new session id, {@code sdk-} and 16
     * random hex digits (as {@code ptyctl new} without {@code --session} makes {@code cli-...}), so a create with what
     * it builds starts a new terminal, where {@link #builder(String)} with a fixed id gets the first one back while it
     * runs. (A request built once and created twice is one session, as with any id.)
     */
    public static Builder builder() {
        return new Builder("sdk-" + HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextLong()));
    }

    /** A builder starting from this request's values. */
    public Builder newBuilder() {
        Builder builder = new Builder(sessionId);
        builder.cwd = cwd;
        builder.cols = cols;
        builder.rows = rows;
        builder.shell = shell;
        builder.args = List.copyOf(args);
        builder.env = new LinkedHashMap<>(env);
        builder.attachOnly = attachOnly;
        builder.background = background;
        return builder;
    }

    /** The session the terminal belongs to; a session has at most one live terminal. */
    public String sessionId() {
        return sessionId;
    }

    /** The working directory, if set. */
    public Optional<String> cwd() {
        return Optional.ofNullable(cwd);
    }

    /** The columns, if set. */
    public OptionalInt cols() {
        return cols == null ? OptionalInt.empty() : OptionalInt.of(cols);
    }

    /** The rows, if set. */
    public OptionalInt rows() {
        return rows == null ? OptionalInt.empty() : OptionalInt.of(rows);
    }

    /** The program to run, if set (the server's default shell otherwise). */
    public Optional<String> shell() {
        return Optional.ofNullable(shell);
    }

    /** The program's arguments. */
    public List<String> args() {
        return args;
    }

    /** Variables added to the program's environment. */
    public Map<String, String> env() {
        return env;
    }

    /** Whether the request only finds the session's live terminal and never spawns one. */
    public boolean attachOnly() {
        return attachOnly;
    }

    /** Whether the terminal is registered by an agent for others to attach to. */
    public boolean background() {
        return background;
    }

    /** The JSON body: only the members that were set (and the two flags when true). */
    public JsonObject toJson() {
        JsonObjectBuilder json = JsonSupport.objectBuilder().add("sessionId", sessionId);
        if (cwd != null) {
            json.add("cwd", cwd);
        }
        if (cols != null) {
            json.add("cols", cols);
        }
        if (rows != null) {
            json.add("rows", rows);
        }
        if (shell != null) {
            json.add("shell", shell);
        }
        if (!args.isEmpty()) {
            JsonArrayBuilder array = JsonSupport.arrayBuilder();
            args.forEach(array::add);
            json.add("args", array);
        }
        if (!env.isEmpty()) {
            JsonObjectBuilder variables = JsonSupport.objectBuilder();
            new java.util.TreeMap<>(env).forEach(variables::add);
            json.add("env", variables);
        }
        if (attachOnly) {
            json.add("attachOnly", true);
        }
        if (background) {
            json.add("background", true);
        }
        return json.build();
    }

    @Override
    public String toString() {
        return "CreateTerminalRequest" + toJson();
    }

    /** Collects the values of a {@link CreateTerminalRequest}. */
    public static final class Builder {
        private final String sessionId;
        private String cwd;
        private Integer cols;
        private Integer rows;
        private String shell;
        private List<String> args = List.of();
        private Map<String, String> env = new LinkedHashMap<>();
        private boolean attachOnly;
        private boolean background;

        private Builder(String sessionId) {
            this.sessionId = Objects.requireNonNull(sessionId, "sessionId");
        }

        /** The working directory (relative paths are taken from the server's directory); {@code null} unsets it. */
        public Builder cwd(String cwd) {
            this.cwd = cwd;
            return this;
        }

        /** The size in columns and rows. */
        public Builder size(int cols, int rows) {
            return cols(cols).rows(rows);
        }

        /** The columns. */
        public Builder cols(int cols) {
            this.cols = cols;
            return this;
        }

        /** The rows. */
        public Builder rows(int rows) {
            this.rows = rows;
            return this;
        }

        /** The program to run: an executable file, or a name found on the server's {@code PATH}. */
        public Builder shell(String shell) {
            this.shell = shell;
            return this;
        }

        /** The program's arguments (replacing any set before). */
        public Builder args(List<String> args) {
            this.args = List.copyOf(args);
            return this;
        }

        /**
         * The program and its arguments, e.g. {@code command("vim", "-u", "NONE")}.
         *
         * @throws IllegalArgumentException when {@code command} is empty
         */
        public Builder command(String... command) {
            return command(List.of(command));
        }

        /**
         * The program and its arguments as a list.
         *
         * @throws IllegalArgumentException when {@code command} is empty
         */
        public Builder command(List<String> command) {
            if (command.isEmpty()) {
                throw new IllegalArgumentException("command is empty: name at least the program");
            }
            this.shell = command.getFirst();
            this.args = List.copyOf(command.subList(1, command.size()));
            return this;
        }

        /** Adds one environment variable for the program. */
        public Builder env(String name, String value) {
            this.env.put(Objects.requireNonNull(name, "name"), Objects.requireNonNull(value, "value"));
            return this;
        }

        /** Adds environment variables for the program. */
        public Builder env(Map<String, String> variables) {
            variables.forEach(this::env);
            return this;
        }

        /** Only find the session's live terminal; the server answers 404 {@code not_registered} when there is none. */
        public Builder attachOnly(boolean attachOnly) {
            this.attachOnly = attachOnly;
            return this;
        }

        /** Register the terminal for others to attach to (an agent's terminal). */
        public Builder background(boolean background) {
            this.background = background;
            return this;
        }

        /** The request. */
        public CreateTerminalRequest build() {
            return new CreateTerminalRequest(this);
        }
    }
}
