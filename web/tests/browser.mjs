// Headless Chromium for the page's tests: Debian's `chromium`, started by us (never
// `npx playwright install`), driven over CDP by playwright-core, and cleaned up by us: its own
// process group killed by its id, its profile directory removed.

import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';

export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

/** Why the browser tests cannot run here, or null. */
export function missingChromium() {
  if (!existsSync(CHROMIUM)) {
    return `${CHROMIUM} is absent (apt-get install chromium, or CHROMIUM=/path/to/chromium)`;
  }
  const probe = spawnSync(CHROMIUM, ['--version'], { encoding: 'utf8', timeout: 30000 });
  if (probe.status !== 0) {
    return `${CHROMIUM} --version failed: ${(probe.stderr || probe.error || '').toString().trim()}`;
  }
  return null;
}

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--remote-debugging-port=0',
];

/**
 * Starts Chromium in its own process group with a fresh profile and connects playwright-core
 * to it. `close()` closes the connection, kills the group and removes the profile.
 */
export async function launch() {
  const { chromium } = await import('playwright-core');
  const token = randomBytes(6).toString('hex');
  const profile = mkdtempSync(join(tmpdir(), `minimax-web-test-${token}-`));
  const child = spawn(
    CHROMIUM,
    [...FLAGS, `--user-data-dir=${profile}`, `--minimax-web-test=${token}`, 'about:blank'],
    // TMPDIR inside the profile: Chromium's singleton folder (org.chromium.Chromium.*) goes
    // with it, though a killed browser never removes its own.
    { detached: true, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, TMPDIR: profile } },
  );
  let exited = false;
  child.on('exit', () => {
    exited = true;
  });
  const cleanup = () => {
    if (!exited) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    rmSync(profile, { recursive: true, force: true });
  };
  // A test runner killed half-way must not leave the browser behind.
  process.once('exit', cleanup);
  const endpoint = await new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`Chromium did not start in 60 s: ${seen}`)), 60000);
    child.stderr.on('data', (chunk) => {
      seen += chunk.toString();
      const found = seen.match(/DevTools listening on (ws:\/\/\S+)/);
      if (found) {
        clearTimeout(timer);
        resolve(found[1]);
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Chromium exited (${code}) before listening: ${seen}`));
    });
  });
  child.stderr.resume();
  const browser = await chromium.connectOverCDP(endpoint);
  const context = browser.contexts()[0];
  return {
    browser,
    context,
    pid: child.pid,
    profile,
    async close() {
      try {
        await browser.close();
      } catch {
        // the group is killed below anyway
      }
      cleanup();
      process.removeListener('exit', cleanup);
      await new Promise((resolve) => (exited ? resolve() : child.once('exit', resolve)));
    },
  };
}
