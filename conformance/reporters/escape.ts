/**
 * What reporters print comes partly from the target (bodies, headers, status texts quoted in
 * messages and evidence): it is untrusted text. These make it inert where it lands.
 */
import { escapeChar, terminalSafeValue } from '../../lib/terminal.js';

/** One value inside a report line: every control character escaped, line feeds too (lib/terminal.ts). */
export const printable = terminalSafeValue;

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
