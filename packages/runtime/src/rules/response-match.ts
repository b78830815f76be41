/** Picks the declared response for a status (exact, then 2XX-style range, then default) and
 * the media type for a Content-Type (exact, then type/*, then *\/*, then +json → application/json). */

export interface ResponseEntry<V> {
  status: string;
  content: Record<string, V>;
}

export function matchStatus<V>(responses: readonly ResponseEntry<V>[], status: number): ResponseEntry<V> | undefined {
  const exact = String(status);
  const range = `${exact[0]}XX`;
  return (
    responses.find((r) => r.status === exact) ??
    responses.find((r) => r.status.toUpperCase() === range) ??
    responses.find((r) => r.status === 'default')
  );
}

export function matchMediaType(declared: readonly string[], contentType: string | undefined): string | undefined {
  if (contentType === undefined) return declared.length === 1 ? declared[0] : undefined;
  const mt = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  const lower = declared.map((d) => d.toLowerCase());
  const slash = mt.indexOf('/');
  const candidates = [mt, `${mt.slice(0, slash)}/*`, '*/*'];
  if (mt.endsWith('+json')) candidates.push('application/json');
  for (const c of candidates) {
    const i = lower.indexOf(c);
    if (i >= 0) return declared[i];
  }
  return undefined;
}
