import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';
import * as api from '../../api/index.js';

/**
 * The Node API's names, values and types (package.json "exports" `.`): what partners import from
 * `cross-border-payments-toolkit`. A name added or removed here is a change of the public surface
 * (CHANGELOG); the list is sorted, so a failure shows the names added (+) and removed (-).
 */
const PUBLIC_NAMES = [
  'BehaviourDifference',
  'CASSETTE_SCHEMA',
  'Cassette',
  'CbpError',
  'Change',
  'ConformanceDriver',
  'DiffReportKind',
  'DiffResult',
  'Formatter',
  'GenerateConfig',
  'GenerateOptions',
  'GenerateResult',
  'GenerateToDiskOptions',
  'GenerateToDiskResult',
  'GeneratedValidatorModules',
  'NotPossible',
  'PaymentRef',
  'Plugin',
  'PluginEntry',
  'PluginOption',
  'RecordResult',
  'ReplayOptions',
  'ReplayResult',
  'ReplayServer',
  'RunningSandbox',
  'RuntimeMode',
  'RuntimeSource',
  'SandboxClient',
  'SandboxClientOptions',
  'SandboxError',
  'SandboxOptions',
  'SessionRef',
  'StateTable',
  'SuiteValidators',
  'UserConfig',
  'WatchOptions',
  'WatchRun',
  'Watcher',
  'behaviourDiff',
  'checkGenerated',
  'compareVerdicts',
  'corePlugins',
  'createMemoryStore',
  'createSandboxClient',
  'createWebhookConsumer',
  'defineConfig',
  'diffContracts',
  'generate',
  'generateToDisk',
  'isCbpError',
  'loadCassette',
  'loadStateTable',
  'paymentsPlugin',
  'plugins',
  'recordConformance',
  'renderDiff',
  'replayConformance',
  'resolveGenerateConfig',
  'resolveGenerateConfigs',
  'runConformance',
  'runSuite',
  'saveCassette',
  'signWebhook',
  'startMock',
  'startReplayServer',
  'startSandbox',
  'suiteValidatorsOf',
  'verifyWebhook',
  'watchGenerate',
  'writeGenerated',
];

/** Every name api/index.ts exports, types included, read from its export declarations (it has no
 * `export *`, which a reader would have to follow: the test fails on one). */
function exportedNames(): string[] {
  const file = path.join(import.meta.dirname, '../../api/index.ts');
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022);
  const names: string[] = [];
  const exported = (n: ts.Node) =>
    ts.canHaveModifiers(n) && (ts.getModifiers(n) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  for (const node of source.statements) {
    if (ts.isExportDeclaration(node)) {
      if (node.exportClause === undefined || !ts.isNamedExports(node.exportClause))
        throw new Error(`api/index.ts: \`${node.getText(source)}\` re-exports a whole module: name what it exports`);
      names.push(...node.exportClause.elements.map((e) => e.name.text));
    } else if (ts.isVariableStatement(node) && exported(node)) {
      for (const d of node.declarationList.declarations) names.push(d.name.getText(source));
    } else if (
      (ts.isFunctionDeclaration(node) ||
        ts.isClassDeclaration(node) ||
        ts.isInterfaceDeclaration(node) ||
        ts.isTypeAliasDeclaration(node)) &&
      exported(node) &&
      node.name !== undefined
    ) {
      names.push(node.name.text);
    }
  }
  return [...new Set(names)].sort();
}

describe('the Node API', () => {
  test('keeps startMock, the former name of startSandbox, as an alias so existing code still runs', () => {
    expect(api.startMock).toBe(api.startSandbox);
  });

  test('exports exactly the curated public names (values and types)', () => {
    expect(exportedNames()).toEqual(PUBLIC_NAMES);
  });

  test('every value it names is defined at run time', () => {
    for (const [name, value] of Object.entries(api)) expect(value, name).toBeDefined();
    expect(Object.keys(api).every((name) => PUBLIC_NAMES.includes(name))).toBe(true);
  });
});
