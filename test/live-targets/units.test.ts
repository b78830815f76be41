/** Small pieces of live targets: config payloads, driver modules, the progress display. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test, vi } from 'vitest';
import { loadDriverModule } from '../../conformance/suites/api/drivers/load-driver.js';
import { payloadFor } from '../../conformance/suites/api/live/payloads.js';
import { consoleReporter } from '../../conformance/reporters/console.js';
import { isCbpError } from '../../lib/errors.js';

const dir = mkdtempSync(path.join(tmpdir(), 'cbp-live-units-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('payloads the seed does not show', () => {
  test(
    'the config body with {{unique}} filled; the sandbox stand-in ' +
      'only for our own sandbox; else a skip naming the key',
    () => {
      const configured = {
        createThirdParty: {
          body: { client_customer_ref: 'buyer-{{unique}}', tags: ['{{unique}}'] },
          customer_id: 'c9',
        },
      };
      expect(
        payloadFor(
          { configured, ownSandbox: false },
          'createThirdParty',
          () => 'u1',
          () => ({}),
        ),
      ).toEqual({
        body: { client_customer_ref: 'buyer-u1', tags: ['u1'] },
        customerId: 'c9',
        thirdParty: undefined,
        from: 'config',
      });
      expect(
        payloadFor(
          { ownSandbox: true },
          'legacyMakePayment',
          () => 'u',
          () => ({ v3: true }),
        ),
      ).toMatchObject({ body: { v3: true }, from: 'sandbox' });
      const skip = payloadFor(
        { ownSandbox: false },
        'confirm_recipient',
        () => 'u',
        () => ({}),
      );
      expect(skip).toEqual({
        skip: {
          reason: expect.stringContaining('Inner fields: not shown'),
          enable: expect.stringContaining('payloads.confirm_recipient.body'),
        },
      });
    },
  );
});

describe('driver modules', () => {
  const write = (name: string, text: string) => {
    const file = path.join(dir, name);
    writeFileSync(file, text);
    return file;
  };
  const error = async (file: string) => {
    try {
      await loadDriverModule(file);
    } catch (err) {
      if (isCbpError(err)) return err;
    }
    throw new Error('expected a CbpError');
  };

  test(
    'a class instance works as a driver (methods on the prototype ' +
      'keep their this); the name defaults to the file name',
    async () => {
      const file = write(
        'cls.mjs',
        'class D { #paid = []; async deliverFunds({ paymentId }) { this.#paid.push(paymentId); ' +
          '} async close() { globalThis.__paid = this.#paid; } }\nexport default new D();',
      );
      const d = await loadDriverModule(file);
      expect(d).toMatchObject({ name: 'cls.mjs', kind: 'module' });
      await d.deliverFunds!({ customerId: 'c', paymentId: 'p1' });
      await d.close!();
      expect((globalThis as { __paid?: string[] }).__paid).toEqual(['p1']);
    },
  );

  test('a misspelt method, a non-function member or no default export is E_CONFIG with a pointer', async () => {
    const typo = await error(write('typo.mjs', 'export default { deliverfunds: async () => {} };'));
    expect(typo.message).toBe('the driver has an unknown member "deliverfunds"');
    expect(typo.details.pointer).toBe('/deliverfunds');
    expect(typo.details.hint).toContain('deliverFunds');
    expect((await error(write('notfn.mjs', 'export default { cancelPayment: 1 };'))).message).toBe(
      'driver member cancelPayment must be a function',
    );
    expect((await error(write('none.mjs', 'export const x = 1;'))).message).toBe(
      'the driver module has no default export object',
    );
  });
});

describe('progress of a waiting check', () => {
  test('a TTY line is rewritten in place; a CI log gets a line only after 30 s of waiting', () => {
    vi.useFakeTimers({ now: 0 });
    try {
      const tty: string[] = [];
      const plain: string[] = [];
      const live = consoleReporter({ write: () => undefined, progress: (t) => tty.push(t) });
      const ci = consoleReporter({ write: (t) => plain.push(t) });
      for (const r of [live, ci]) {
        r.handle({ type: 'check-start', checkId: 'lifecycle', title: 't' });
        r.handle({
          type: 'check-progress',
          checkId: 'lifecycle',
          lines: ['api payment (pay_1): waiting for PAYMENT_COMPLETED, 290 s left'],
        });
      }
      expect(tty.at(-1)).toBe('\r\x1b[2K… lifecycle: api payment (pay_1): waiting for PAYMENT_COMPLETED, 290 s left');
      expect(plain).toEqual([]);
      vi.setSystemTime(31_000);
      ci.handle({ type: 'check-progress', checkId: 'lifecycle', lines: ['a: waiting for X', 'b: waiting for Y'] });
      expect(plain).toEqual(['  … lifecycle: a: waiting for X', '  … lifecycle: b: waiting for Y']);
    } finally {
      vi.useRealTimers();
    }
  });
});
