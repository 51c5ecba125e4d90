/**
 * End-to-end tests written with the SDK's test DSL ({@code dev.ptyctl.client.dsl}) and JUnit extension
 * ({@code @WithTerminal}) against a real {@code ptyctl server}, started once for them by
 * {@code dev.ptyctl.e2e.server.SharedServer}. Some classes here are also the code of the snippets in
 * {@code docs/testing.md} and {@code docs/sdk.md} ({@code DocSnippetsTest} checks they match).
 */
package dev.ptyctl.e2e.dsl;
