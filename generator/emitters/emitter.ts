/**
 * The emitter contract. An emitter turns the model into files; it never reads the raw document
 * and never writes to disk (the pipeline does, so that --check can compare in memory).
 * Emitters belong to plugins (generator/plugins/).
 */
import type { ApiModel } from '../ir/model.js';
import type { GenerateConfig } from '../config.js';
import type { Plugin } from '../plugins/plugin.js';

export interface GeneratedFile {
  /** Path relative to the output directory, POSIX separators (`runtime/auth.ts`). */
  path: string;
  contents: string;
}

export interface EmitContext {
  model: ApiModel;
  config: GenerateConfig;
  /** Renders `<name>.hbs` of the running plugin's templates folder (`Plugin.templates`) with strict
   * mode, the safe helpers and the shared partials of templates/ (generator/templates.ts). */
  render(templateName: string, data: unknown): string;
  /** The "generated, do not edit" header for a file, comment syntax of TS/JS. */
  header(path: string): string;
  /** The bundled, overlaid document. Only for emitters wrapping a library that needs the whole
   * document (openapi-typescript in the `types` emitter); everything else reads `model`. */
  document?: Record<string, unknown>;
  /** Reports something in the document the emitter ignored (printed as `warning:` by the CLI). */
  warn?(message: string): void;
  /** The running plugin's options (defaults < config); path options are absolute. */
  options: Readonly<Record<string, unknown>>;
  /** Every plugin of this generation, dependencies included, in order. */
  plugins: readonly Plugin[];
  /** Every plugin the selection could have named (the registry), for hints naming an unselected one. */
  registry?: readonly Plugin[];
  /** Is the plugin of that name part of this generation? */
  has(name: string): boolean;
}

export interface Emitter {
  /** Short name, used in logs and --only style selections (`types`, `client`, `server`, ...). */
  name: string;
  emit(ctx: EmitContext): Promise<GeneratedFile[]> | GeneratedFile[];
}
