package dev.ptyctl.vt.screen;

/**
 * Builds the text of combined cells (a character plus combining marks), reusing the strings of
 * recent combinations so that text full of accents or emoji sequences does not allocate a new
 * string for every mark. A small direct-mapped cache shared by all terminals: its entries are
 * immutable records, so a racing thread sees either a whole entry or another whole entry, and a
 * miss only costs the allocation the cache would have saved.
 */
final class Graphemes {
    /** Entries; a power of two. 4,096 records is about 200 KiB with their strings, once. */
    private static final int SIZE = 1 << 12;

    /**
     * One cached combination: {@code prefix + mark = text}, where the prefix is a single code point
     * ({@code base}, with {@code prefix} null) or a combined text ({@code base} -1). Comparing ints
     * first keeps a hit cheap.
     */
    private record Entry(int base, String prefix, int mark, String text) {
    }

    private static final Entry[] CACHE = new Entry[SIZE];

    private Graphemes() {
    }

    /**
     * A base character followed by one mark.
     *
     * @param base the base code point
     * @param mark the zero-width code point
     * @return the text
     */
    static String of(int base, int mark) {
        int slot = (base * 0x9E3779B1 + mark * 31) >>> 20 & (SIZE - 1);
        Entry e = CACHE[slot];
        if (e != null && e.base == base && e.mark == mark) {
            return e.text;
        }
        String text = new StringBuilder(4).appendCodePoint(base).appendCodePoint(mark).toString();
        CACHE[slot] = new Entry(base, null, mark, text);
        return text;
    }

    /**
     * Combined text with one more mark.
     *
     * @param text what the cell holds
     * @param mark the zero-width code point to add
     * @return the longer text
     */
    static String append(String text, int mark) {
        int slot = (text.hashCode() * 0x9E3779B1 + mark * 31) >>> 20 & (SIZE - 1);
        Entry e = CACHE[slot];
        if (e != null && e.mark == mark && e.base == -1 && e.prefix.equals(text)) {
            return e.text;
        }
        String longer = new StringBuilder(text.length() + 2).append(text).appendCodePoint(mark).toString();
        CACHE[slot] = new Entry(-1, text, mark, longer);
        return longer;
    }
}
