/**
 * `reply(201, body)`: a handler result whose `status` keeps its literal type wherever it is built,
 * so it matches the documented response (`2XX` → 200..299) without a cast. A bare
 * `{ status: 201, body }` outside a typed position widens to `status: number` (see types.ts).
 */
export function reply<S extends number, B>(
  status: S,
  body: B,
  headers?: Record<string, string>,
): { status: S; body: B; headers?: Record<string, string> } {
  return headers === undefined ? { status, body } : { status, body, headers };
}
