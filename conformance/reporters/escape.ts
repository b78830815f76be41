/**
 * What reporters print comes partly from the target (bodies, headers, status texts quoted in
 * messages and evidence): it is untrusted text. These make it inert where it lands.
 */

/**
 * Control characters as visible escapes, for a terminal: C0 except tab (so also CR and LF: one
 * value cannot start a forged report line such as `PASS ...`), DEL, C1 (ECMA-48: ESC and CSI
 * start the sequences that clear the screen, set the window title or make hyperlinks), the line
 * and paragraph separators, and the bidirectional overrides that reorder what is shown
 * (Unicode TR #9; CVE-2021-42574).
 */
const TERMINAL_UNSAFE = /[\u0000-\u0008\u000A-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]/g;

export function printable(s: string): string {
  return s.replace(TERMINAL_UNSAFE, escapeChar);
}

/**
 * Characters XML 1.0 does not allow (§2.2 Char: C0 controls except tab, LF and CR; U+FFFE,
 * U+FFFF; surrogates not in a pair) as visible escapes, so the document always parses. C1
 * controls are allowed but "discouraged" (§2.2): escaped too, as a CI page would show them raw.
 */
const XML_UNSAFE =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function xmlSafe(s: string): string {
  return s.replace(XML_UNSAFE, escapeChar);
}

function escapeChar(c: string): string {
  const code = c.charCodeAt(0);
  if (c === '\n') return '\\n';
  if (c === '\r') return '\\r';
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}
