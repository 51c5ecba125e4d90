package dev.ptyctl.client;

import dev.ptyctl.protocol.JsonSupport;
import dev.ptyctl.protocol.RpcMethod;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.stream.Stream;

/**
 * The parameters of {@code pty/wait}: what to wait for and for how long. Immutable; build one with
 * {@link #builder()} and derive variants with {@link #newBuilder()}.
 *
 * <p>The server checks the screen at once and after every chunk of output. Without a match it
 * waits the whole timeout (or, with {@link Builder#idle(Duration)}, until output has been quiet for
 * that long).
 *
 * <pre>{@code
 * WaitRequest prompt = WaitRequest.builder().match("\\$ $").regex(true).timeout(Duration.ofSeconds(5)).build();
 * WaitResult result = client.waitFor(prompt);
 * WaitResult settled = client.waitFor(prompt.newBuilder().idle(Duration.ofMillis(300)).build());
 * }</pre>
 */
public final class WaitRequest {
    /** The server's default timeout, sent explicitly so the client knows how long a reply may take. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofMillis(RpcMethod.DEFAULT_WAIT_TIMEOUT_MS);

    private final String match;
    private final List<TextPattern> anyOf;
    /** Whether {@link #anyOf} came as strings, which follow {@link #regex} as {@link #match} does. */
    private final boolean anyOfOfTheRequestsKind;
    private final boolean regex;
    private final Duration timeout;
    private final Duration idle;
    private final boolean scrollback;
    private final long since;
    private final long continueAt;

    private WaitRequest(Builder builder) {
        this.match = builder.match;
        this.anyOf = builder.anyOfOfTheRequestsKind
                ? builder.anyOf.stream().map(text -> new TextPattern(text.text(), builder.regex)).toList()
                : builder.anyOf;
        this.anyOfOfTheRequestsKind = builder.anyOfOfTheRequestsKind;
        this.regex = builder.regex;
        this.timeout = builder.timeout;
        this.idle = builder.idle;
        this.scrollback = builder.scrollback;
        this.since = builder.since;
        this.continueAt = builder.continueAt;
    }

    /** A builder with no match, the default timeout, no idle wait, screen only. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder starting from this request's values. */
    public Builder newBuilder() {
        Builder builder = new Builder();
        builder.match = match;
        builder.anyOf = anyOf;
        builder.anyOfOfTheRequestsKind = anyOfOfTheRequestsKind;
        builder.regex = regex;
        builder.timeout = timeout;
        builder.idle = idle;
        builder.scrollback = scrollback;
        builder.since = since;
        builder.continueAt = continueAt;
        return builder;
    }

    /** The text (or regular expression) to wait for, if any. */
    public Optional<String> match() {
        return Optional.ofNullable(match);
    }

    /**
     * The texts of a wait for any of several ({@link Builder#anyOf(TextPattern...)}), in order; empty for a wait for
     * {@link #match()} or for none.
     */
    public List<TextPattern> anyOf() {
        return anyOf;
    }

    /** Whether {@link #match()} is a Java regular expression rather than a substring. */
    public boolean regex() {
        return regex;
    }

    /** How long the server waits at most. */
    public Duration timeout() {
        return timeout;
    }

    /** How long output must have been quiet for the wait to end, if set. */
    public Optional<Duration> idle() {
        return Optional.ofNullable(idle);
    }

    /** Whether the match is searched in scrollback as well as on the screen. */
    public boolean scrollback() {
        return scrollback;
    }

    /**
     * The output offset after which the texts are looked for ({@link Builder#since(long)}), if set: then not on the
     * screen.
     */
    public OptionalLong since() {
        return since < 0 ? OptionalLong.empty() : OptionalLong.of(since);
    }

    /**
     * The {@code pty/wait} params, e.g. {@code {"match":"$ ","timeout":10000}}. Members at their
     * default ({@code regex}, {@code scrollback} false; no {@code idleMs}) are left out, so a plain
     * request is also understood by servers without our extensions.
     */
    public JsonObject toJson() {
        JsonObjectBuilder json = JsonSupport.objectBuilder();
        if (match != null) {
            json.add("match", match);
        }
        if (!anyOf.isEmpty()) {
            JsonArrayBuilder texts = JsonSupport.arrayBuilder();
            // a text of the request's kind goes as a plain string, another as {match, regex}
            anyOf.forEach(text -> texts.add(text.regex() == regex ? JsonSupport.PROVIDER.createValue(text.text())
                    : JsonSupport.objectBuilder().add("match", text.text()).add("regex", text.regex()).build()));
            json.add("anyOf", texts);
        }
        json.add("timeout", timeout.toMillis());
        if (regex) {
            json.add("regex", true);
        }
        if (idle != null) {
            json.add("idleMs", idle.toMillis());
        }
        if (scrollback) {
            json.add("scrollback", true);
        }
        if (since >= 0) {
            json.add("since", since);
        }
        if (continueAt >= 0) {
            json.add("continueAt", continueAt);
        }
        return json.build();
    }

    @Override
    public String toString() {
        return "WaitRequest" + toJson();
    }

