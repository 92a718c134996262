// Drives the `maze serve` page in headless Chromium: generate, solve, play to the exit with
// key presses, download SVG and PDF, watch a hexagonal maze being built, take a screenshot.
//
//   node browser.mjs http://127.0.0.1:PORT/ ARTIFACT_DIR
//
// Run by crates/cli/tests/serve_browser.rs, which starts the server. Exits non-zero on the
// first failure, with a screenshot of the moment in ARTIFACT_DIR.
import { chromium } from 'playwright-core';
import { mkdtempSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const [base, artifacts] = process.argv.slice(2);
if (!base || !artifacts) {
  console.error('usage: node browser.mjs URL ARTIFACT_DIR');
  process.exit(2);
}
mkdirSync(artifacts, { recursive: true });
const profile = mkdtempSync(join(tmpdir(), 'maze-chromium-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  headless: true,
  acceptDownloads: true,
  viewport: { width: 1200, height: 800 },
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
    '--disable-component-update', '--no-first-run', '--disable-sync'],
});
const page = context.pages()[0] || (await context.newPage());
page.setDefaultTimeout(20000);
const problems = [];
page.on('pageerror', (e) => problems.push('page error: ' + e.message));
page.on('console', (m) => { if (m.type() === 'error') problems.push('console error: ' + m.text()); });
page.on('requestfailed', (r) => problems.push('request failed: ' + r.url()));

let passed = 0;
async function check(name, body) {
  try {
    await body();
    passed += 1;
    console.log(`ok - ${name}`);
  } catch (e) {
    console.log(`FAILED - ${name}: ${e.stack || e}`);
    await page.screenshot({ path: join(artifacts, 'failure.png'), fullPage: true }).catch(() => {});
    await context.close();
    rmSync(profile, { recursive: true, force: true });
    console.log(`${passed} passed, 1 failed`);
    process.exit(1);
  }
}
function expect(cond, what) {
  if (!cond) throw new Error(what);
}
const testid = (id) => `[data-testid="${id}"]`;

async function regenerate(click) {
  await page.evaluate(() => { document.body.dataset.ready = ''; });
  await click();
  await page.waitForSelector('body[data-ready="1"]');
}

async function download(format) {
  const [dl] = await Promise.all([page.waitForEvent('download'), page.click(testid('download-' + format))]);
  const failure = await dl.failure();
  expect(!failure, `download failed: ${failure}`);
  const bytes = readFileSync(await dl.path());
  return { name: dl.suggestedFilename(), bytes };
}

// A 3x2 maze from a fixed seed, so the route is known.
const tiny = 'shape=square&width=3&height=2&algorithm=recursive-backtracker&seed=7&solve=bfs';

await check('the page loads and draws a maze from the URL\'s settings', async () => {
  await page.goto(base + '#' + tiny);
  await page.waitForSelector('body[data-ready="1"]');
  const walls = await page.getAttribute(testid('walls'), 'd');
  expect(walls && walls.startsWith('M'), 'no walls drawn');
  expect((await page.inputValue(testid('seed'))) === '7', 'seed not restored from the URL');
  expect((await page.inputValue(testid('width'))) === '3', 'width not restored from the URL');
});

await check('"solve" shows the solution path', async () => {
  await page.click(testid('solve'));
  const path = page.locator(testid('solution-path'));
  expect((await path.getAttribute('visibility')) === 'visible', 'solution path hidden');
  expect(((await path.getAttribute('d')) || '').includes('L'), 'solution path empty');
  await page.click(testid('solve'));
  expect((await path.getAttribute('visibility')) === 'hidden', 'solution path still shown');
});

await check('play the tiny maze to the exit with the keyboard', async () => {
  const data = await page.evaluate(async (q) => (await fetch('/api/generate?' + q + '&geometry=1')).json(), tiny);
  const c = data.geometry.centres;
  const path = data.solution.path;
  await page.click(testid('play'));
  for (let i = 1; i < path.length; i++) {
    const dx = c[path[i]][0] - c[path[i - 1]][0];
    const dy = c[path[i]][1] - c[path[i - 1]][1];
    const key = Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? 'ArrowRight' : 'ArrowLeft') : (dy > 0 ? 'ArrowDown' : 'ArrowUp');
    await page.keyboard.press(key);
  }
  await page.waitForSelector('body[data-playing="done"]');
  const result = await page.textContent(testid('result'));
  const steps = path.length - 1;
  expect(result.includes(`${steps} moves (shortest ${steps})`), `unexpected result: ${result}`);
  expect(/time \d+\.\d s/.test(result), `no time in: ${result}`);
  const crumbs = await page.getAttribute(testid('breadcrumbs'), 'd');
  expect((crumbs.match(/L/g) || []).length === steps, `breadcrumbs: ${crumbs}`);
});

