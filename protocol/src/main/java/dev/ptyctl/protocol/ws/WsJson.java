package dev.ptyctl.protocol.ws;

import jakarta.json.spi.JsonProvider;

/**
 * The JSON provider, looked up once. {@code jakarta.json.Json}'s static factories look the provider up (a
 * ServiceLoader scan of the class path) on every call; frames are parsed and built for every keystroke and every
 * ack, where that scan was most of the CPU a frame cost.
 */
final class WsJson {
    static final JsonProvider PROVIDER = JsonProvider.provider();

    private WsJson() {
    }
}
