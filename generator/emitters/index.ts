/**
 * The single list of emitters, in the order they run (output order is by path anyway).
 * Colleagues add theirs here: one import and one entry per emitter.
 */
import type { Emitter } from './emitter.js';
import { typesEmitter } from './types.js';
import { operationsEmitter } from './operations.js';
import { runtimeEmitter } from './runtime.js';
import { webhooksEmitter } from './webhooks.js';
import { validatorsEmitter } from './validators.js';
import { clientEmitter } from './client.js';
import { serverEmitter } from './server.js';
import { stubsEmitter } from './stubs.js';

export const emitters: Emitter[] = [typesEmitter, operationsEmitter, runtimeEmitter, webhooksEmitter, validatorsEmitter, clientEmitter, serverEmitter, stubsEmitter];
