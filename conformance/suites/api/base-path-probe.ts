/**
 * When a run judged nothing, one unauthenticated GET per documented GET operation under the base
 * URL tells a wrong base path from a target that was only given too little to work with: a path
 * that exists answers 401 without a token (seed, Authentication: every API call carries a bearer
 * token), a path that does not answers 404 (or 405). Only the message uses the answers, never a
 * verdict; nothing is sent unless the run already judged nothing.
 */
import type { ApiModel } from '../../../generator/ir/model.js';
import { describeNetworkError } from '../../../lib/network-error.js';
import type { SubstanceExchange } from '../verdicts/substance.js';

export async function probeBasePath(baseUrl: string, model: ApiModel, timeoutMs: number): Promise<SubstanceExchange[]> {
  const base = baseUrl.replace(/\/+$/, '');
  const gets = model.operations.filter((o) => o.method === 'get' && !o.servers?.length);
  return Promise.all(
    gets.map(async (o): Promise<SubstanceExchange> => {
      const url = `${base}${o.path.replace(/\{[^}]+\}/g, 'cbp-probe')}`;
      const path = new URL(url).pathname;
      try {
        const res = await fetch(url, {
          signal: AbortSignal.timeout(timeoutMs),
          redirect: 'manual',
        });
        await res.body?.cancel();
        return { operationId: o.id, path, request: { method: 'GET' }, response: { status: res.status } };
      } catch (err) {
        return {
          operationId: o.id,
          path,
          request: { method: 'GET' },
          error: describeNetworkError(err, timeoutMs).text,
        };
      }
    }),
  );
}
