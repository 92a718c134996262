// Drives the static site (scripts/build-site.sh: the page with the engine compiled to
// WebAssembly in a Web Worker) in headless Chromium, served by a plain static file server:
// the usual flows (generate from a link and from the form, every shape, show the solution,
// play to the exit with the keyboard, replay a generation, download), with no request to
// any /api/ path; every download is byte for byte the command line's file for the same
// request (MAZE_EXPECTED: {query: {ok, hex} or {ok: false}}, written by
// crates/cli/tests/site_browser.rs); and, after the first visit, the site works offline.
//
//   MAZE_EXPECTED=expected.json node site.mjs http://127.0.0.1:PORT/ ARTIFACT_DIR
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { args, expect, launch, testid } from './harness.mjs';

const { base, artifacts } = args('MAZE_EXPECTED=FILE node site.mjs URL ARTIFACT_DIR');
const expected = JSON.parse(readFileSync(process.env.MAZE_EXPECTED, 'utf8'));
const { context, page, problems, check, finish } = await launch({
  name: 'maze-site',
  artifacts,
  viewport: { width: 1280, height: 800 },
  timeout: 30000,
  failureShot: 'site-failure.png',
});
const asked = [];
context.on('request', (r) => { if (r.url().includes('/api/')) asked.push(r.url()); });

async function openMaze(hash) {
  await page.evaluate(() => { if (document.body) document.body.dataset.ready = ''; });
  await page.goto(base + '#' + hash);
  await page.waitForSelector('body[data-ready="1"]');
}

async function regenerate(click) {
  await page.evaluate(() => { document.body.dataset.ready = ''; });
  await click();
  await page.waitForSelector('body[data-ready="1"]');
}

// The page's own engine (app.js's ask()), for answers the page would get.
const askJson = (url) => page.evaluate(async (u) => (await ask(u)).json(), url);

const tiny = 'shape=square&width=3&height=2&algorithm=recursive-backtracker&seed=7&solve=bfs';

await check('static site: the page loads, asks the module, and draws a maze from its link', async () => {
  await openMaze(tiny);
  expect((await page.evaluate(() => document.body.dataset.engine)) === 'module', 'the page did not choose the module');
  const walls = await page.getAttribute(testid('walls'), 'd');
  expect(walls && walls.startsWith('M'), 'no walls drawn');
  expect((await page.inputValue(testid('seed'))) === '7', 'seed not restored from the link');
  // A 3 x 2 grid has 15 spanning trees: one of 10^1 possible mazes.
  const about = await page.textContent(testid('status'));
  expect(about.includes('one of 10^1 possible mazes of this shape'), `status: ${about}`);
  const shapes = (await askJson('/api/list')).shapes.map((s) => s.name);
  expect(['square', 'hex', 'triangle', 'polar', 'upsilon'].every((s) => shapes.includes(s)), `shapes ${shapes}`);
});

await check('static site: show the solution, then play the tiny maze to the exit with the keyboard', async () => {
  await page.click(testid('solve'));
  const path = page.locator(testid('solution-path'));
  expect((await path.getAttribute('visibility')) === 'visible', 'solution path hidden');
  await page.click(testid('solve'));
  const data = await askJson('/api/generate?' + tiny + '&geometry=1');
  const c = data.geometry.centres;
  const route = data.solution.path;
  await page.click(testid('play'));
  for (let i = 1; i < route.length; i++) {
    const dx = c[route[i]][0] - c[route[i - 1]][0];
    const dy = c[route[i]][1] - c[route[i - 1]][1];
    await page.keyboard.press(Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? 'ArrowRight' : 'ArrowLeft') : (dy > 0 ? 'ArrowDown' : 'ArrowUp'));
  }
  await page.waitForSelector('body[data-playing="done"]');
  const result = await page.textContent(testid('result'));
  expect(result.includes(`${route.length - 1} moves`), `result: ${result}`);
  await page.keyboard.press('Escape');
});

await check('static site: every shape from the form', async () => {
  for (const shape of ['hex', 'triangle', 'polar', 'upsilon', 'square']) {
    await page.evaluate(() => { document.getElementById('more').open = true; });
    await page.selectOption(testid('shape'), shape);
    await page.fill(testid('seed'), '2024');
    await regenerate(() => page.click(testid('generate')));
    const status = await page.textContent(testid('status'));
    expect(status.includes(shape) && status.includes('seed 2024') && /one of 10\^\d+ possible mazes/.test(status),
      `${shape}: status ${status}`);
  }
});

await check('static site: a generation replays, then its solving', async () => {
  await openMaze('shape=hex&width=10&height=7&algorithm=wilson&seed=2024&solve=bfs');
  await page.fill(testid('speed'), '100');
  await page.click(testid('animate-generation'));
  await page.waitForSelector('body[data-replayed="generation"]');
  await page.click(testid('animate-solving'));
  await page.waitForSelector('body[data-replayed="solving"]');
});

