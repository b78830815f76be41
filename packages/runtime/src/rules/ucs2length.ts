/**
 * The length of a string in Unicode code points, as JSON Schema's `maxLength`/`minLength` count
 * it (a surrogate pair is one character): ajv's runtime helper `ucs2length`, which the
 * standalone validators call, as an ES module. ajv ships it as CommonJS, and a bundler wraps
 * CommonJS in helpers it shares with every chunk of the page, the client's first chunk too.
 */
export function ucs2length(str: string): number {
  const len = str.length;
  let length = 0;
  let pos = 0;
  while (pos < len) {
    length++;
    const value = str.charCodeAt(pos++);
    // A high surrogate followed by a low one (UTF-16, RFC 2781 §2.2) is one code point.
    if (value >= 0xd800 && value <= 0xdbff && pos < len && (str.charCodeAt(pos) & 0xfc00) === 0xdc00) pos++;
  }
  return length;
}
