/**
 * The plugin contract (hey-api's shape): a plugin names the plugins it needs, the runtime files
 * it copies into <out>/runtime/, its options with their defaults, its emitters and the folder of
 * their templates. A plugin is one folder (generator/plugins/<name>/, kits/<name>/) and one line
 * of a registry (generator/plugins/index.ts for the generic core, api/plugins.ts for all); what
 * the CLI and the docs list about plugins is derived from the registry (describe.ts). Plugins run
 * in dependency order.
 */
import type { Emitter } from '../emitters/emitter.js';
import type { RuleKeyword, StatefulRuleRegistry } from 'cross-border-payments-runtime/validators';

/** Files copied verbatim into <out>/runtime/<into>/: `paths` are files or folders under `root`. */
export interface RuntimeSource {
  root: string;
  paths: readonly string[];
  /** Sub-folder of <out>/runtime/ (default: runtime/ itself). */
  into?: string;
  /** Copy a file of `paths` only when the output reaches it: an emitted file or a kept runtime
   * file imports it (copy-runtime.ts, pruneRuntime). Without it every file is kept, as for the
   * files users import directly (the server adapters, a kit's public modules). */
  prune?: boolean;
  /** `root`'s files are in the runtime package (packages/runtime/src/): with the 'package' runtime
   * mode the output imports those a named entry serves (`<runtime>/server`, runtime-entries.ts)
   * instead of holding copies; a source without it (a kit published elsewhere) is copied in
   * either mode. */
  packaged?: boolean;
}

export interface PluginOption {
  kind: 'string' | 'path' | 'boolean';
  default?: string | boolean;
  describe: string;
  /** A path option: when a config names the plugin without this option and the project has no file
   * at `default`, the file this toolkit ships at that path is used. */
  packagedDefault?: boolean;
}

/** A config key (and the `--<kebab-case key>` flag the CLI derives from it) that sets one option
 * of its plugin and selects the plugin: `{ [key]: v }` is `plugins: [...defaults, { name, [option]: v }]`. */
export interface PluginShorthand {
  key: string;
  option: string;
  /** The flag's help. */
  describe: string;
}

/** A document this toolkit ships for a plugin (`--contract NAME`, and what a project without a
 * document of its own generates): paths relative to the toolkit's root. */
export interface PackagedContract {
  name: string;
  spec: string;
  overlays: readonly string[];
  clientFactoryName: string;
  /** Path options of the plugin, used when the config does not choose the plugins. */
  options: Readonly<Record<string, string>>;
  /** The `--contract` help. */
  describe: string;
}

/** A plugin's stateful rule vocabulary, as the generated validators.ts imports it. */
export interface StatefulRuleSource {
  /** Output-relative module (`./runtime/…/index.js`) exporting the registry and the context type. */
  module: string;
  exportName: string;
  /** Type of `module` extending RuleContext with what the rules ask of the service state. */
  contextType: string;
  /** The rules it implements by keyword: overlay rules are checked against them (keyword, and
   * params against the rule's `paramsSchema`) at generate time. */
  rules: StatefulRuleRegistry;
}

export interface Plugin {
  name: string;
  /** One line: what the plugin writes (the `--plugins` help and the plugin table in docs/reference/generated-output.md show it). */
  describe: string;
  /** Selected when a config names no plugins (DEFAULT_PLUGINS: core plugins only). */
  default?: boolean;
  /** The folder of the templates its emitters render with `ctx.render(name)` (`<folder>/<name>.hbs`),
   * relative to the toolkit's root, where package.json "files" ships it (or absolute). */
  templates?: string;
  /** Plugins whose output this one imports; selecting this one selects them. */
  dependencies: readonly string[];
  runtime: readonly RuntimeSource[];
  options?: Readonly<Record<string, PluginOption>>;
  emitters: readonly Emitter[];
  /** Stateless rule keywords (compiled into the validators when this plugin is selected). */
  keywords?: readonly RuleKeyword[];
  /** Output-relative module exporting the runtime factories of `keywords`. */
  keywordRuntime?: string;
  /** Output-relative module exporting the factory of one of `keywords`: validators-runtime.ts then
   * exports only the factories of the keywords the document's schemas use (instead of
   * `keywordRuntime` whole). */
  keywordModule?(keyword: RuleKeyword): string;
  statefulRules?: StatefulRuleSource;
  /** Rules the generated client applies to responses (`validateResponses`) beyond their schemas:
   * an emitted module (path from the output root, e.g. `./response-rules.js`) whose export is a
   * list of `ResponseRuleFactory` (packages/runtime/src/contract/response-rule.ts). */
  responseRules?: { module: string; exportName: string };
  /** npm packages the output loads only on demand (not through a static import). */
  optionalDependencies?: readonly string[];
  /** Config keys and flags that set one of its options (resolve-config.ts, the `generate` help). */
  shorthands?: readonly PluginShorthand[];
  /** The contract this toolkit ships for it (`--contract`). */
  contract?: PackagedContract;
  /** The tool profile (`--tool-profile`): the success status per operationId a `2XX` range
   * becomes (other operations: 200), e.g. the codes the service this plugin serves answers. */
  toolProfile?: { successStatus: Readonly<Record<string, string>> };
}
