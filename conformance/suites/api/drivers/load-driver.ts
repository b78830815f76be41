/**
 * `--driver sandbox|passive|PATH` (or `driver:` in the conformance config): the built-ins by
 * name, anything else an ES module whose default export is a ConformanceDriver. A module that
 * does not load, or exports something that is not a driver, is a configuration error naming the
 * path and what is wrong (a misspelt method would otherwise silently skip its cases).
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CbpError } from '../../../../lib/errors.js';
import { DRIVER_MEMBERS, type ConformanceDriver, type Driver } from '../driver.js';

/** Loads a driver module; a relative `spec` is resolved against `base` (the config file's folder, or the cwd). */
export async function loadDriverModule(spec: string, base = process.cwd()): Promise<Driver> {
  const file = path.resolve(base, spec);
  let mod: { default?: unknown };
  try {
    mod = (await import(pathToFileURL(file).href)) as { default?: unknown };
  } catch (err) {
    throw new CbpError('E_CONFIG', `cannot load the driver module ${spec}: ${(err as Error).message.split('\n')[0]}`, {
      file,
      hint:
        'an ES module (.mjs, or .js in a "type": "module" package) ' +
        'whose default export is the driver object; see examples/driver/',
    });
  }
  const driver = checkDriver(mod.default, file);
  return { ...bind(driver), name: driver.name ?? path.basename(file), kind: 'module' };
}

export function checkDriver(value: unknown, file: string): ConformanceDriver {
  if (value === null || typeof value !== 'object') {
    throw new CbpError('E_CONFIG', 'the driver module has no default export object', {
      file,
      hint: 'export default { deliverFunds, cancelPayment, ... }; see examples/driver/',
    });
  }
  const known = new Set<string>(DRIVER_MEMBERS);
  for (const [key, v] of members(value)) {
    if (!known.has(key)) {
      throw new CbpError('E_CONFIG', `the driver has an unknown member ${JSON.stringify(key)}`, {
        file,
        pointer: `/${key}`,
        hint: `driver members: ${DRIVER_MEMBERS.join(', ')}`,
      });
    }
    if (key === 'name' ? typeof v !== 'string' : typeof v !== 'function') {
      throw new CbpError('E_CONFIG', `driver member ${key} must be ${key === 'name' ? 'a string' : 'a function'}`, {
        file,
        pointer: `/${key}`,
      });
    }
  }
  return value as ConformanceDriver;
}

/** Own and inherited members (a driver may be a class instance: its methods live on the prototype). */
function members(value: object): Array<[string, unknown]> {
  const out = new Map<string, unknown>();
  for (let o: object | null = value; o && o !== Object.prototype; o = Object.getPrototypeOf(o)) {
    for (const key of Object.getOwnPropertyNames(o)) {
      if (key !== 'constructor' && !out.has(key)) out.set(key, (value as Record<string, unknown>)[key]);
    }
  }
  return [...out];
}

/** Methods keep their `this` (private fields, other methods). */
function bind(d: ConformanceDriver): ConformanceDriver {
  const out: Record<string, unknown> = {};
  for (const [k, v] of members(d)) out[k] = typeof v === 'function' ? v.bind(d) : v;
  return out as ConformanceDriver;
}
