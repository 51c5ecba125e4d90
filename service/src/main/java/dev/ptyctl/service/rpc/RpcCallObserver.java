package dev.ptyctl.service.rpc;

/**
 * Told of every JSON-RPC call a dispatcher answered: the method asked for and its outcome, {@code ok} or the error's
 * kind in lower case ({@code invalid_params}, {@code method_not_found}, {@code unauthorized}, {@code session_error},
 * {@code internal_error}). Requests that fail the envelope checks have no method: {@code -} with their error's kind.
 * The server counts them for its metrics; {@code ptyctl serve} observes nothing.
 */
@FunctionalInterface
public interface RpcCallObserver {
    /** Observes nothing. */
    RpcCallObserver NONE = (method, outcome) -> { };

    void answered(String method, String outcome);
}
