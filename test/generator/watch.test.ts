/**
 * `cbp generate --watch` as a library (watchGenerate): one regeneration per saved change of a
 * file the document references, a broken document reported while the watcher stays alive, and
 * the config file watched too.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { plugins } from '../../api/plugins.js';
import { type Watcher, type WatchRun, watchGenerate } from '../../generator/watch.js';
import { CbpError } from '../../lib/errors.js';

const API = `openapi: 3.1.0
info: { title: Pets, version: '1' }
paths:
  /pets:
    get:
      operationId: listPets
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: { $ref: './schemas/pet.yaml' }
`;
const pet = (props: string) => `type: object\nproperties:\n${props}`;

type Event = { kind: 'run'; run: WatchRun } | { kind: 'error'; error: unknown; changed: string[] };

describe('watchGenerate', () => {
  const cwd = mkdtempSync(path.join(os.tmpdir(), 'cbp-watch-'));
  const events: Event[] = [];
  let watcher: Watcher;
  const write = (name: string, text: string) => {
    mkdirSync(path.dirname(path.join(cwd, name)), { recursive: true });
    writeFileSync(path.join(cwd, name), text);
  };
  /** Waits for the n-th event (1-based), then a quiet time in which no further event may come. */
  async function eventNumber(n: number, quietMs = 600): Promise<Event> {
    const deadline = Date.now() + 30_000;
    while (events.length < n && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
    expect(events.length).toBeGreaterThanOrEqual(n);
    await new Promise((r) => setTimeout(r, quietMs));
    expect(events).toHaveLength(n);
    return events[n - 1];
  }

  beforeAll(async () => {
    write('api.yaml', API);
    write('schemas/pet.yaml', pet('  name: { type: string }\n'));
    write('cbp.config.json', JSON.stringify({ spec: 'api.yaml', out: 'out', plugins: ['types', 'operations'] }));
    watcher = await watchGenerate({
      argv: {},
      cwd,
      plugins,
      debounceMs: 50,
      onRun: (run) => events.push({ kind: 'run', run }),
      onError: (error, changed) => events.push({ kind: 'error', error, changed }),
    });
  }, 60_000);
  afterAll(() => {
    watcher?.close();
    rmSync(cwd, { recursive: true, force: true });
  });

  test('the first run generates and watches the document, the file it references and the config', () => {
    expect(events).toHaveLength(1);
    const first = events[0] as Extract<Event, { kind: 'run' }>;
    expect(first.kind).toBe('run');
    expect(first.run.changed).toEqual([]);
    expect(first.run.outputs[0]).toMatchObject({
      out: 'out',
      written: expect.arrayContaining(['types.ts', 'operations.ts']),
    });
    expect(watcher.files().map((f) => path.relative(cwd, f))).toEqual([
      'api.yaml',
      'cbp.config.json',
      path.join('schemas', 'pet.yaml'),
    ]);
  });

  test('saving a referenced file regenerates exactly once and says what changed', async () => {
    write('schemas/pet.yaml', pet('  name: { type: string }\n  nickname: { type: string }\n'));
    const e = await eventNumber(2);
    expect(e.kind).toBe('run');
    const { run } = e as Extract<Event, { kind: 'run' }>;
    expect(run.changed).toEqual(['schemas/pet.yaml']);
    // Every file's header carries the bundled document's sha256, so both files are rewritten.
    expect(run.outputs[0].written).toEqual(['operations.ts', 'types.ts']);
    expect(readFileSync(path.join(cwd, 'out/types.ts'), 'utf8')).toContain('nickname?: string;');
  });

  test('saving the same bytes again regenerates nothing', async () => {
    write('schemas/pet.yaml', readFileSync(path.join(cwd, 'schemas/pet.yaml'), 'utf8'));
    await eventNumber(2);
  });

  test('a broken document is reported and the watcher stays alive; the fix regenerates', async () => {
    write('api.yaml', `${API}      broken: [\n`);
    const broken = await eventNumber(3);
    expect(broken.kind).toBe('error');
    expect((broken as Extract<Event, { kind: 'error' }>).error).toBeInstanceOf(CbpError);
    expect((broken as Extract<Event, { kind: 'error' }>).changed).toEqual(['api.yaml']);
    expect(readFileSync(path.join(cwd, 'out/types.ts'), 'utf8')).toContain('nickname?: string;');
    write('api.yaml', API.replace('listPets', 'listAllPets'));
    const fixed = await eventNumber(4);
    expect(fixed.kind).toBe('run');
    expect((fixed as Extract<Event, { kind: 'run' }>).run.outputs[0].written).toContain('operations.ts');
    expect(readFileSync(path.join(cwd, 'out/operations.ts'), 'utf8')).toContain('listAllPets');
  });

  test('an edited config is read again: a new output directory is generated', async () => {
    write('cbp.config.json', JSON.stringify({ spec: 'api.yaml', out: 'out2', plugins: ['operations'] }));
    const e = await eventNumber(5);
    expect(e.kind).toBe('run');
    expect((e as Extract<Event, { kind: 'run' }>).run).toMatchObject({
      changed: ['cbp.config.json'],
      outputs: [{ out: 'out2', written: expect.arrayContaining(['operations.ts']) }],
    });
  });

  test('after close, a change regenerates nothing', async () => {
    watcher.close();
    write('schemas/pet.yaml', pet('  name: { type: integer }\n'));
    await new Promise((r) => setTimeout(r, 400));
    expect(events).toHaveLength(5);
  });
});
