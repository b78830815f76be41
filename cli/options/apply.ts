/** The yargs builder of an option table (lib/options.ts): one `.option` / `.positional` per entry, in order. */
import type { Argv, Options, PositionalOptions } from 'yargs';
import type { OptionSpec, OptionTable } from '../../lib/options.js';

export function describeOf<Ctx>(spec: OptionSpec<Ctx>, ctx: Ctx): string {
  return typeof spec.describe === 'function' ? spec.describe(ctx) : spec.describe;
}

export function choicesOf<Ctx>(spec: OptionSpec<Ctx>, ctx: Ctx): readonly string[] | undefined {
  return spec.choicesOf ? spec.choicesOf(ctx) : spec.choices;
}

/** `before[flag]` adds options the table cannot hold (the plugins' shorthand flags) ahead of `flag`. */
export function applyOptions<Ctx>(
  y: Argv,
  table: OptionTable<Ctx>,
  ctx: Ctx = undefined as Ctx,
  before: Record<string, (y: Argv) => Argv> = {},
): Argv {
  let built = y;
  for (const [flag, spec] of Object.entries(table)) {
    built = before[flag]?.(built) ?? built;
    if (spec.configOnly || (spec.when && !spec.when(ctx))) continue;
    const choices = choicesOf(spec, ctx);
    const common = {
      type: spec.type,
      describe: describeOf(spec, ctx),
      ...(choices && spec.enforceChoices !== false ? { choices: [...choices] } : {}),
      ...(spec.default !== undefined ? { default: spec.default } : {}),
      ...(spec.alias ? { alias: spec.alias } : {}),
    };
    if (spec.positional) {
      built = built.positional(flag, common as PositionalOptions);
      continue;
    }
    built = built.option(flag, {
      ...common,
      ...(spec.array ? { array: true } : {}),
      ...(spec.demand ? { demandOption: true } : {}),
      ...(spec.hidden ? { hidden: true } : {}),
    } as Options);
  }
  return built;
}
