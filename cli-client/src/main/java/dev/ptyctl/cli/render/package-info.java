/**
 * What {@code ptyctl render} needs to turn a recording into a screen: telling a raw capture, a
 * {@code script} typescript and an asciicast v2 file apart from their first line
 * ({@link dev.ptyctl.cli.render.RecordingFormat}), stripping the typescript's header and trailer
 * while streaming ({@link dev.ptyctl.cli.render.TypescriptTrailerFilter}), reading asciicast events
 * one line at a time ({@link dev.ptyctl.cli.render.AsciicastReader}), and feeding it all to a
 * {@link dev.ptyctl.vt.Terminal} in bounded chunks ({@link dev.ptyctl.cli.render.Renderer}). Nothing
 * here touches the server: render runs in the CLI process alone.
 */
package dev.ptyctl.cli.render;
