// `node --import ./ts-register.mjs child.ts`: installs ts-hooks.mjs (Node >= 20.6 module.register).
import { register } from 'node:module';
register('./ts-hooks.mjs', import.meta.url);