    /**
     * Builds a {@link WaitRequest}: {@code WaitRequest.builder().match("ready").timeout(Duration.ofSeconds(3)).build()}.
     */
    public static final class Builder {
        private String match;
        private List<TextPattern> anyOf = List.of();
        private boolean anyOfOfTheRequestsKind;
        private boolean regex;
        private Duration timeout = DEFAULT_TIMEOUT;
        private Duration idle;
        private boolean scrollback;
        private long since = -1;
        private long continueAt = -1;

        private Builder() {
        }

        /** Waits until this text is on the screen; {@code null} for no match. */
        public Builder match(String match) {
            this.match = match;
            if (match != null) {
                this.anyOf = List.of();
            }
            return this;
        }

        /**
         * Waits until any of these is on the screen, pexpect's {@code expect([...])}: the result's
         * {@link WaitResult#found()} says which ({@link WaitMatch#index()}, in this order). When several are on screen
         * the lowest wins (what the program printed last). Replaces {@link #match(String)}.
         */
        public Builder anyOf(TextPattern... texts) {
            return anyOf(List.of(texts), false);
        }

        /**
         * {@link #anyOf(TextPattern...)} of substrings, or of regular expressions with {@link #regex(boolean)
         * regex(true)}, before or after this call as for {@link #match(String)}: {@code anyOf("Password:", "(yes/no)?")}.
         */
        public Builder anyOf(String... texts) {
            return anyOf(Stream.of(texts).map(TextPattern::literal).toList(), true);
        }

        /** @param ofTheRequestsKind whether each text is a regular expression exactly when the request is */
        private Builder anyOf(List<TextPattern> texts, boolean ofTheRequestsKind) {
            if (texts.isEmpty()) {
                throw new IllegalArgumentException("anyOf needs at least one text");
            }
            this.anyOf = texts;
            this.anyOfOfTheRequestsKind = ofTheRequestsKind;
            this.match = null;
            return this;
        }

        /** Treats the match as a Java regular expression. */
        public Builder regex(boolean regex) {
            this.regex = regex;
            return this;
        }

        /** Gives up after this long (whole milliseconds, not negative). */
        public Builder timeout(Duration timeout) {
            Objects.requireNonNull(timeout, "timeout");
            if (timeout.isNegative()) {
                throw new IllegalArgumentException("timeout is negative: " + timeout);
            }
            this.timeout = timeout;
            return this;
        }

        /** Also ends the wait once no output has arrived for this long; {@code null} to unset. */
        public Builder idle(Duration idle) {
            if (idle != null && (idle.isNegative() || idle.isZero())) {
                throw new IllegalArgumentException("idle must be positive: " + idle);
            }
            this.idle = idle;
            return this;
        }

        /** Searches scrollback as well as the screen. */
        public Builder scrollback(boolean scrollback) {
            this.scrollback = scrollback;
            return this;
        }

        /**
         * Looks for the text in what the program wrote after output offset {@code since}, not on the screen, where
         * what was printed before stays: pexpect's way, which consumes its buffer up to each match. Start from 0, or
         * the {@link RpcClient#write} answer's output offset, then pass each result's {@link WaitResult#nextSince()}:
         * <pre>{@code
         * long since = 0;
         * while (true) {
         *     WaitResult r = client.waitFor(WaitRequest.builder().anyOf("(yes/no)?", "Password:", "$ ").since(since).build());
         *     since = r.nextSince().orElseThrow();
         *     ...
         * }
         * }</pre>
         * Needs a text ({@link #match(String)} or {@link #anyOf(String...)}) and a {@code ptyctl server} (which keeps
         * the output; {@code ptyctl serve} refuses it). {@code -1} unsets it.
         */
        public Builder since(long since) {
            if (since < -1) {
                throw new IllegalArgumentException("since is an output offset, not negative: " + since);
            }
            this.since = since;
            return this;
        }

        /**
         * Goes on with an earlier wait {@link #since(long) since} the same offset that ended unmatched, from its
         * {@link WaitResult#continueAt()}: matches that start there or later are looked for, with the text before it
         * only read as far as an expression looks back, and the offset since may have left the server's output log
         * meanwhile (the same since alone is then refused). For a loop of short waits for one text over a long
         * stream; {@link RpcClient#waitFor} does it itself for a wait longer than one request. {@code -1} unsets it.
         */
        public Builder continueAt(long continueAt) {
            if (continueAt < -1) {
                throw new IllegalArgumentException("continueAt is an output offset, not negative: " + continueAt);
            }
            this.continueAt = continueAt;
            return this;
        }

        /**
         * The request.
         *
         * @throws IllegalArgumentException when {@code regex} or {@code since} is set without a match, or
         *                                  {@code since} with {@code scrollback}, or {@code continueAt} without
         *                                  {@code since} or before it
         */
        public WaitRequest build() {
            if (regex && match == null && anyOf.isEmpty()) {
                throw new IllegalArgumentException("regex needs a match");
            }
            if (since >= 0 && match == null && anyOf.isEmpty()) {
                throw new IllegalArgumentException("since needs a match");
            }
            if (since >= 0 && scrollback) {
                throw new IllegalArgumentException("since and scrollback are exclusive: since looks in the output");
            }
            if (continueAt >= 0 && (since < 0 || continueAt < since)) {
                throw new IllegalArgumentException("continueAt " + continueAt + " needs since at or before it"
                        + (since < 0 ? ", and since is not set" : ", and since is " + since));
            }
            return new WaitRequest(this);
        }
    }
}
