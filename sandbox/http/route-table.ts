/**
 * A tiny route table compiled once (static segments before `{param}` segments, as stripe-mock
 * and fastify do). Used for the /_sandbox/ control API, which is not part of spec/openapi.yaml.
 */
export interface Route<H> {
  method: string;
  path: string;
  handler: H;
}

interface Compiled<H> {
  method: string;
  segments: string[];
  handler: H;
  staticCount: number;
}

export interface RouteMatch<H> {
  handler: H;
  params: Record<string, string>;
}

export class RouteTable<H> {
  private readonly routes: Compiled<H>[];

  constructor(routes: Route<H>[]) {
    this.routes = routes
      .map((r) => {
        const segments = r.path.split('/').slice(1);
        return {
          method: r.method.toUpperCase(),
          segments,
          handler: r.handler,
          staticCount: segments.filter((s) => !s.startsWith('{')).length,
        };
      })
      .sort((a, b) => b.staticCount - a.staticCount);
  }

  /** 'no-path' when nothing matches the path, 'no-method' when only the method is wrong. */
  match(method: string, pathname: string): RouteMatch<H> | 'no-path' | { allowed: string[] } {
    const parts = pathname.split('/').slice(1);
    const allowed: string[] = [];
    for (const r of this.routes) {
      const params = matchSegments(r.segments, parts);
      if (params === undefined) continue;
      if (r.method === method.toUpperCase()) return { handler: r.handler, params };
      allowed.push(r.method);
    }
    return allowed.length > 0 ? { allowed } : 'no-path';
  }
}

function matchSegments(segments: string[], parts: string[]): Record<string, string> | undefined {
  if (segments.length !== parts.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i]!;
    const p = parts[i]!;
    if (s.startsWith('{')) {
      if (p === '') return undefined;
      try {
        params[s.slice(1, -1)] = decodeURIComponent(p);
      } catch {
        return undefined;
      }
    } else if (s !== p) return undefined;
  }
  return params;
}
