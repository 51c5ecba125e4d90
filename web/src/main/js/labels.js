// Tab labels that tell terminals apart. Ten tabs of the same command (ten shells, ten agents) all said "bash": a
// label shared by several tabs is followed by the shortest start of each terminal's id that differs between them
// ("bash 4f1c"), at least four characters: the start of the id the list and `ptyctl ls` show.

/** A terminal's program name: argv[0] without its directory ({shell} as the server lists the terminal). */
export function programOf(info) {
  return info.shell?.split('/').pop();
}

/**
 * What a terminal is called, in its tab and on its card in a phone's list: the live title, else the program's name,
 * else its id. Not the last path segment of the whole command line: `bash -c "java …/Nested.java"` was labelled
 * "Nested.java".
 */
export function labelOf(title, info) {
  return title || programOf(info) || info.terminalId;
}

/** The shortest starts of these ids (at least 4 characters) that are all different. */
export function shortIds(ids) {
  const longest = Math.max(...ids.map((id) => id.length));
  let length = 4;
  while (length < longest && new Set(ids.map((id) => id.slice(0, length))).size < ids.length) length++;
  return ids.map((id) => id.slice(0, length));
}

/**
 * For each tab ({id, label}), the short id that tells it from the other tabs with the same label, or null when no
 * other tab has that label.
 */
export function distinguishingIds(tabs) {
  const byLabel = new Map();
  for (const tab of tabs) byLabel.set(tab.label, [...(byLabel.get(tab.label) ?? []), tab]);
  const distinguishing = new Map();
  for (const same of byLabel.values()) {
    const ids = same.length > 1 ? shortIds(same.map((tab) => tab.id)) : [null];
    same.forEach((tab, i) => distinguishing.set(tab, ids[i]));
  }
  return distinguishing;
}
