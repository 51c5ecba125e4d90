// The words of the command typed into the list's "New terminal" form, split as a shell splits a command line: a
// space in quotes or after a backslash stays in its word. Split at every space, `bash -c 'sleep 5; ls'` ran bash
// with the words "'sleep", "5;" and "ls'", and a file name with a space could not be given at all. Only the quoting:
// no variables, globs, pipes or redirections (a shell does those: `bash -c '...'`). Knows nothing of the DOM.

/** A command line the form cannot split: an unterminated quote, or a backslash at its end. */
export class CommandLineError extends Error {}

/**
 * The words of `line`: '…' keeps everything up to the next ' as it is; "…" too, but for \" \\ \$ \` (a backslash
 * before another character stays); outside quotes a backslash keeps the next character. "" and '' are empty words.
 */
export function splitWords(line) {
  const words = [];
  let word = null; // the word being read, null between words
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (/\s/.test(c)) {
      if (word !== null) words.push(word);
      word = null;
      continue;
    }
    word ??= '';
    if (c === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) throw new CommandLineError(`the command has a ' without its closing ': ${line}`);
      word += line.slice(i + 1, end);
      i = end;
    } else if (c === '"') {
      i++;
      for (; i < line.length && line[i] !== '"'; i++) {
        if (line[i] === '\\' && '"\\$`'.includes(line[i + 1] ?? '')) i++;
        word += line[i];
      }
      if (i >= line.length) throw new CommandLineError(`the command has a " without its closing ": ${line}`);
    } else if (c === '\\') {
      if (i + 1 >= line.length) throw new CommandLineError(`the command ends with a backslash: ${line}`);
      word += line[++i];
    } else {
      word += c;
    }
  }
  if (word !== null) words.push(word);
  return words;
}
