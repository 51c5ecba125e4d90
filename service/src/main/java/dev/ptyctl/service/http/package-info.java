/**
 * The REST side of {@code ptyctl server} (SPEC §5.1, §8): one Helidon {@code HttpService} per area
 * ({@code /v1/terminals}, {@code /v1/events}), JSON bodies in and out, every error as
 * {@code {"error", "message"}}, and the access rules (Host, Origin, token) shared by REST and the WebSocket
 * upgrade.
 */
package dev.ptyctl.service.http;
