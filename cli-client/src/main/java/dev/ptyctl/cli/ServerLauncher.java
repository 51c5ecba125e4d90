package dev.ptyctl.cli;

import dev.ptyctl.service.server.PtyctlServer;
import dev.ptyctl.service.server.ServerMain;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.net.BindException;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.function.Function;
import picocli.CommandLine;

/**
 * Starts {@code ptyctl server}. With {@link ServeLauncher}, the only classes of the command line that refer to the
 * service module (Helidon, pty4j): loaded when {@code server} runs, through {@link ServerSideLoader}, never by the
 * client verbs.
 */
final class ServerLauncher {

    private ServerLauncher() {
    }

    /**
     * Starts the server, prints its URL and token source, and serves until SIGTERM, whose shutdown hook kills
     * every hosted program and stops the server.
     *
     * @param environment where configuration variables ({@code PTYCTL_TOKEN}, ...) are read
     * @return 2 for a configuration the server refuses, 3 when it cannot listen; it does not return otherwise
     */
    static int run(ServerRequest request, Function<String, String> environment, CommandLine commandLine)
            throws InterruptedException {
        PrintWriter err = commandLine.getErr();
        PtyctlServer server;
        try {
            Properties properties = new Properties();
            properties.putAll(System.getProperties());
            properties.putAll(request.properties());
            // The names come from the process: the injected environment (tests) can only be asked by name.
            List<String> names = System.getenv().keySet().stream().filter(name -> environment.apply(name) != null)
                    .toList();
            server = ServerMain.start(new ServerMain.Options(request.host(), request.port(), request.config(),
                    request.token(), request.tlsCert(), request.tlsKey(), request.logFormat()), environment, properties,
                    names, warning -> {
                        err.println("ptyctl: warning: " + warning);
                        err.flush();
                    });
        } catch (IllegalArgumentException e) {
            err.println("ptyctl: " + e.getMessage());
            err.flush();
            return ExitCode.USAGE;
        } catch (UncheckedIOException e) {
            err.println("ptyctl: " + e.getCause().getMessage()
                    + (e.getCause() instanceof BindException ? "; try another --port, or --port 0 for any free one" : ""));
            err.flush();
            return ExitCode.CANNOT_CONNECT;
        } catch (IOException e) {
            err.println("ptyctl: cannot start the server: " + e.getMessage());
            err.flush();
            return ExitCode.CANNOT_CONNECT;
        }
        OwnStartMarker.withdraw(); // it listens: clients need not wait any more
        PrintWriter out = commandLine.getOut();
        out.println(ServerMain.startupMessage(server));
        out.flush();
        ServerMain.warning(server).ifPresent(warning -> {
            err.println("ptyctl: " + warning);
            err.flush();
        });
        new CountDownLatch(1).await();
        return ExitCode.OK;
    }
}
