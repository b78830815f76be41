/**
 * Debian's Chromium driven by playwright-core: no browser is downloaded (playwright-core ships
 * none); `.ci/run` installs the `chromium` package when /usr/bin/chromium is missing. Every
 * launch gets a fresh profile directory, removed on close, and flags that keep the browser from
 * calling home (test traffic stays on 127.0.0.1).
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CBP_CHROMIUM ?? '/usr/bin/chromium';

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

export async function launchChromium(
  options: { javaScriptEnabled?: boolean; viewport?: { width: number; height: number } } = {},
): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `no Chromium at ${CHROMIUM_PATH}: install it with \`apt-get ` +
        `install -y chromium\` (Debian), or set CBP_CHROMIUM to its path`,
    );
  }
  const profile = await mkdtemp(join(tmpdir(), 'cbp-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: FLAGS,
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    viewport: options.viewport ?? { width: 412, height: 915 },
    timeout: 60_000,
  });
  return {
    context,
    close: async () => {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}
