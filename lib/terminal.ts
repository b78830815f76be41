/**
 * Error lines quote what documents, configs and targets contain (names, pointers, URLs): untrusted
 * text on its way to a terminal. Control characters become visible escapes, so a document cannot
 * clear the screen, set the window title or make hyperlinks (ECMA-48: ESC and CSI start those
 * sequences), move the cursor back over a line (CR), or reorder what is shown with bidirectional
 * overrides (Unicode TR #9; CVE-2021-42574). Line feeds and tabs stay: an error is a block of lines.
 */
const TERMINAL_UNSAFE = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]/g;

export function terminalSafe(text: string): string {
  return text.replace(TERMINAL_UNSAFE, (c) => {
    const code = c.charCodeAt(0);
    if (c === '\r') return '\\r';
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}