await check('download an SVG', async () => {
  const { name, bytes } = await download('svg');
  expect(name.endsWith('.svg'), `file name ${name}`);
  expect(bytes.toString('utf8').startsWith('<svg'), 'the download is not an SVG');
});

await check('make a hexagonal maze in the form', async () => {
  await page.selectOption(testid('shape'), 'hex');
  await page.fill(testid('width'), '10');
  await page.fill(testid('height'), '7');
  await page.selectOption(testid('algorithm'), 'wilson');
  await page.fill(testid('seed'), '2024');
  await regenerate(() => page.click(testid('generate')));
  const status = await page.textContent(testid('status'));
  expect(status.includes('hex 10×7') && status.includes('seed 2024'), `status: ${status}`);
  expect(page.url().includes('shape=hex') && page.url().includes('seed=2024'), `URL: ${page.url()}`);
});

await check('watch it being built, then solved', async () => {
  await page.fill(testid('speed'), '100');
  await page.click(testid('animate-generation'));
  await page.waitForSelector('body[data-replayed="generation"]');
  await page.click(testid('animate-solving'));
  await page.waitForSelector('body[data-replayed="solving"]');
  expect((await page.getAttribute(testid('solution-path'), 'visibility')) === 'visible', 'no solution after the replay');
});

await check('reveal the solution and download a PDF', async () => {
  const { name, bytes } = await download('pdf');
  expect(name.endsWith('.pdf') && name.includes('hex-10x7-2024'), `file name ${name}`);
  expect(bytes.subarray(0, 5).toString() === '%PDF-', 'the download is not a PDF');
});

await check('play a small hexagonal maze by clicking from cell to cell', async () => {
  const hex = 'shape=hex&width=4&height=3&algorithm=wilson&seed=11&solve=bfs';
  await page.goto(base + '#' + hex);
  await page.waitForSelector('body[data-ready="1"]');
  const data = await page.evaluate(async (q) => (await fetch('/api/generate?' + q + '&geometry=1')).json(), hex);
  const path = data.solution.path;
  await page.click(testid('play'));
  for (const cell of path.slice(1)) {
    const [x, y] = data.geometry.centres[cell];
    const p = await page.evaluate(([cx, cy]) => {
      const m = document.getElementById('maze').getScreenCTM();
      const q = new DOMPoint(cx, cy).matrixTransform(m);
      return [q.x, q.y];
    }, [x, y]);
    await page.mouse.click(p[0], p[1]);
  }
  await page.waitForSelector('body[data-playing="done"]');
  const result = await page.textContent(testid('result'));
  expect(result.includes(`${path.length - 1} moves (shortest ${data.shortest})`), `unexpected result: ${result}`);
  await page.screenshot({ path: join(artifacts, 'serve-hex-played.png'), fullPage: true });
});

await check('a bad setting shows the server\'s message and the page keeps working', async () => {
  await page.fill(testid('width'), '5000');
  await page.fill(testid('height'), '5000');
  await page.click(testid('generate'));
  await page.waitForSelector('#status.error');
  const status = await page.textContent(testid('status'));
  expect(status.includes('too large'), `no error message: ${status}`);
  await page.fill(testid('height'), '7');
  await page.fill(testid('width'), '10');
  await regenerate(() => page.click(testid('generate')));
});

await check('screenshot and no errors in the page', async () => {
  await page.click(testid('solve'));
  await page.screenshot({ path: join(artifacts, 'serve-page.png'), fullPage: true });
  const real = problems.filter((p) => !p.includes('status of 413'));
  expect(real.length === 0, real.join('\n'));
});

await context.close();
rmSync(profile, { recursive: true, force: true });
console.log(`${passed} passed, 0 failed`);
