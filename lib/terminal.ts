/**
 * Text from documents, configs and targets (names, pointers, URLs, bodies) on its way to a
 * terminal or a report is untrusted. Control characters become visible escapes: C0 except tab,
 * DEL, C1 (ECMA-48: ESC and CSI start the sequences that clear the screen, set the window title or
 * make hyperlinks), CR (it moves the cursor back over a line), the line and paragraph separators,
 * and the bidirectional overrides that reorder what is shown (Unicode TR #9; CVE-2021-42574).
 */
const UNSAFE_KEEPING_LINE_FEEDS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]/g;
const UNSAFE = /[\u0000-\u0008\u000A-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]/g;

/** For a block of lines (an error and its hint): line feeds and tabs stay. */
export function terminalSafe(text: string): string {
  return text.replace(UNSAFE_KEEPING_LINE_FEEDS, escapeChar);
}

/** For one value inside a line: a line feed is escaped too, so it cannot start a forged line
 * (such as `PASS ...`). */
export function terminalSafeValue(text: string): string {
  return text.replace(UNSAFE, escapeChar);
}

export function escapeChar(c: string): string {
  const code = c.charCodeAt(0);
  if (c === '\n') return '\\n';
  if (c === '\r') return '\\r';
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}
