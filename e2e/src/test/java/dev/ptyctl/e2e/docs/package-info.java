/**
 * The code of the snippets in {@code docs/sdk.md} and {@code docs/testing.md}, between {@code tag::NAME[]} and
 * {@code end::NAME[]} comments, compiled and run against a real server; {@code dev.ptyctl.e2e.DocSnippetsTest}
 * checks that every Java block of those pages is one of these regions, verbatim.
 */
package dev.ptyctl.e2e.docs;
