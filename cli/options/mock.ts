/** `cbp mock`'s options, each declared once (lib/options.ts): the builder and MockArgv derive from it. */
import type { ArgvOf, OptionTable } from '../../lib/options.js';

export const mockOptions = {
  port: { type: 'number', describe: 'API port, 0 = any free port (default: 4010)' },
  host: { type: 'string', describe: 'Interface to bind (default: 127.0.0.1)' },
  mode: {
    type: 'string',
    choices: ['instant', 'realistic'],
    describe: 'instant: the flow runs at once after deliver-funds; realistic: stages spaced out (default: instant)',
  },
  'auth-port': {
    type: 'number',
    describe: 'Serve the token endpoint on its own port (default: same origin as the API)',
  },
  'stage-delay': { type: 'number', describe: 'Realistic mode: ms of sandbox time between stages (default: 2000)' },
  'token-ttl': { type: 'number', describe: 'expires_in of tokens, seconds (default: 3600)' },
  'session-ttl': { type: 'number', describe: 'Hosted session lifetime, seconds (default: 1800)' },
  'chaos-duplicate': { type: 'number', describe: 'Webhook chaos: probability of delivering an event twice' },
  'chaos-reorder': { type: 'number', describe: 'Webhook chaos: hold deliveries this many ms and send them shuffled' },
  'chaos-delay': { type: 'number', describe: 'Webhook chaos: random extra delay up to this many ms' },
  'chaos-seed': { type: 'number', describe: 'Webhook chaos: random seed (default: 1)' },
  'retry-initial': { type: 'number', describe: 'Webhook retries: first delay in ms, doubling (default: 500)' },
  'retry-max-attempts': { type: 'number', describe: 'Webhook retries: attempts per delivery (default: 30)' },
  'allow-webhook-target': {
    type: 'string',
    array: true,
    describe:
      'Allow webhooks to this link-local or cloud metadata target ' +
      'anyway: CIDR, address or host name (repeatable; refused by default)',
  },
  cors: {
    type: 'string',
    array: true,
    describe:
      'Let a browser app on this origin call the mock (CORS preflight and headers; repeatable). ' +
      'Loopback origins (http://localhost:*, http://127.0.0.1:*) are always allowed',
  },
  replay: {
    type: 'string',
    describe:
      'Serve a cassette of `cbp record` instead of the sandbox: its recorded answers by meaning, its webhooks ' +
      're-emitted in order (a request it cannot answer: 404 naming the nearest recorded one)',
  },
  quiet: { type: 'boolean', describe: 'Do not log requests' },
  'log-format': {
    type: 'string',
    choices: ['text', 'json'],
    describe: 'Request log on stderr: text (default) or json, one object per line',
  },
} as const satisfies OptionTable<void>;

/** Choices widened to strings: sandboxOptionsFromArgv names the choices in its own error. */
export type MockArgv = Omit<ArgvOf<typeof mockOptions>, 'mode' | 'logFormat'> & { mode?: string; logFormat?: string };
