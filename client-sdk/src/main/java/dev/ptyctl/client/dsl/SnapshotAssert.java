package dev.ptyctl.client.dsl;

/**
 * The old name of {@link TerminalAssert}, the assertions {@code assertThat(terminal)} gives: it held the cursor's
 * assertion too, and read as if snapshots were all it did. Kept so that code declaring this type, or reading its
 * settings' names, still compiles; every assertion is {@link TerminalAssert}'s.
 *
 * @deprecated use {@link TerminalAssert}, which {@link TerminalAssertions#assertThat(TerminalDriver)} returns
 */
@Deprecated(since = "0.1.0")
public abstract sealed class SnapshotAssert permits TerminalAssert {
    /** @deprecated {@link TerminalAssert#UPDATE_PROPERTY} */
    @Deprecated(since = "0.1.0")
    public static final String UPDATE_PROPERTY = TerminalAssert.UPDATE_PROPERTY;
    /** @deprecated {@link TerminalAssert#SOURCES_PROPERTY} */
    @Deprecated(since = "0.1.0")
    public static final String SOURCES_PROPERTY = TerminalAssert.SOURCES_PROPERTY;

    SnapshotAssert() {
    }

    /** See {@link TerminalAssert#within(Region)}. */
    public abstract SnapshotAssert within(Region region);

    /** See {@link TerminalAssert#matchesSnapshot()}. */
    public abstract SnapshotAssert matchesSnapshot();

    /** See {@link TerminalAssert#matchesSnapshot(String)}. */
    public abstract SnapshotAssert matchesSnapshot(String name);

    /** See {@link TerminalAssert#hasCursorAt(int, int)}. */
    public abstract SnapshotAssert hasCursorAt(int row, int col);
}
