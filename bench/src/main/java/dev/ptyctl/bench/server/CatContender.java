package dev.ptyctl.bench.server;

/** One way of showing {@code cat FILE} in a terminal, timed from start to the last byte having been taken in. */
interface CatContender {
    /** Short name for the table. */
    String name();

    /**
     * Runs {@code cat} of the workload once and returns the elapsed time in nanoseconds.
     *
     * @throws Exception when the run fails or the bytes received are not the bytes sent (the message says how)
     */
    long run(CatWorkload workload) throws Exception;
}
