package dev.ptyctl.cli;

import dev.ptyctl.service.log.EventLog;
import dev.ptyctl.service.log.LogRecordFormat;
import dev.ptyctl.service.pty.ProgramNotFoundException;
import dev.ptyctl.service.serve.ServeOptions;
import dev.ptyctl.service.serve.SingleTerminalServer;
import java.io.IOException;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

/**
 * Starts the single-terminal server for {@code ptyctl serve}. With {@link ServerLauncher}, the only
 * classes of the command line that refer to the service module (and so to pty4j): loaded when
 * {@code serve} runs, through {@link ServerSideLoader}, and never by the client verbs.
 */
final class ServeLauncher {

    private ServeLauncher() {
    }

    /**
     * Starts the server, prints its address and blocks until it shuts down ({@code pty/kill} or
     * SIGTERM).
     *
     * @return the exit status: the server's on shutdown, 2 when the command cannot be executed, 3 when it cannot
     *     listen
     * @throws ParameterException when the service rejects the options
     */
    static int serve(ServeRequest request, CommandLine commandLine) throws InterruptedException {
        ServeOptions options;
        try {
            options = new ServeOptions(request.command(), request.port(), request.socket(), request.cols(),
                    request.rows(), request.cwd(), request.token(), request.shellIntegration(),
                    request.titleReports());
        } catch (IllegalArgumentException e) {
            throw new ParameterException(commandLine, e.getMessage(), e);
        }
        // The server's own records (Helidon's, a process that survived SIGKILL) in the one-line shape `server` logs in
        // (ServerMain), not the JDK's two lines per record; serve has no --log-format, so text.
        LogRecordFormat.install(EventLog.Format.TEXT);
        SingleTerminalServer server;
        try {
            server = SingleTerminalServer.start(options);
        } catch (ProgramNotFoundException e) {
            PrintWriter err = commandLine.getErr();
            err.println("ptyctl: cannot serve \"" + request.command() + "\": " + e.getMessage());
            err.flush();
            return ExitCode.USAGE;
        } catch (IOException e) {
            PrintWriter err = commandLine.getErr();
            err.println("ptyctl: cannot serve \"" + request.command() + "\" on " + request.where() + ": " + e.getMessage());
            err.flush();
            return ExitCode.CANNOT_CONNECT;
        }
        OwnStartMarker.withdraw(); // it listens: clients need not wait any more
        // SIGTERM (and Ctrl-C) run shutdown hooks: closing the server hangs up the hosted process
        // group and removes a socket file, and makes awaitShutdown() below return.
        Thread closeOnSignal = new Thread(server::close, "ptyctl-serve-shutdown");
        Runtime.getRuntime().addShutdownHook(closeOnSignal);
        try {
            PrintWriter out = commandLine.getOut();
            out.println("ptyctl: serving \"" + request.command() + "\" on " + server.address());
            out.flush();
            return server.awaitShutdown();
        } finally {
            removeHook(closeOnSignal);
            server.close();
        }
    }

    private static void removeHook(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the JVM is already exiting and the hook is running or has run: nothing to undo
        }
    }
}
