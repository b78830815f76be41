/**
 * Each option is declared once, in its command's table (lib/options.ts): one throw-away entry
 * added to a table shows in `--help`, in the config file's JSON Schema, in `defineConfig`'s type
 * and on both reference pages, with nothing else written. Also: the derived conformance `run:`
 * section and the consumer's refused flags follow the table.
 */
import { describe, expect, expectTypeOf, test } from 'vitest';
import type { CbpCommand } from '../../cli/command.js';
import { generateCommand } from '../../cli/commands/generate.js';
import { main } from '../../cli/main.js';
import { API_ONLY, consumerOptions } from '../../cli/options/conformance.js';
import { renderCliReference, renderConfigReference } from '../../cli/options/reference.js';
import { conformanceOptions } from '../../conformance/suites/api/options.js';
import { runSectionSchema } from '../../conformance/suites/api/run-options.js';
import type { UserConfig } from '../../generator/define-config.js';
import { generateConfigSchema, generateOptions } from '../../generator/options.js';
import type { ConfigOf } from '../../lib/options.js';
import { plugins } from '../../api/plugins.js';
import { recordingIO } from '../generator/helpers/io.js';

const throwAway = {
  ...generateOptions,
  'throw-away-level': {
    type: 'number',
    describe: 'A throw-away option of this test (how loud, 0-9)',
    config: 'throwAwayLevel',
  },
} as const;

describe('adding an option is one entry in one table', () => {
  test('--help, the config schema, the config type and both reference pages list it', async () => {
    const command: CbpCommand = { ...generateCommand, options: throwAway };
    const io = recordingIO(process.cwd());
    expect(await main(['generate', '--help'], io, [command])).toBe(0);
    const help = io.stdout.join('\n');
    expect(help).toMatch(/--throw-away-level\s+A throw-away option of this test \(how loud, 0-9\)\s+\[number\]/);
    // The untouched table does not have it: the entry is the only declaration.
    const plain = recordingIO(process.cwd());
    await main(['generate', '--help'], plain, [generateCommand]);
    expect(plain.stdout.join('\n')).not.toContain('--throw-away-level');

    const schema = generateConfigSchema(plugins, throwAway);
    const entry = schema.oneOf[0] as { properties: Record<string, { type?: string; description?: string }> };
    expect(entry.properties.throwAwayLevel).toEqual({
      type: 'number',
      description: 'A throw-away option of this test (how loud, 0-9)',
    });
    expect(generateConfigSchema(plugins).oneOf[0]).not.toHaveProperty('properties.throwAwayLevel');

    expectTypeOf<ConfigOf<typeof throwAway>>().toHaveProperty('throwAwayLevel').toEqualTypeOf<number | undefined>();

    const cli = await renderCliReference([command]);
    expect(cli).toContain(
      '| `--throw-away-level` | number |  | A throw-away option of this test (how loud, 0-9). Config: `throwAwayLevel`. |',
    );
    const config = await renderConfigReference(throwAway, plugins);
    expect(config).toContain(
      '| `throwAwayLevel` | number | `--throw-away-level` | A throw-away option of this test (how loud, 0-9) |',
    );
  });

  test("defineConfig's keys are the table's config keys (and the flag's type)", () => {
    expectTypeOf<UserConfig['clientFactoryName']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<UserConfig['runtime']>().toEqualTypeOf<'package' | 'copy' | undefined>();
    expectTypeOf<UserConfig['overlays']>().toEqualTypeOf<string[] | undefined>();
    expectTypeOf<UserConfig>().not.toHaveProperty('check');
  });
});

describe('conformance options', () => {
  test("the run: section's keys are the table's config keys", () => {
    expect(Object.keys(runSectionSchema.properties)).toEqual([
      'base_url',
      'auth_url',
      'only',
      'skip',
      'include_operations',
      'exclude_operations',
      'include_tags',
      'exclude_tags',
      'max_failures',
      'strict',
      'reports',
      'require',
      'rate',
      'timeout_ms',
      'deadline_seconds',
    ]);
    expect(runSectionSchema.properties.deadline_seconds).toEqual({ type: 'number', exclusiveMinimum: 0 });
    // Credentials are flags or environment only.
    expect(conformanceOptions['client-secret']).not.toHaveProperty('config');
  });

  test("consumer refuses exactly the API suite's options it does not share", () => {
    for (const flag of Object.keys(consumerOptions)) expect(API_ONLY).not.toContain(flag);
    expect(API_ONLY).toEqual(expect.arrayContaining(['base-url', 'allow-partial', 'deadline', 'max-failures']));
    expect([...API_ONLY, ...Object.keys(consumerOptions).filter((f) => f in conformanceOptions)].sort()).toEqual(
      Object.keys(conformanceOptions).sort(),
    );
  });
});
