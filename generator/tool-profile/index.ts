/**
 * `cbp generate --tool-profile FILE`: the normative document with the configured overlays (rules
 * and the sandbox's optional fields) applied, rewritten by deriveToolProfile, written as YAML or
 * JSON by the file's extension.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { stringify } from 'yaml';
import { loadDocument } from '../load/load-document.js';
import { deriveToolProfile, type ToolProfileOptions } from './derive.js';

export type { ToolProfileOptions } from './derive.js';

export async function buildToolProfile(
  spec: string,
  overlays: string[],
  options: ToolProfileOptions & { cwd?: string; allowRefOrigins?: readonly string[] } = {},
): Promise<Record<string, unknown>> {
  const loaded = await loadDocument(spec, {
    cwd: options.cwd,
    overlays,
    ...(options.allowRefOrigins ? { allowRefOrigins: options.allowRefOrigins } : {}),
  });
  return deriveToolProfile(loaded.document as unknown as Record<string, unknown>, options);
}

/** `options`: the derivation's (successStatus: the plugins' Plugin.toolProfile tables). */
export async function writeToolProfile(
  outFile: string,
  spec: string,
  overlays: string[],
  cwd: string,
  allowRefOrigins?: readonly string[],
  options: ToolProfileOptions = {},
): Promise<string> {
  const origins = allowRefOrigins ? { allowRefOrigins } : {};
  const profile = await buildToolProfile(spec, overlays, { ...options, cwd, ...origins });
  const target = path.resolve(cwd, outFile);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(
    target,
    /\.json$/i.test(target)
      ? `${JSON.stringify(profile, null, 2)}\n`
      : stringify(profile, { lineWidth: 0, aliasDuplicateObjects: false }),
  );
  return target;
}
