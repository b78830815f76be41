/** docs/reference/plugins.md: the generator plugins of `cbp generate --plugins`, from the one
 * plugin registry (api/plugins.ts), with their options and what they select. */
import { plugins } from '../../api/plugins.js';
import { code, type ReferencePage, table } from './page.js';

export const pluginsPage: ReferencePage = {
  file: 'docs/reference/plugins.md',
  source: 'api/plugins.ts',
  render: () =>
    [
      '# Generator plugins',
      '',
      'Chosen with `--plugins a,b` or the config\'s `plugins` (a name, or `{ "name": ..., option: value }`); ' +
        'selecting a plugin selects the plugins it needs. A config that names none gets the defaults.',
      '',
      table(
        ['plugin', 'what it writes', 'default', 'needs'],
        plugins.map((p) => [
          code(p.name),
          p.describe,
          p.default === true ? 'yes' : '',
          p.dependencies.map(code).join(', '),
        ]),
      ),
      '',
      '## Options',
      '',
      table(
        ['plugin', 'option', 'kind', 'default', 'what it does'],
        plugins.flatMap((p) =>
          Object.entries(p.options ?? {}).map(([name, o]) => [
            code(p.name),
            code(name),
            o.kind,
            o.default === undefined ? '' : code(JSON.stringify(o.default)),
            o.describe,
          ]),
        ),
      ),
      '',
      ...(plugins.some((p) => (p.shorthands ?? []).length > 0)
        ? [
            '## Config keys that set a plugin option',
            '',
            table(
              ['key', 'plugin', 'option', 'what it does'],
              plugins.flatMap((p) =>
                (p.shorthands ?? []).map((s) => [code(s.key), code(p.name), code(s.option), s.describe]),
              ),
            ),
            '',
          ]
        : []),
    ].join('\n'),
};
