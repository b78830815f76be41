/**
 * `x-cbp-path-aliases` in the server emitter: valid aliases reach the router's metadata, anything
 * else (not an array, not a path template, other path parameters, a route already taken) is left
 * out with a warning that points at it.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generate } from '../../../generator/generate.js';
import { ROOT } from '../client/helpers/generated.js';

describe('x-cbp-path-aliases', () => {
  it('keeps valid aliases and warns about each ignored one', async () => {
    const result = await generate(
      {
        spec: path.join(ROOT, 'test/runtime/server/fixtures/aliases.yaml'),
        overlays: [],
        out: 'unused',
        check: false,
        clientFactoryName: 'createApiClient',
        plugins: ['server'],
      },
      { cwd: ROOT },
    );
    const server = result.files.find((f) => f.path === 'server.ts')!.contents;
    const meta = JSON.parse(/const META: ServerMeta = (\{[\s\S]*?\n\});/.exec(server)![1]) as {
      operations: Array<{ id: string; aliases?: string[] }>;
    };
    expect(Object.fromEntries(meta.operations.map((op) => [op.id, op.aliases]))).toEqual({
      getThing: ['/api/v1/things/{thing_id}'],
      putThing: undefined,
      getWidget: ['/api/v2/widgets/{widget_id}'],
    });
    const at = '#/paths/~1v1~1things~1{thing_id}';
    expect(result.warnings).toEqual([
      `${at}/get/x-cbp-path-aliases/1: "/api/v1/things/{other_id}" ` +
        `must have the path parameters of /v1/things/{thing_id}; ignored`,
      `${at}/get/x-cbp-path-aliases/2: "/api/v1/things" must ` +
        `have the path parameters of /v1/things/{thing_id}; ignored`,
      `${at}/get/x-cbp-path-aliases/3: 42 is not a path template; ignored`,
      `${at}/get/x-cbp-path-aliases/4: "/api/v1/things/{thing_id}?x=1" is not a path template; ignored`,
      `${at}/get/x-cbp-path-aliases/5: "/v1/widgets/{id}" must ` +
        `have the path parameters of /v1/things/{thing_id}; ignored`,
      `${at}/get/x-cbp-path-aliases/6: "/api/v1/things/{thing}" must ` +
        `have the path parameters of /v1/things/{thing_id}; ignored`,
      `${at}/put/x-cbp-path-aliases: must be an array of path templates; ignored`,
      // Templates differing only in parameter names route the same requests.
      `#/paths/~1v1~1widgets~1{widget_id}/get/x-cbp-path-aliases/0: ` +
        `"/v1/things/{widget_id}" GET /v1/things/{widget_id} is already routed; ignored`,
      `#/paths/~1v1~1widgets~1{widget_id}/get/x-cbp-path-aliases/1: ` +
        `"/api/v1/things/{widget_id}" GET /api/v1/things/{widget_id} is already routed; ignored`,
    ]);
  });
});
