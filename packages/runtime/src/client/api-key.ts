/**
 * Placing an API key (transport.ts), loaded with the first request whose operation takes one: a
 * server-side credential, so a browser app's page never carries this code.
 */

/** Places an API key where its scheme says (OpenAPI 3.1 §4.8.27: `in` header, query or cookie, under `name`). */
export function placeApiKey(headers: Headers, url: URL, key: { in: string; name: string }, value: string): void {
  if (key.in === 'header') headers.set(key.name, value);
  else if (key.in === 'query') url.searchParams.set(key.name, value);
  else {
    const prior = headers.get('cookie');
    headers.set('cookie', `${prior ? `${prior}; ` : ''}${key.name}=${encodeURIComponent(value)}`);
  }
}
