/**
 * {@code ptyctl server}'s start-up: configuration loaded the Helidon way and mapped onto typed records
 * ({@link dev.ptyctl.service.server.ServerConfig}, {@link dev.ptyctl.service.server.ServerSettings}), the token
 * ({@link dev.ptyctl.service.server.ServerToken}), and the Helidon web server with its routes
 * ({@link dev.ptyctl.service.server.PtyctlServer}).
 */
package dev.ptyctl.service.server;
