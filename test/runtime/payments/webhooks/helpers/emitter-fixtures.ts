/** Shared by the webhooks emitter tests (fast: emitted text; slow: compiled and run). */
export const emitterConfig = (stateTable?: string) => ({
  spec: 'test/fixtures/generator/small-3.1.yaml',
  overlays: [],
  out: 'generated',
  check: false,
  clientFactoryName: 'createApiClient',
  // The payments plugin (with that table) or, without a table, a selection without it.
  plugins: stateTable ? ['payments'] : ['operations'],
  ...(stateTable ? { pluginOptions: { payments: { stateTable } } } : {}),
});

export const EVIL = '"; throw new Error("pwned"); //*/ `${x}` \u2028';

/** The table with a status whose name and note try to break out of a string or a comment. */
export function hostileTable<T extends { statuses: unknown[] }>(table: T): T {
  table.statuses.push({ name: EVIL, documented: false, note: '*/ process.exit(1) /*' });
  return table;
}