await check('static site: a bad setting gets the API\'s message, and the page goes on', async () => {
  const answer = await page.evaluate(async () => {
    const r = await ask('/api/generate?width=0');
    return { status: r.status, body: await r.json() };
  });
  expect(answer.status === 400 && /width/.test(answer.body.error), `answer ${JSON.stringify(answer)}`);
  await openMaze(tiny);
});

await check('static site: a 300 x 300 maze is generated and drawn on the canvas', async () => {
  const started = Date.now();
  await openMaze('shape=square&width=300&height=300&algorithm=recursive-backtracker&seed=1&solve=bfs');
  console.log(`# 300 x 300 link to drawn on the static site: ${Date.now() - started} ms`);
});

await check('static site: a 1000 x 1000 maze (10^6 cells) is generated and drawn, the status saying each stage', async () => {
  // The stages the module tells while it works, and what the status line said then.
  await page.evaluate(() => {
    window.stagesSeen = [];
    new MutationObserver(() => {
      window.stagesSeen.push([document.body.dataset.stage, document.querySelector('[data-testid="status"]').textContent]);
    }).observe(document.body, { attributes: true, attributeFilter: ['data-stage'] });
  });
  const started = Date.now();
  await page.evaluate(() => { document.body.dataset.ready = ''; });
  await page.goto(base + '#shape=square&width=1000&height=1000&algorithm=recursive-backtracker&seed=1&solve=bfs');
  await page.waitForSelector('body[data-ready="1"]', { timeout: 120000 });
  console.log(`# 1000 x 1000 link to drawn on the static site: ${Date.now() - started} ms`);
  const cells = await page.evaluate(() => model.n);
  expect(cells === 1000000, `${cells} cells`);
  const seen = await page.evaluate(() => window.stagesSeen);
  expect(seen.map((s) => s[0]).join() === 'making,solving,drawing', `stages told: ${JSON.stringify(seen)}`);
  expect(/Generating… solving…/.test(seen[1][1]), `the status line while solving: ${JSON.stringify(seen)}`);
});

await check('static site: downloads are the command line\'s files', async () => {
  const queries = Object.keys(expected);
  expect(queries.length >= 45, `only ${queries.length} cases`);
  const got = await page.evaluate(async (qs) => {
    const out = {};
    for (const q of qs) {
      const r = await ask('/api/render?' + q);
      const bytes = new Uint8Array(await r.arrayBuffer());
      out[q] = { status: r.status, hex: Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join(''),
        name: (r.headers.get('content-disposition') || '') };
    }
    return out;
  }, queries);
  const wrong = [];
  for (const q of queries) {
    const want = expected[q];
    const have = got[q];
    if (want.ok && (have.status !== 200 || have.hex !== want.hex)) wrong.push(`${q}: status ${have.status}, ${have.hex.length / 2} bytes, want ${want.hex.length / 2}`);
    if (!want.ok && have.status === 200) wrong.push(`${q}: the command line refuses it (${want.cli}), the module does not`);
  }
  expect(wrong.length === 0, wrong.join('\n'));
  // And one through the Download menu, as a user gets it (the solution hidden).
  await openMaze('shape=hex&width=7&height=5&algorithm=recursive-backtracker&seed=21&solve=bfs');
  if (!(await page.isVisible(testid('download-svg')))) await page.click(testid('download'));
  const [dl] = await Promise.all([page.waitForEvent('download'), page.click(testid('download-svg'))]);
  const bytes = readFileSync(await dl.path()).toString('hex');
  // No link of the menu points at a server path the static site does not have.
  const hrefs = await page.$$eval('.downloads a[href]', (as) => as.map((a) => a.getAttribute('href')));
  expect(hrefs.length >= 5 && hrefs.every((h) => !h.includes('/api/')), 'download links: ' + hrefs.join(' '));
  const want = expected['shape=hex&width=7&height=5&seed=21&format=svg'];
  expect(want && want.ok && bytes === want.hex, `the SVG from the Download menu (${dl.suggestedFilename()}) is not the command line's`);
});

await check('static site: no request went to a server API', async () => {
  expect(asked.length === 0, 'asked: ' + asked.slice(0, 5).join(', '));
});

await check('static site: works offline after the first visit', async () => {
  // The service worker has cached the site by now (it installs on the first visit).
  await page.evaluate(async () => { await navigator.serviceWorker.ready; });
  await page.reload();
  await page.waitForSelector('body[data-ready="1"]');
  await context.setOffline(true);
  await page.evaluate(() => { document.body.dataset.ready = ''; });
  await page.reload();
  await page.waitForSelector('body[data-ready="1"]');
  await regenerate(async () => {
    await page.fill(testid('seed'), '99');
    await page.click(testid('generate'));
  });
  const status = await page.textContent(testid('status'));
  expect(status.includes('seed 99'), `offline status: ${status}`);
  await context.setOffline(false);
  await page.screenshot({ path: join(artifacts, 'site-page.png') });
});

await check('static site: no errors in the page', async () => {
  const real = problems.filter((p) => !p.includes('status of 4'));
  expect(real.length === 0, real.join('\n'));
});

await finish();
