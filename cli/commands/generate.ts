/** `cbp generate`: a thin shell over generator/generate.ts (resolve config → generate → write
 * or, with --check, compare). */
import path from 'node:path';
import type { GenerateArgv } from '../../generator/resolve-config.js';
import type { CbpCommand } from '../command.js';
import { EXIT_FAILURE, EXIT_OK } from '../exit-code.js';

export const generateCommand: CbpCommand = {
  command: 'generate',
  describe: 'Generate types, client, server and validators from an OpenAPI 3.0/3.1 document',
  builder: (y) =>
    y
      .option('spec', { type: 'string', describe: 'OpenAPI document (default: spec/openapi.yaml)' })
      .option('overlay', { type: 'string', array: true, describe: 'Overlay 1.0 file(s), applied in order' })
      .option('out', { type: 'string', describe: 'Output directory (default: generated)' })
      .option('check', { type: 'boolean', default: false, describe: 'Compare with the output directory instead of writing; exit 1 when stale' })
      .option('config', { type: 'string', describe: 'Config file (default: cbp.config.{json,yaml,yml,js,mjs} in cwd)' })
      .option('stubs', { type: 'string', describe: 'Write handler stubs into this directory (never overwrites)' })
      .option('client-factory-name', { type: 'string', describe: 'Name of the client factory (default: createApiClient)' })
      .option('state-table', { type: 'string', describe: 'Payment state table (YAML)' })
      .option('emitters', { type: 'string', array: true, describe: 'Only run these emitters' })
      .option('tool-profile', { type: 'string', describe: 'Also write the tool profile (explicit status codes, examples) to this file (.yaml or .json)' })
      .option('overlay-missing-target', { type: 'string', choices: ['error', 'warn'], describe: 'An overlay target matching nothing fails (default) or warns' }),
  async run(argv, io) {
    // Loaded on use: the generator pulls in openapi-typescript, typescript and swagger-parser
    // (~1 s), which no other command needs.
    const [{ generate }, { checkGenerated, writeGenerated, writeStubs }, { resolveGenerateConfig }] = await Promise.all([
      import('../../generator/generate.js'),
      import('../../generator/output-files.js'),
      import('../../generator/resolve-config.js'),
    ]);
    const config = await resolveGenerateConfig(argv as GenerateArgv, io.cwd);
    const result = await generate(config, { cwd: io.cwd });
    for (const w of result.warnings) io.err(`warning: ${w}`);
    const outDir = path.resolve(io.cwd, config.out);
    const prune = { prune: config.emitters === undefined };
    if (config.check) {
      const { stale, missing, extra } = checkGenerated(result.files, outDir, prune);
      const lines = [...stale.map((p) => `stale: ${p}`), ...missing.map((p) => `missing: ${p}`), ...extra.map((p) => `extra: ${p}`)];
      if (lines.length === 0) {
        io.out(`${config.out}: ${result.files.length} files up to date`);
        return EXIT_OK;
      }
      io.err(`E_STALE_OUTPUT: ${config.out} is out of date with ${config.spec} (${lines.length} files)`);
      for (const line of lines) io.err(`  ${line}`);
      io.err('  hint: run `cbp generate` and commit the result');
      return EXIT_FAILURE;
    }
    const toolProfile = (argv as { toolProfile?: string }).toolProfile;
    if (toolProfile) {
      const { writeToolProfile } = await import('../../generator/tool-profile/index.js');
      io.out(`tool profile: ${path.relative(io.cwd, await writeToolProfile(toolProfile, config.spec, config.overlays, io.cwd))}`);
    }
    const written = writeGenerated(result.files, outDir, prune);
    io.out(`${config.out}: ${written.written.length} written, ${written.unchanged.length} unchanged, ${written.removed.length} removed`);
    if (config.stubs) {
      const stubs = writeStubs(result.stubFiles, path.resolve(io.cwd, config.stubs));
      io.out(`${config.stubs}: ${stubs.created.length} stubs created, ${stubs.kept.length} kept`);
    }
    return EXIT_OK;
  },
};
