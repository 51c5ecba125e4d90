/**
 * The ptyctl server: programs hosted in pseudo-terminals ({@code pty}), the per-terminal JSON-RPC socket protocol
 * ({@code rpc}) and the single-terminal {@code ptyctl serve} entry point ({@code serve}).
 */
package dev.ptyctl.service;
