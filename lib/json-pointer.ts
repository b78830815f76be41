/** RFC 6901 JSON pointers for the parts that do not import the runtime package themselves: its one
 * implementation (escape, unescape, format, parse, read) and the copy-and-replace of a value. */
export {
  formatPointer as toPointer,
  getAt,
  parsePointer,
  unescapeToken,
} from 'cross-border-payments-runtime/validators';
