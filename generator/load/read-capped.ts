/**
 * Reads a fetched document's body up to a size limit. A description fetched by URL is untrusted
 * input: an endless or huge answer (from its origin, or an origin its `$ref`s may reach) must end
 * in a clear error, not in the generator's process running out of memory.
 */
import { CbpError } from '../../lib/errors.js';

/** Far above the largest public descriptions (GitHub REST is 13 MB as one file). */
export const MAX_FETCHED_DOCUMENT_BYTES = 64 * 1024 * 1024;

export function documentTooLarge(url: string, limit: number): CbpError {
  return new CbpError('E_DOCUMENT_TOO_LARGE', `${url} is larger than ${limit / (1024 * 1024)} MiB`, {
    file: url,
    hint: 'a fetched description (or a file its $refs reach) is read up to this size; download it and pass the file',
  });
}

/** The body's bytes, or E_DOCUMENT_TOO_LARGE as soon as more than `limit` arrive (or are announced). */
export async function readCapped(response: Response, url: string, limit = MAX_FETCHED_DOCUMENT_BYTES): Promise<Buffer> {
  const announced = Number(response.headers.get('content-length'));
  if (Number.isFinite(announced) && announced > limit) {
    await response.body?.cancel();
    throw documentTooLarge(url, limit);
  }
  if (response.body === null) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel();
      throw documentTooLarge(url, limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total);
}
