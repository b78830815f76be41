/** A server adapter plugin: one runtime file of runtime/server/ that mounts the router in a
 * framework, so a project installs only the framework it uses. Each adapter is a folder of its own
 * (generator/plugins/node-http/, fetch/, hono/) declaring itself with this helper. */
import type { Plugin } from '../plugin.js';
import { coreRuntime } from '../runtime-root.js';

export interface AdapterDeclaration {
  name: string;
  /** The file of packages/runtime/src/server/ the adapter is. */
  file: string;
  describe: string;
  default?: boolean;
  dependencies?: string[];
}

export function serverAdapter(declared: AdapterDeclaration): Plugin {
  const { name, file, describe, dependencies = ['server'] } = declared;
  return {
    name,
    describe,
    ...(declared.default === true ? { default: true } : {}),
    dependencies,
    get runtime() {
      return [coreRuntime([`server/${file}`])];
    },
    emitters: [],
  };
}
