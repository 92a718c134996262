// What the browser tests share (browser.mjs drives `maze serve`'s page, site.mjs the static
// site): their arguments, headless Chromium in a scratch profile, the page's errors
// collected, and `check` / `expect` / `finish`, which print one line a check and stop at the
// first failure with a screenshot.
import { chromium } from 'playwright-core';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/// The script's two arguments (the page's address and the folder for screenshots), or
/// `usage` and exit status 2 when one is missing.
export function args(usage) {
  const [base, artifacts] = process.argv.slice(2);
  if (!base || !artifacts) {
    console.error(`usage: ${usage}`);
    process.exit(2);
  }
  mkdirSync(artifacts, { recursive: true });
  return { base, artifacts };
}

/// Headless Chromium in a new profile (named from `name`) with a page whose errors and
/// console errors are collected in `problems`; `check(name, body)` runs one check, and on
/// failure saves `failureShot` in `artifacts`, closes the browser and exits 1; `finish()`
/// closes the browser and reports.
export async function launch({ name, artifacts, viewport, timeout, failureShot }) {
  const profile = mkdtempSync(join(tmpdir(), `${name}-`));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    acceptDownloads: true,
    viewport,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
      '--disable-component-update', '--no-first-run', '--disable-sync'],
  });
  const page = context.pages()[0] || (await context.newPage());
  page.setDefaultTimeout(timeout);
  const problems = [];
  page.on('pageerror', (e) => problems.push('page error: ' + e.message));
  page.on('console', (m) => { if (m.type() === 'error') problems.push('console error: ' + m.text()); });
  let passed = 0;
  const close = async () => {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  };
  async function check(what, body) {
    try {
      await body();
      passed += 1;
      console.log(`ok - ${what}`);
    } catch (e) {
      console.log(`FAILED - ${what}: ${e.stack || e}`);
      await page.screenshot({ path: join(artifacts, failureShot), fullPage: true }).catch(() => {});
      await close();
      console.log(`${passed} passed, 1 failed`);
      process.exit(1);
    }
  }
  async function finish() {
    await close();
    console.log(`${passed} passed, 0 failed`);
  }
  return { context, page, problems, check, finish };
}

/// Fails the current check with `what` unless `cond` holds.
export function expect(cond, what) {
  if (!cond) throw new Error(what);
}

/// The selector of the element with `data-testid="id"`.
export const testid = (id) => `[data-testid="${id}"]`;
