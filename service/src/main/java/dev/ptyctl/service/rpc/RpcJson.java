package dev.ptyctl.service.rpc;

import jakarta.json.spi.JsonProvider;

/**
 * The JSON provider, looked up once. {@code jakarta.json.Json}'s static factories call {@code JsonProvider.provider()}
 * on every use, and that runs a ServiceLoader scan of the class path each time: in the JSON-RPC loop (parse a
 * request, build a result) it was about two thirds of the CPU each request cost, most of a keystroke's echo latency.
 */
final class RpcJson {
    static final JsonProvider PROVIDER = JsonProvider.provider();

    private RpcJson() {
    }
}
