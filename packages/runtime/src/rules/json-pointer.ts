/** One RFC 6901 reference token (`~` → `~0`, `/` → `~1`). A module of its own so that schema
 * errors can build pointers without the rule pointer walker (pointer.ts) in every output. */
export function escapeToken(token: string | number): string {
  return String(token).replace(/~/g, '~0').replace(/\//g, '~1');
}
