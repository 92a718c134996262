// Drives the `maze serve` page in headless Chromium: generate, solve, play to the exit with
// key presses, download SVG and PDF, watch a hexagonal maze being built, check accessibility
// with axe-core, take a screenshot.
//
//   node browser.mjs http://127.0.0.1:PORT/ ARTIFACT_DIR
//
// Run by crates/cli/tests/serve_browser.rs, which starts the server. Exits non-zero on the
// first failure, with a screenshot of the moment in ARTIFACT_DIR.
import { chromium } from 'playwright-core';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { args, expect, launch, testid } from './harness.mjs';

const { base, artifacts } = args('node browser.mjs URL ARTIFACT_DIR');
const { context, page, problems, check, finish } = await launch({
  name: 'maze-chromium',
  artifacts,
  viewport: { width: 1200, height: 800 },
  timeout: 20000,
  failureShot: 'failure.png',
});
// A Generate that a newer one (or Cancel) supersedes is aborted on purpose: the server
// then cancels its job. Any other failed request is a problem.
page.on('requestfailed', (r) => {
  if (r.failure()?.errorText === 'net::ERR_ABORTED' && r.url().includes('/api/generate?')) return;
  problems.push('request failed: ' + r.url());
});

const axeSource = readFileSync(new URL('./node_modules/axe-core/axe.min.js', import.meta.url), 'utf8');

// Opens a maze by its link; the old maze's "ready" mark is cleared first, since a link that
// differs only after '#' does not reload the page.
// "More options" is opened, so that the tests below can reach every field.
async function openMaze(hash, timeout) {
  await page.evaluate(() => { document.body.dataset.ready = ''; });
  await page.goto(base + '#' + hash);
  await page.waitForSelector('body[data-ready="1"]', { timeout });
  await page.evaluate(() => { document.getElementById('more').open = true; });
}

// Opens the action bar's Download menu (if it is closed) and clicks a format in it.
async function clickDownload(format, p = page) {
  if (!(await p.isVisible(testid('download-' + format)))) await p.click(testid('download'));
  await p.click(testid('download-' + format));
}

// Reloads page p as with an /api/list without the server's download limits (an older
// server's), so that the page offers every download and a refusal is the server's.
async function withoutLimits(p) {
  await p.route('**/api/list', async (route) => {
    const r = await route.fetch();
    const list = await r.json();
    delete list.limits;
    await route.fulfill({ response: r, json: list });
  });
  await p.evaluate(() => { document.body.dataset.ready = ''; });
  await p.reload();
  await p.waitForSelector('body[data-ready="1"]');
}

// Starts a generation replay at the default speed and gives the share played after 2 s:
// about a tenth, since a whole replay takes about 20 s whatever the maze's size.
async function replayShareAfter2s() {
  await page.fill(testid('speed'), '55');
  await page.click(testid('animate-generation'));
  await page.waitForTimeout(2000);
  const share = Number(await page.getAttribute(testid('anim-progress'), 'value'));
  expect(share > 0.03 && share < 0.3, `after 2 s the replay is ${share} done`);
  return share;
}

async function regenerate(click) {
  await page.evaluate(() => { document.body.dataset.ready = ''; });
  await click();
  await page.waitForSelector('body[data-ready="1"]');
}

async function download(format) {
  const [dl] = await Promise.all([page.waitForEvent('download'), clickDownload(format)]);
  const failure = await dl.failure();
  expect(!failure, `download failed: ${failure}`);
  const bytes = readFileSync(await dl.path());
  return { name: dl.suggestedFilename(), bytes };
}

// A 3x2 maze from a fixed seed, so the route is known.
const tiny = 'shape=square&width=3&height=2&algorithm=recursive-backtracker&seed=7&solve=bfs';

await check('the page loads and draws a maze from the URL\'s settings', async () => {
  await openMaze(tiny);
  const walls = await page.getAttribute(testid('walls'), 'd');
  expect(walls && walls.startsWith('M'), 'no walls drawn');
  expect((await page.inputValue(testid('seed'))) === '7', 'seed not restored from the URL');
  expect((await page.inputValue(testid('width'))) === '3', 'width not restored from the URL');
});

await check('a MultiMaze shows document 003\'s instructions above it, a one-route maze none', async () => {
  await openMaze('shape=square&width=8&height=6&seed=3&starts=3&ends=3');
  expect(await page.isVisible(testid('instructions')), 'no instructions over a MultiMaze');
  const text = await page.textContent(testid('instructions'));
  expect(text.includes('Connect each green dot with one, and only one, red dot.'), `instructions: ${text}`);
  await openMaze(tiny);
  expect(!(await page.isVisible(testid('instructions'))), 'instructions over a one-route maze');
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
  expect(name.endsWith('.pdf') && name.includes('hex-10x7-seed2024-solved'), `file name ${name}`);
  expect(bytes.subarray(0, 5).toString() === '%PDF-', 'the download is not a PDF');
});

await check('play a small hexagonal maze by clicking from cell to cell', async () => {
  const hex = 'shape=hex&width=4&height=3&algorithm=wilson&seed=11&solve=bfs';
  await openMaze(hex);
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

async function clickCells(data, cells) {
  for (const cell of cells) {
    const [x, y] = data.geometry.centres[cell];
    const p = await page.evaluate(([cx, cy]) => {
      const m = document.getElementById('maze').getScreenCTM();
      const q = new DOMPoint(cx, cy).matrixTransform(m);
      return [q.x, q.y];
    }, [x, y]);
    await page.mouse.click(p[0], p[1]);
  }
}

await check('a circular maze: rings in the form, curved walls, played to the centre', async () => {
  await openMaze('shape=square&width=5&height=5&seed=1');
  await page.selectOption(testid('shape'), 'polar');
  expect((await page.textContent('#height-label')) === 'Rings', 'the height field is not called Rings');
  await page.fill(testid('width'), '6');
  await page.fill(testid('height'), '5');
  await page.fill(testid('seed'), '31');
  await page.selectOption(testid('solver'), 'bfs');
  await regenerate(() => page.click(testid('generate')));
  const status = await page.textContent(testid('status'));
  expect(status.includes('polar 6×5'), `status: ${status}`);
  const walls = await page.getAttribute(testid('walls'), 'd');
  expect((walls.match(/A/g) || []).length >= 10, 'ring walls are not drawn as arcs');
  // The maze on screen, as the page holds it.
  const data = await page.evaluate(() => ({
    geometry: { centres: Array.from({ length: model.n }, (_, c) => [model.centres[2 * c], model.centres[2 * c + 1]]) },
    solution: { path: Array.from(maze.sec.path) },
    exit: maze.exit,
  }));
  expect(data.exit === 0, `the exit is not at the centre: ${data.exit}`);
  await page.click(testid('play'));
  await clickCells(data, data.solution.path.slice(1));
  await page.waitForSelector('body[data-playing="done"]');
  await page.screenshot({ path: join(artifacts, 'serve-polar.png'), fullPage: true });
});

await check('a word cut out of the maze, kept in the link and the downloads', async () => {
  await page.selectOption(testid('shape'), 'square');
  await page.fill(testid('mask-text'), 'HI');
  await page.dispatchEvent(testid('mask-text'), 'change');
  expect((await page.inputValue(testid('width'))) === '', 'the size did not go back to auto');
  await regenerate(() => page.click(testid('generate')));
  const m = await page.evaluate(() => ({ cells: maze.cells, w: maze.shape.width, h: maze.shape.height }));
  expect(m.cells < m.w * m.h, `no cells were cut out: ${JSON.stringify(m)}`);
  expect(page.url().includes('mask-text=HI'), `URL: ${page.url()}`);
  const { bytes } = await download('png');
  expect(bytes.subarray(1, 4).toString() === 'PNG', 'the download is not a PNG');
});

await check('a picture upload shapes the maze', async () => {
  // A dark ring on white, as an SVG picture (any image the browser reads will do).
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20" fill="#fff"/>' +
    '<rect x="2" y="2" width="36" height="16" fill="none" stroke="#000" stroke-width="4"/></svg>';
  await page.evaluate(() => { document.body.dataset.ready = ''; });
  await page.setInputFiles(testid('mask-file'), { name: 'ring.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(svg) });
  await page.waitForSelector('body[data-ready="1"]');
  const note = await page.textContent(testid('mask-note'));
  expect(note.includes('ring.svg'), `note: ${note}`);
  const m = await page.evaluate(() => ({ cells: maze.cells, w: maze.shape.width, h: maze.shape.height }));
  expect(m.w === 40 && m.h === 20 && m.cells < 800 && m.cells > 200, `not the ring: ${JSON.stringify(m)}`);
  expect(page.url().includes('mask-data='), `URL: ${page.url()}`);
  await page.click(testid('mask-clear'));
  expect((await page.textContent(testid('mask-note'))) === '', 'the mask is still announced');
});

await check('entrance and exit chosen in the form', async () => {
  await page.fill(testid('width'), '9');
  await page.fill(testid('height'), '7');
  await page.selectOption(testid('entrance'), 'left');
  await page.selectOption(testid('exit'), 'farthest');
  await regenerate(() => page.click(testid('generate')));
  const e = await page.evaluate(() => {
    // The distance from the entrance to the farthest cell, by BFS over the passages.
    const next = Array.from({ length: maze.cells }, () => []);
    for (let w = 0; w < model.m; w++) {
      if (model.open[w]) { next[model.wa[w]].push(model.wb[w]); next[model.wb[w]].push(model.wa[w]); }
    }
    const dist = new Array(maze.cells).fill(-1);
    dist[maze.entrance] = 0;
    const queue = [maze.entrance];
    for (let i = 0; i < queue.length; i++) for (const n of next[queue[i]]) if (dist[n] < 0) { dist[n] = dist[queue[i]] + 1; queue.push(n); }
    return { entrance: maze.entrance, shortest: maze.shortest, farthest: Math.max(...dist) };
  });
  expect(e.entrance === 27, `the entrance is not in the middle of the left side: ${e.entrance}`);
  expect(e.shortest === e.farthest, `the exit is not the farthest cell: ${JSON.stringify(e)}`);
  expect(page.url().includes('entrance=left') && page.url().includes('exit=farthest'), `URL: ${page.url()}`);
  await page.selectOption(testid('entrance'), '');
  await page.selectOption(testid('exit'), '');
});

await check('zones: every group of joined cells in its own colour while Kruskal builds the maze', async () => {
  await openMaze('shape=square&width=12&height=9&algorithm=kruskal&seed=3');
  await page.evaluate(() => { document.body.dataset.replayed = ''; });
  await page.fill(testid('speed'), '1');
  await page.check(testid('zones'));
  await page.click(testid('animate-generation'));
  const zoneCount = () => page.evaluate(() => Number(document.querySelector('[data-testid="zones-layer"]').dataset.count));
  const first = await zoneCount();
  expect(first === 108, `each of the 108 cells should start as its own zone, not ${first}`);
  const colours = await page.$$eval('[data-testid="zones-layer"] path', (ps) => new Set(ps.map((p) => p.getAttribute('fill'))).size);
  expect(colours >= 10, `only ${colours} zone colours`);
  await page.fill(testid('speed'), '75');
  await page.waitForFunction(() => Number(document.querySelector('[data-testid="zones-layer"]').dataset.count) < 30);
  await page.fill(testid('speed'), '1');
  await page.screenshot({ path: join(artifacts, 'serve-zones.png'), fullPage: true });
  await page.fill(testid('speed'), '100');
  await page.waitForSelector('body[data-replayed="generation"]');
  const left = await page.$$eval('[data-testid="zones-layer"] path', (ps) => ps.length);
  expect(left === 0, 'the zones stay on the finished maze');
  await page.uncheck(testid('zones'));
});

// ---- what you see is what you download -------------------------------------------------------
const jsonOf = async (format) => JSON.parse((await download(format)).bytes.toString());

await check('downloads give the maze on screen, even after the form changed', async () => {
  await openMaze(tiny);
  await page.fill(testid('width'), '9');
  await page.fill(testid('seed'), '12345');
  const shown = await jsonOf('json');
  expect(shown.shape.width === 3 && shown.seed === 7, `the download is not the maze on screen: ${shown.shape.width} wide, seed ${shown.seed}`);
  // An empty seed field: the page knows the seed it drew.
  await page.fill(testid('width'), '6');
  await page.fill(testid('seed'), '');
  await regenerate(() => page.click(testid('generate')));
  const seed = await page.evaluate(() => maze.seed);
  await page.fill(testid('seed'), '');
  const again = await jsonOf('json');
  expect(again.seed === seed && again.shape.width === 6, `random seed ${seed} on screen, ${again.seed} downloaded`);
  expect(page.url().includes(`seed=${seed}`), `the link lacks the seed: ${page.url()}`);
});

await check('a slow answer to an older Generate does not replace a newer maze', async () => {
  await page.route('**/api/generate?*', async (route) => {
    if (route.request().url().includes('width=30')) await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  await page.fill(testid('width'), '30');
  await page.fill(testid('height'), '30');
  await page.click(testid('generate'));
  await page.fill(testid('width'), '5');
  await page.fill(testid('height'), '4');
  await regenerate(() => page.click(testid('generate')));
  await page.waitForTimeout(2000);
  const w = await page.evaluate(() => [maze.shape.width, document.getElementById('maze').dataset.cells]);
  expect(w[0] === 5 && w[1] === '20', `the older, slower answer won: ${w}`);
  await page.unroute('**/api/generate?*');
});

await check('opening a shared link resets every field to the link', async () => {
  await page.fill(testid('braid'), '0.5');
  await page.fill(testid('starts'), '2');
  await page.fill(testid('ends'), '2');
  await page.selectOption(testid('solver'), 'dfs');
  await page.selectOption(testid('entrance'), 'left');
  await page.check(testid('mask-connect'));
  await openMaze('shape=hex&width=6&height=5&seed=3');
  const f = await page.evaluate(() => ['braid', 'starts', 'ends', 'solver', 'entrance', 'width', 'shape']
    .map((id) => document.getElementById(id).value).concat([document.getElementById('mask-connect').checked]));
  expect(JSON.stringify(f) === JSON.stringify(['0', '1', '1', 'bfs', '', '6', 'hex', false]), `fields kept from before: ${f}`);
  // A link says "no solver" as solve=off.
  await page.selectOption(testid('solver'), '');
  await regenerate(() => page.click(testid('generate')));
  expect(page.url().includes('solve=off'), page.url());
});

await check('a refused download shows the server\'s message', async () => {
  await openMaze('shape=square&width=180&height=180&seed=1');
  // The page knows the server's limits: the STL is not offered, and says why.
  await page.click(testid('download'));
  expect((await page.getAttribute(testid('download-stl'), 'aria-disabled')) === 'true', 'a 180 x 180 STL offered');
  expect((await page.textContent(testid('why-stl'))).startsWith('STL: too large to print'), 'no reason beside STL');
  await page.click(testid('download'));
  // Without them (an older server's /api/list), the refusal is the server's, and told.
  await withoutLimits(page);
  await clickDownload('stl');
  await page.waitForSelector('#status.error');
  const text = await page.textContent(testid('status'));
  expect(text.includes('STL download failed') && text.includes('too large for STL'), `status: ${text}`);
  // The browser logs the 400 itself; that is the expected refusal, not a page error.
  for (let i = problems.length - 1; i >= 0; i--) if (problems[i].includes('status of 400')) problems.splice(i, 1);
  await page.unroute('**/api/list');
  await page.evaluate(() => { document.body.dataset.ready = ''; });
  await page.reload();
  await page.waitForSelector('body[data-ready="1"]');
});

await check('bad numbers get a message at the field, never a silent default', async () => {
  await openMaze(tiny);
  for (const [field, value] of [['width', '1e3'], ['height', '-4'], ['braid', '2'], ['starts', '0']]) {
    const before = await page.evaluate(() => maze.seed + ':' + maze.cells);
    const keep = await page.inputValue(testid(field));
    await page.fill(testid(field), value);
    await page.click(testid('generate'));
    await page.waitForSelector(`#${field}-error`);
    const note = await page.textContent(`#${field}-error`);
    const invalid = await page.getAttribute(testid(field), 'aria-invalid');
    expect(invalid === 'true' && note.length > 5, `${field}=${value}: no message (${note})`);
    expect((await page.evaluate(() => maze.seed + ':' + maze.cells)) === before, `${field}=${value} made a maze`);
    await page.fill(testid(field), keep);
  }
  await regenerate(() => page.click(testid('generate')));
  expect((await page.$$('[data-testid="field-error"]')).length === 0, 'the message stays after fixing the field');
});

await check('a fast drag walks every cell between', async () => {
  // A maze whose route starts with a straight corridor of at least 4 cells.
  const found = await page.evaluate(async () => {
    for (let seed = 1; seed < 200; seed++) {
      const r = await fetch(`/api/generate?shape=square&width=8&height=8&algorithm=recursive-backtracker&seed=${seed}&solve=bfs&geometry=1`);
      const d = await r.json();
      const c = d.geometry.centres;
      const p = d.solution.path;
      let k = 1;
      const sameX = (a, b) => Math.abs(c[a][0] - c[b][0]) < 1e-9;
      const sameY = (a, b) => Math.abs(c[a][1] - c[b][1]) < 1e-9;
      const along = sameX(p[0], p[1]) ? sameX : sameY;
      while (k < p.length && along(p[0], p[k])) k++;
      if (k >= 4) return { seed, cells: p.slice(0, k), centres: c };
    }
    return null;
  });
  expect(found, 'no maze with a straight start in 200 seeds');
  await openMaze(`shape=square&width=8&height=8&algorithm=recursive-backtracker&seed=${found.seed}&solve=bfs`);
  await page.click(testid('play'));
  const screen = (cell) => page.evaluate(([cx, cy]) => {
    const q = new DOMPoint(cx, cy).matrixTransform(document.getElementById('maze').getScreenCTM());
    return [q.x, q.y];
  }, found.centres[cell]);
  const [x0, y0] = await screen(found.cells[0]);
  const last = found.cells[found.cells.length - 1];
  const [x1, y1] = await screen(last);
  await page.mouse.move(x0, y0);
  await page.mouse.down();
  await page.mouse.move(x1, y1, { steps: 1 });
  await page.mouse.up();
  const got = await page.evaluate(() => [play.cell, play.moves]);
  expect(got[0] === last && got[1] === found.cells.length - 1, `one jump of the pointer over ${found.cells.length - 1} cells: at ${got}`);
});

await check('tooltips speak plainly (no source-document notes)', async () => {
  const titles = await page.$$eval('#algorithm option', (os) => os.map((o) => o.title));
  expect(titles.length > 3 && titles.every((t) => t.length > 10 && !/\bdoc \d/.test(t)), `tooltips: ${titles}`);
});

await check('difficulty presets set the size (level k is 2^k x 2^k)', async () => {
  await openMaze(tiny);
  await page.selectOption(testid('difficulty'), '3');
  expect((await page.inputValue(testid('width'))) === '8' && (await page.inputValue(testid('height'))) === '8', 'level 3 is not 8 x 8');
  await page.fill(testid('width'), '9');
  expect((await page.inputValue(testid('difficulty'))) === '', 'a custom size keeps a preset');
});

await check('replays are timed, and can be paused, stepped and followed on a progress bar', async () => {
  await openMaze('shape=square&width=100&height=100&algorithm=recursive-backtracker&seed=4');
  await page.evaluate(() => { document.body.dataset.replayed = ''; });
  await replayShareAfter2s();
  await page.click(testid('anim-pause'));
  expect((await page.getAttribute(testid('anim-pause'), 'aria-pressed')) === 'true', 'not paused');
  const held = Number(await page.getAttribute(testid('anim-progress'), 'value'));
  await page.waitForTimeout(500);
  expect(Number(await page.getAttribute(testid('anim-progress'), 'value')) === held, 'paused but still playing');
  const steps = await page.evaluate(() => anim.steps.length);
  const i0 = await page.evaluate(() => anim.i);
  await page.click(testid('anim-step'));
  await page.waitForFunction((i) => anim.i === i + 1, i0);
  expect(steps > 10000, `${steps} steps`);
  await page.click(testid('anim-pause'));
  await page.fill(testid('speed'), '100');
  await page.waitForSelector('body[data-replayed="generation"]');
  expect(await page.isDisabled(testid('anim-pause')), 'the controls stay on after the replay');
});

// Document 003's green and red dots, as every other output draws them: no end squares,
// on the page or in its legend.
const dotsOnly = () => page.evaluate(() => ({
  starts: document.querySelectorAll('#maze circle.start').length,
  ends: document.querySelectorAll('#maze circle.end').length,
  squares: document.querySelectorAll('#maze rect.end, #maze rect.start').length,
  radii: [...document.querySelectorAll('#maze circle.start, #maze circle.end')].map((c) => c.getAttribute('r')),
  key: getComputedStyle(document.querySelector('.end-key')).borderRadius,
}));

await check('a legend, and starts and ends drawn as dots', async () => {
  expect(await page.isVisible(testid('legend')), 'no legend');
  const d = await dotsOnly();
  expect(d.starts >= 1 && d.ends >= 1 && d.squares === 0, `start and end dots: ${JSON.stringify(d)}`);
  expect(new Set(d.radii).size === 1, `dots of one size: ${d.radii}`);
  expect(d.key === '50%', `the legend's end key is round: ${d.key}`);
});

await check('a MultiMaze\'s red ends are dots under "connect each green dot with one red dot"', async () => {
  await openMaze('shape=square&width=8&height=6&seed=3&starts=3&ends=3');
  const d = await dotsOnly();
  expect(d.starts >= 3 && d.ends === d.starts && d.squares === 0, `MultiMaze dots: ${JSON.stringify(d)}`);
  expect(new Set(d.radii).size === 1 && d.key === '50%', `round, one size: ${JSON.stringify(d)}`);
  // A big MultiMaze, drawn on a canvas: each end's dot is round there too (the corner of
  // the square it was is bare, its middle red).
  await openMaze('shape=square&width=300&height=300&seed=5&starts=3&ends=3', 60000);
  const seen = await page.evaluate(() => {
    const canvas = document.getElementById('maze-overlay');
    const ctx = canvas.getContext('2d');
    const v = cv.view;
    const kept = [v.s, v.ox, v.oy];
    const out = [];
    for (const [c, cls] of ends()) {
      if (cls !== 'end') continue;
      // The view zoomed in on this end (20 px a cell), the overlay painted again.
      const [x, y] = centre(c);
      v.s = 20;
      [v.ox, v.oy] = [canvas.width / 2 - v.s * x, canvas.height / 2 - v.s * y];
      paintOverlay();
      const r = Math.max(DOT_R * v.s, 3 * deviceRatio());
      const at = (dx, dy) => [...ctx.getImageData(Math.round(canvas.width / 2 + dx), Math.round(canvas.height / 2 + dy), 1, 1).data];
      out.push({ middle: at(0, 0), corner: at(0.85 * r, 0.85 * r) });
    }
    [v.s, v.ox, v.oy] = kept;
    paintOverlay();
    return out;
  });
  expect(seen.length >= 1, 'no end dot on screen');
  for (const { middle, corner } of seen) {
    expect(middle[0] > 150 && middle[1] < 90 && middle[3] === 255, `the middle is red: ${middle}`);
    expect(corner[3] === 0, `the corner of a square end is bare: ${corner}`);
  }
  // Back to the maze the checks after this one print.
  await openMaze('shape=square&width=100&height=100&algorithm=recursive-backtracker&seed=4');
});

await check('print: the maze alone on the paper', async () => {
  await page.evaluate(() => { window.print = () => { document.body.dataset.printed = '1'; }; });
  await page.click(testid('print'));
  expect((await page.evaluate(() => document.body.dataset.printed)) === '1', 'Print did not print');
  await page.emulateMedia({ media: 'print' });
  const shown = await page.evaluate(() => [getComputedStyle(document.querySelector('aside')).display,
    getComputedStyle(document.querySelector('header')).display, document.getElementById('maze').getBoundingClientRect().width]);
  expect(shown[0] === 'none' && shown[1] === 'none' && shown[2] > 500, `printed page: ${shown}`);
  await page.emulateMedia({ media: 'screen' });
});

await check('print: an optional answer page with the solution', async () => {
  await page.evaluate(() => { document.body.dataset.printed = ''; window.print = () => { document.body.dataset.printed = '1'; }; });
  await page.check(testid('print-answer-box'));
  await page.click(testid('print'));
  await page.waitForSelector('body[data-printed="1"]');
  const answer = await page.evaluate(() => document.querySelectorAll('#print-answer svg').length);
  expect(answer === 1, `answer pages: ${answer}`);
  expect(!(await page.isVisible(testid('print-answer'))), 'the answer shows on screen');
  await page.emulateMedia({ media: 'print' });
  const style = await page.evaluate(() => { const s = getComputedStyle(document.getElementById('print-answer')); return [s.display, s.breakBefore]; });
  await page.emulateMedia({ media: 'screen' });
  expect(style[0] === 'block' && style[1] === 'page', `printed answer: ${style}`);
  await page.uncheck(testid('print-answer-box'));
});

await check('PNG downloads come in several sizes', async () => {
  const widthOf = (bytes) => bytes.readUInt32BE(16);
  // The size is chosen in the Download menu, which closes after a download.
  const size = async (px) => {
    if (!(await page.isVisible(testid('png-size')))) await page.click(testid('download'));
    await page.selectOption(testid('png-size'), px);
  };
  await size('8');
  const normal = widthOf((await download('png')).bytes);
  await size('32');
  const poster = widthOf((await download('png')).bytes);
  await size('8');
  expect(poster > 3.5 * normal && poster < 4.5 * normal, `png widths ${normal} and ${poster}`);
});

await check('phone: the maze first, and a swipe moves the player', async () => {
  const phone = await context.newPage();
  await phone.setViewportSize({ width: 390, height: 844 });
  phone.on('pageerror', (e) => problems.push('phone page error: ' + e.message));
  await phone.goto(base + '#shape=square&width=8&height=8&algorithm=recursive-backtracker&seed=5&solve=bfs');
  await phone.waitForSelector('body[data-ready="1"]');
  const order = await phone.evaluate(() => [document.getElementById('stage').getBoundingClientRect().top,
    document.querySelector('aside').getBoundingClientRect().top, document.documentElement.scrollWidth]);
  expect(order[0] < order[1] && order[2] <= 390, `maze below the controls or page wider than the phone: ${order}`);
  await phone.screenshot({ path: join(artifacts, 'serve-phone.png'), fullPage: false });
  await phone.click(testid('play'));
  const box = await phone.locator(testid('maze')).boundingBox();
  // Swipe in each direction from the middle of the maze until one moves the player.
  let moved = false;
  for (const [dx, dy] of [[1, 0], [0, 1], [-1, 0], [0, -1]]) {
    const [x, y] = [box.x + box.width * 0.6, box.y + box.height * 0.6];
    await phone.mouse.move(x, y);
    await phone.mouse.down();
    await phone.mouse.move(x + 80 * dx, y + 80 * dy, { steps: 4 });
    await phone.mouse.up();
    if ((await phone.evaluate(() => play.moves)) > 0) { moved = true; break; }
  }
  expect(moved, 'no swipe moved the player');
  const scrolled = await phone.evaluate(() => window.scrollY);
  expect(scrolled === 0, `the page scrolled by ${scrolled}`);
  await phone.close();
});

// ---- the page as a puzzle tool (the third edition) ---------------------------------------
// Each check runs on a desktop page at 1280 x 800 and on a phone page at 390 x 844 with a
// touch screen (a context of its own: touch and mobile are fixed when a context is made).
const phoneBrowser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
    '--disable-component-update', '--no-first-run', '--disable-sync'],
});
const phoneContext = await phoneBrowser.newContext({
  viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2, acceptDownloads: true,
});
async function screen(kind, hash = '') {
  const p = kind === 'phone' ? await phoneContext.newPage() : await context.newPage();
  if (kind === 'desktop') await p.setViewportSize({ width: 1280, height: 800 });
  p.setDefaultTimeout(20000);
  p.on('pageerror', (e) => problems.push(`${kind} page error: ${e.message}`));
  p.on('console', (m) => { if (m.type() === 'error' && !m.text().includes('status of 4')) problems.push(`${kind} console error: ${m.text()}`); });
  await p.goto(base + (hash ? '#' + hash : ''));
  await p.waitForSelector('body[data-ready="1"]');
  return p;
}
const rect = (p, sel) => p.evaluate((s) => {
  const r = document.querySelector(s).getBoundingClientRect();
  return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width, height: r.height };
}, sel);
// Clicks on a desktop, taps on the phone.
const press = (p, kind, sel) => (kind === 'phone' ? p.tap(sel) : p.click(sel));
async function regenerateOn(p, kind, sel = testid('generate')) {
  await p.evaluate(() => { document.body.dataset.ready = ''; });
  await press(p, kind, sel);
  await p.waitForSelector('body[data-ready="1"]');
}
const layout = {};

for (const [kind, height] of [['desktop', 800], ['phone', 844]]) {
  await check(`${kind}: the action bar (Generate, Play, Show solution, Download, the status) is on the first screen and stays there`, async () => {
    const p = await screen(kind);
    const gen = await rect(p, testid('generate'));
    expect(gen.top >= 0 && gen.bottom <= height, `Generate at y = ${gen.top}..${gen.bottom}`);
    layout[kind] = { generateY: Math.round(gen.top), pageHeight: await p.evaluate(() => document.documentElement.scrollHeight) };
    for (const id of ['play', 'solve', 'download', 'status']) {
      const r = await rect(p, testid(id));
      expect(r.top >= 0 && r.bottom <= height && r.width > 0, `${id} at y = ${r.top}..${r.bottom}`);
    }
    // The status line is in the bar, by the buttons.
    const bar = await rect(p, testid('bar'));
    const st = await rect(p, testid('status'));
    expect(st.top >= bar.top && st.bottom <= bar.bottom, `status ${st.top}..${st.bottom} outside the bar ${bar.top}..${bar.bottom}`);
    // The common fields up front, the rest under "More options" (closed).
    for (const id of ['shape', 'width', 'height', 'difficulty', 'seed']) expect(await p.isVisible(testid(id)), `${id} hidden`);
    expect(!(await p.evaluate(() => document.getElementById('more').open)), 'More options open at first');
    for (const id of ['algorithm', 'braid', 'starts', 'entrance', 'solver']) expect(!(await p.isVisible(testid(id))), `${id} not under More options`);
    await p.screenshot({ path: join(artifacts, `serve-first-screen-${kind}.png`) });
    // Scrolled to the bottom of the page, the bar is still there.
    await p.evaluate(() => { document.getElementById('more').open = true; });
    await p.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await p.waitForTimeout(100);
    const after = await rect(p, testid('generate'));
    const scrolled = await p.evaluate(() => window.scrollY);
    expect(scrolled > 100 && after.top >= 0 && after.bottom <= height, `scrolled ${scrolled}: Generate at ${after.top}`);
    layout[kind].pageHeightWithMoreOptions = await p.evaluate(() => document.documentElement.scrollHeight);
    await p.close();
  });

  await check(`${kind}: the maze ${kind === 'phone' ? 'first, above the form' : 'beside the form'}, and brought into view by Generate`, async () => {
    const p = await screen(kind, 'shape=square&width=8&height=8&seed=5&solve=bfs');
    const stage = await rect(p, '#stage');
    const form = await rect(p, testid('settings'));
    if (kind === 'phone') expect(stage.bottom <= form.top + 1, `maze ${stage.top}..${stage.bottom}, form from ${form.top}`);
    else expect(stage.left >= form.right && stage.top < height / 2, `maze at x ${stage.left}, form to x ${form.right}`);
    // Generate from the bottom of the form: the maze comes into view under the bar.
    await p.evaluate(() => { document.getElementById('more').open = true; });
    await p.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await p.fill(testid('seed'), '77');
    await regenerateOn(p, kind);
    await p.waitForTimeout(300);
    const bar = await rect(p, testid('bar'));
    const maze = await rect(p, testid('maze'));
    expect(maze.top >= bar.bottom - 1 && maze.top < height * 0.6, `after Generate the maze is at y = ${maze.top} (bar to ${bar.bottom})`);
    await p.close();
  });

  await check(`${kind}: the moves, time and result sit on top of the maze while playing`, async () => {
    const tinyLink = 'shape=square&width=3&height=2&algorithm=recursive-backtracker&seed=7&solve=bfs';
    const p = await screen(kind, tinyLink);
    expect(!(await p.isVisible(testid('game'))), 'a game bar before playing');
    await press(p, kind, testid('play'));
    await p.keyboard.press('ArrowRight');
    const game = await rect(p, testid('game'));
    const maze = await rect(p, testid('maze'));
    expect(game.height > 0 && game.bottom <= maze.top + 2 && maze.top - game.bottom < 40, `game ${game.top}..${game.bottom}, maze from ${maze.top}`);
    expect(game.top >= 0 && game.bottom <= height, `the moves are off screen at y = ${game.top}`);
    expect((await p.textContent(testid('play-stats'))).includes('1 moves'), await p.textContent(testid('play-stats')));
    await p.close();
  });

  await check(`${kind}: a bad field gets its note under it without squeezing its pair, the focus, and plain words`, async () => {
    const p = await screen(kind, 'shape=square&width=8&height=8&seed=5');
    const before = await rect(p, testid('width'));
    const partner = await rect(p, testid('height'));
    await p.fill(testid('width'), '1e3');
    await press(p, kind, testid('generate'));
    await p.waitForSelector('#width-error');
    const after = await rect(p, testid('width'));
    const partnerAfter = await rect(p, testid('height'));
    expect(Math.abs(after.width - before.width) < 1 && Math.abs(partnerAfter.width - partner.width) < 1,
      `inputs ${before.width} and ${partner.width} px wide became ${after.width} and ${partnerAfter.width}`);
    const note = await rect(p, '#width-error');
    expect(note.top >= after.bottom - 1 && note.left < after.right, `the note is not under Width: ${JSON.stringify(note)}`);
    expect(await p.evaluate(() => document.activeElement.id) === 'width', 'the focus is not on Width');
    // A refusal of the server's: plain words, at the field.
    await p.fill(testid('width'), '5000');
    await p.fill(testid('height'), '5000');
    await press(p, kind, testid('generate'));
    await p.waitForSelector('#status.error');
    await p.waitForSelector('#width-error');
    const words = [await p.textContent(testid('status')), await p.textContent('#width-error')];
    for (const w of words) {
      expect(w.includes('too large') && !w.includes('--') && !w.includes('view)') && !w.includes('geometry'), `not plain: ${w}`);
    }
    expect(await p.evaluate(() => document.activeElement.id) === 'width', 'the focus is not on Width after a refusal');
    const w2 = await rect(p, testid('width'));
    expect(Math.abs(w2.width - before.width) < 1, `Width is ${w2.width} px wide with a note`);
    await p.screenshot({ path: join(artifacts, `serve-field-error-${kind}.png`) });
    await p.close();
  });

  await check(`${kind}: a refused download says why in the bar, next to the button`, async () => {
    const p = await screen(kind, 'shape=square&width=180&height=180&seed=1');
    await withoutLimits(p);
    await press(p, kind, testid('download'));
    await press(p, kind, testid('download-stl'));
    await p.waitForSelector('#status.error');
    const st = await rect(p, testid('status'));
    const text = await p.textContent(testid('status'));
    expect(st.top >= 0 && st.bottom <= height, `the message is at y = ${st.top}`);
    expect(text.includes('STL download failed') && !text.includes('cell_size') && !text.includes('--'), `not plain: ${text}`);
    await p.close();
  });

  await check(`${kind}: Esc leaves Play; Show solution needs a solver; the file name says "solved"`, async () => {
    const p = await screen(kind, 'shape=hex&width=12&height=8&seed=42&solve=bfs');
    await press(p, kind, testid('play'));
    await p.waitForSelector('body[data-playing="1"]');
    await p.keyboard.press('Escape');
    await p.waitForFunction(() => !document.body.dataset.playing);
    expect(await p.evaluate(() => play === null), 'still playing after Esc');
    expect(await p.isEnabled(testid('solve')), 'Show solution disabled with a solver');
    const name = async () => {
      if (!(await p.isVisible(testid('download-svg')))) await press(p, kind, testid('download'));
      const [dl] = await Promise.all([p.waitForEvent('download'), press(p, kind, testid('download-svg'))]);
      return dl.suggestedFilename();
    };
    expect((await name()) === 'maze-hex-12x8-seed42.svg', 'unsolved name');
    await press(p, kind, testid('solve'));
    const solved = await name();
    expect(solved === 'maze-hex-12x8-seed42-solved.svg', `file name ${solved}`);
    // No solver: the button is disabled, and says why.
    if (kind === 'phone') await p.evaluate(() => { document.getElementById('more').open = true; });
    else await p.click('#more > summary');
    await p.selectOption(testid('solver'), '');
    await regenerateOn(p, kind);
    expect(!(await p.isEnabled(testid('solve'))), 'Show solution enabled with no solver');
    expect(((await p.getAttribute(testid('solve'), 'title')) || '').includes('solver'), 'no reason given');
    await p.close();
  });

  await check(`${kind}: each Generate is a history entry: Back shows the maze before, Forward returns`, async () => {
    const p = await screen(kind, 'shape=square&width=6&height=6&seed=1&solve=bfs');
    const seedNow = () => p.evaluate(() => maze.seed);
    for (const seed of ['2', '3']) {
      await p.fill(testid('seed'), seed);
      await regenerateOn(p, kind);
    }
    expect((await seedNow()) === 3, 'not on the third maze');
    const back = async (go) => {
      await p.evaluate(() => { document.body.dataset.ready = ''; });
      await go();
      await p.waitForSelector('body[data-ready="1"]');
    };
    await back(() => p.goBack());
    expect((await seedNow()) === 2 && (await p.inputValue(testid('seed'))) === '2', `Back: seed ${await seedNow()}`);
    await back(() => p.goBack());
    expect((await seedNow()) === 1, `Back again: seed ${await seedNow()}`);
    expect(p.url().startsWith(base), `Back left the page: ${p.url()}`);
    await back(() => p.goForward());
    expect((await seedNow()) === 2 && p.url().includes('seed=2'), `Forward: seed ${await seedNow()}`);
    await p.close();
  });

  await check(`${kind}: a link with values the page does not know gets a note, not silence`, async () => {
    const p = await screen(kind, 'shape=blob&width=5&height=5&seed=1&algorithm=nope&colour=red&braid=lots');
    expect(await p.isVisible(testid('link-note')), 'no note for the unknown values');
    const note = await p.textContent(testid('link-note'));
    for (const w of ['shape=blob', 'algorithm=nope', 'colour', 'braid=lots']) expect(note.includes(w), `the note misses ${w}: ${note}`);
    const r = await rect(p, testid('link-note'));
    expect(r.top >= 0 && r.bottom <= height, `the note is off screen at ${r.top}`);
    // A value the shape cannot take (wrap on a circle) is named too.
    await p.goto(base + '#shape=polar&width=6&height=4&seed=1&wrap=x');
    await p.waitForFunction(() => document.getElementById('link-note').textContent.includes('wrap=x'));
    await regenerateOn(p, kind);
    expect(!(await p.isVisible(testid('link-note'))), 'the note stays after a Generate');
    await p.close();
  });

  await check(`${kind}: the plain fields (data-field) travel by link and only when set`, async () => {
    const p = await screen(kind, 'mask-text=HI&seed=1&mask-connect=1&braid=0.0&entrance=left&unicursal=maybe');
    const got = await p.evaluate(() => ({
      connect: document.getElementById('mask-connect').checked, braid: document.getElementById('braid').value,
      entrance: document.getElementById('entrance').value, more: document.getElementById('more').open,
      note: document.getElementById('link-note').textContent,
    }));
    expect(got.connect && got.entrance === 'left' && got.more, `read from the link: ${JSON.stringify(got)}`);
    expect(got.note.includes('unicursal=maybe'), `a box's odd value is noted: ${got.note}`);
    await regenerateOn(p, kind);
    const link = new URLSearchParams(p.url().split('#')[1] || '');
    expect(link.get('mask-connect') === '1' && link.get('entrance') === 'left', `written back: ${p.url()}`);
    expect(!link.has('braid') && !link.has('unicursal'), `defaults (braid 0.0, no labyrinth) are left out: ${p.url()}`);
    await p.close();
  });

  await check(`${kind}: the levels of a maze are laid out in a grid that fits the view`, async () => {
    // Each level's width on screen (CSS px), and the top-left cell of each level in the
    // drawing (its x and y in the maze's units).
    const levels = (p) => p.evaluate(() => {
      const svg = document.getElementById('maze');
      const r = svg.getBoundingClientRect();
      const vb = svg.viewBox.baseVal;
      const scale = Math.min(r.width / vb.width, r.height / vb.height);
      const per = maze.cells / maze.shape.levels;
      const corners = [];
      for (let l = 0; l < maze.shape.levels; l++) corners.push(centre(l * per));
      return { px: scale * maze.shape.width, corners, vb: [vb.x, vb.y, vb.width, vb.height] };
    });
    const p = await screen(kind, 'shape=square&width=8&height=8&levels=40&algorithm=recursive-backtracker&seed=2');
    const many = await levels(p);
    expect(many.px >= (kind === 'phone' ? 50 : 60), `40 levels drawn ${many.px.toFixed(1)} px wide each`);
    const rows = new Set(many.corners.map(([, y]) => Math.round(y))).size;
    expect(rows > 1, `40 levels in ${rows} row`);
    const [x0, y0, w, h] = many.vb;
    for (const [x, y] of many.corners) expect(x > x0 && x < x0 + w && y > y0 && y < y0 + h, `a level outside the drawing: ${x}, ${y}`);
    // No two levels on the same spot.
    expect(new Set(many.corners.map(([x, y]) => `${Math.round(x)},${Math.round(y)}`)).size === 40, 'two levels overlap');
    await p.screenshot({ path: join(artifacts, `serve-levels-${kind}.png`) });
    if (kind === 'desktop') {
      await p.goto(base + '#shape=square&width=8&height=8&levels=2&algorithm=recursive-backtracker&seed=2');
      await p.waitForFunction(() => maze && maze.shape.levels === 2);
      await p.waitForSelector('body[data-ready="1"]');
      const two = await levels(p);
      const [[ax, ay], [bx, by]] = two.corners;
      expect(ay === by && bx > ax + 8, `2 levels not side by side: ${two.corners}`);
    }
    await p.close();
  });

  await check(`${kind}: downloads the server would refuse are disabled with the reason, the others offered`, async () => {
    const state = (p) => p.evaluate(() => [...document.querySelectorAll('.downloads a')].map((a) => {
      const why = document.getElementById('why-' + a.dataset.format);
      return { format: a.dataset.format, disabled: a.getAttribute('aria-disabled') === 'true', href: a.getAttribute('href'),
        url: a.dataset.href, describedBy: a.getAttribute('aria-describedby'), why: why.hidden ? '' : why.textContent };
    }));
    const served = (p, url) => p.evaluate(async (u) => (await fetch(u)).status, url);
    // 316 x 316 cells (99,856, as many as the page draws): at 32 px a cell the PNG is
    // 10,144 x 10,144 pixels, over the server's 100,000,000.
    const p = kind === 'phone' ? await phoneContext.newPage() : await context.newPage();
    if (kind === 'desktop') await p.setViewportSize({ width: 1280, height: 800 });
    p.setDefaultTimeout(60000);
    await p.goto(base + '#shape=square&width=316&height=316&algorithm=recursive-backtracker&seed=3');
    await p.waitForSelector('body[data-ready="1"]');
    await press(p, kind, testid('download'));
    await p.selectOption(testid('png-size'), '32');
    let s = await state(p);
    const png = s.find((d) => d.format === 'png');
    expect(png.disabled && png.href === null && png.describedBy === 'why-png', `PNG at 32 px not disabled: ${JSON.stringify(png)}`);
    expect(png.why === 'PNG: too large at this cell size (102,900,736 pixels; at most 100,000,000)', `PNG reason: ${png.why}`);
    expect(await p.isVisible(testid('why-png')), 'the reason is not shown beside PNG');
    const svg = s.find((d) => d.format === 'svg');
    expect(!svg.disabled && svg.href && !svg.why, `SVG not offered: ${JSON.stringify(svg)}`);
    const a11y = await seriousA11yProblems(p);
    expect(a11y.length === 0, 'with a download disabled:\n' + a11y.join('\n'));
    // The prediction is the server's: it refuses that PNG, and the STL if predicted.
    expect((await served(p, png.url)) === 413, 'the server drew the PNG the page disabled');
    for (const d of s.filter((e) => e.disabled && e.format !== 'png')) {
      expect((await served(p, d.url)) >= 400, `the server drew the ${d.format} the page disabled`);
    }
    // A disabled entry does nothing when pressed.
    await p.dispatchEvent(testid('download-png'), 'click');
    expect(!(await p.textContent(testid('status'))).includes('PNG'), 'a disabled PNG started a download');
    // At 8 px a cell the same maze's PNG is offered.
    if (!(await p.isVisible(testid('png-size')))) await press(p, kind, testid('download'));
    await p.selectOption(testid('png-size'), '8');
    s = await state(p);
    expect(!s.find((d) => d.format === 'png').disabled, 'PNG at 8 px still disabled');
    // A small maze: every entry offered, and the server draws each.
    await p.evaluate(() => { document.body.dataset.ready = ''; });
    await p.goto(base + '#shape=square&width=8&height=8&seed=5&solve=bfs');
    await p.waitForSelector('body[data-ready="1"]');
    await p.evaluate(() => { document.getElementById('png-size').value = '32'; document.getElementById('png-size').dispatchEvent(new Event('change')); });
    for (const d of await state(p)) {
      expect(!d.disabled && d.href && !d.why, `${d.format} not offered for a small maze: ${JSON.stringify(d)}`);
      expect((await served(p, d.url)) === 200, `the server refused the ${d.format} of a small maze`);
    }
    await p.close();
  });
}

// ---- zoom, Play's view and drags on every maze -------------------------------------------
// A finger on the phone is a real touch (Chrome's Input.dispatchTouchEvent): the browser
// decides from it whether the page scrolls, as it does for a person's finger.
const cdps = new Map();
async function touch(p, type, points) {
  if (!cdps.has(p)) cdps.set(p, await p.context().newCDPSession(p));
  await cdps.get(p).send('Input.dispatchTouchEvent', {
    type, touchPoints: points.map(([x, y], i) => ({ x, y, id: i + 1, radiusX: 1, radiusY: 1, force: 1 })),
  });
}
// A drag through the screen points given (CSS pixels): the mouse on a desktop, a finger on
// the phone; each point is one move, however far from the last.
async function drag(p, kind, points) {
  const [first, ...rest] = points;
  if (kind === 'phone') {
    await touch(p, 'touchStart', [first]);
    for (const q of rest) await touch(p, 'touchMove', [q]);
    await touch(p, 'touchEnd', []);
    return;
  }
  await p.mouse.move(...first);
  await p.mouse.down();
  for (const q of rest) await p.mouse.move(...q, { steps: 1 });
  await p.mouse.up();
}
// Two fingers around (x, y), from d0 to d1 CSS pixels apart in `moves` moves.
async function pinchOn(p, x, y, d0, d1, moves = 6) {
  const at = (d) => [[x - d / 2, y], [x + d / 2, y]];
  await touch(p, 'touchStart', at(d0));
  for (let i = 1; i <= moves; i++) await touch(p, 'touchMove', at(d0 + ((d1 - d0) * i) / moves));
  await touch(p, 'touchEnd', []);
}
// CSS pixels a cell on screen, the view's place in the maze, and where the player is (read
// from the drawing, so that the checks run on a page without zoom as well).
const view = (p) => p.evaluate(() => {
  const box = surface().getBoundingClientRect();
  const svg = document.getElementById('maze');
  const vb = svg.viewBox.baseVal;
  const dpr = () => document.getElementById('maze-canvas').width / box.width;
  const out = { px: canvasMode ? cv.view.s / dpr() : svg.getScreenCTM().a, box: { left: box.left, top: box.top, right: box.right, bottom: box.bottom },
    inner: [innerWidth, innerHeight], bar: document.querySelector('header.bar').getBoundingClientRect().bottom,
    at: canvasMode ? [cv.view.ox, cv.view.oy] : [vb.x, vb.y] };
  if (play) {
    const [x, y] = centre(play.cell);
    if (canvasMode) {
      out.player = [box.left + (x * cv.view.s + cv.view.ox) / dpr(), box.top + (y * cv.view.s + cv.view.oy) / dpr()];
    } else {
      const q = new DOMPoint(x, y).matrixTransform(document.getElementById('maze').getScreenCTM());
      out.player = [q.x, q.y];
    }
  }
  return out;
});
// Whether the player is on the drawing and on the screen (under the action bar).
const playerShown = (v) => v.player && v.player[0] >= v.box.left && v.player[0] <= v.box.right && v.player[1] >= v.box.top &&
  v.player[1] <= v.box.bottom && v.player[0] >= 0 && v.player[0] <= v.inner[0] && v.player[1] >= v.bar && v.player[1] <= v.inner[1];
// The screen points every `gap` cells along a route (its centres joined by straight lines),
// and its last centre.
const alongRoute = (p, cells, gap) => p.evaluate(([cs, g]) => {
  const m = document.getElementById('maze').getScreenCTM();
  const screenOf = ([x, y]) => { const q = new DOMPoint(x, y).matrixTransform(m); return [q.x, q.y]; };
  const pts = [centre(cs[0])];
  let left = g;
  for (let i = 1; i < cs.length; i++) {
    let [ax, ay] = centre(cs[i - 1]);
    const [bx, by] = centre(cs[i]);
    let len = Math.hypot(bx - ax, by - ay);
    while (len >= left) {
      ax += ((bx - ax) * left) / len;
      ay += ((by - ay) * left) / len;
      pts.push([ax, ay]);
      len -= left;
      left = g;
    }
    left -= len;
  }
  pts.push(centre(cs[cs.length - 1]));
  return pts.map(screenOf);
}, [cells, gap]);
const keyToward = (p) => p.evaluate(() => {
  // The arrow to the next cell of the solution from the player's cell.
  const path = Array.from(maze.sec.path);
  const i = path.indexOf(play.cell);
  const [x, y] = centre(path[i]);
  const [u, v] = centre(path[i + 1]);
  return Math.abs(u - x) > Math.abs(v - y) ? (u > x ? 'ArrowRight' : 'ArrowLeft') : (v > y ? 'ArrowDown' : 'ArrowUp');
});

for (const [kind] of [['desktop'], ['phone']]) {
  await check(`${kind}: a 100 x 100 maze (drawn as SVG) is zoomed ${kind === 'phone' ? 'by a pinch' : 'by the buttons'} and panned`, async () => {
    const p = await screen(kind, 'shape=square&width=100&height=100&algorithm=recursive-backtracker&seed=4&solve=bfs');
    const before = await view(p);
    expect(await p.evaluate(() => !canvasMode), 'a 100 x 100 maze is not drawn as SVG');
    expect(before.px < 10, `${before.px} px a cell at first`);
    if (kind === 'phone') {
      const r = await rect(p, testid('maze'));
      await pinchOn(p, r.left + r.width / 2, r.top + r.height / 2, 60, 240);
    } else {
      await p.click(testid('zoom-in'));
      await p.click(testid('zoom-in'));
      await p.click(testid('zoom-in'));
    }
    const zoomed = await view(p);
    expect(zoomed.px > 3 * before.px, `zoomed from ${before.px.toFixed(2)} to ${zoomed.px.toFixed(2)} px a cell`);
    // One finger (or the mouse) drags the zoomed maze.
    const r = await rect(p, testid('maze'));
    const [x, y] = [r.left + r.width / 2, r.top + r.height / 2];
    await drag(p, kind, [[x, y], [x + 40, y + 30], [x + 80, y + 60]]);
    const panned = await view(p);
    expect(panned.at[0] < zoomed.at[0] - 1 && panned.at[1] < zoomed.at[1] - 1, `the drag did not pan: ${zoomed.at} -> ${panned.at}`);
    expect(Math.abs(panned.px - zoomed.px) < 1e-6, 'the drag zoomed');
    await p.screenshot({ path: join(artifacts, `serve-zoomed-svg-${kind}.png`) });
    await p.click(testid('zoom-fit'));
    expect(Math.abs((await view(p)).px - before.px) < 1e-6, 'Fit does not show the whole maze');
    await p.close();
  });

  await check(`${kind}: Play zooms in to the player at ${24} px a cell or more, and the view follows it`, async () => {
    const p = await screen(kind, 'shape=square&width=100&height=100&algorithm=recursive-backtracker&seed=4&solve=bfs');
    await press(p, kind, testid('play'));
    let v = await view(p);
    expect(v.px >= 24 - 1e-6, `Play at ${v.px.toFixed(2)} px a cell`);
    expect(playerShown(v), `the player is off screen at first: ${JSON.stringify(v)}`);
    // Along the solution with the arrows: the player stays on screen.
    // Until the view has followed the player away from the entrance (at most 600 moves).
    const r0 = String(v.at);
    let i = 0;
    for (; i < 600 && !(await p.evaluate(() => play.done)); i++) {
      await p.keyboard.press(await keyToward(p));
      v = await view(p);
      expect(playerShown(v), `after ${i + 1} moves the player is off screen: ${JSON.stringify(v)}`);
      if (i >= 40 && String(v.at) !== r0) break;
    }
    expect(await p.evaluate(() => play.moves) === Math.min(i + 1, 600), 'the keys did not move the player');
    expect(String((await view(p)).at) !== r0, `the view did not follow the player in ${i} moves`);
    await p.screenshot({ path: join(artifacts, `serve-play-zoomed-${kind}.png`) });
    await p.close();
  });

  await check(`${kind}: a coarse drag walks every cell it crosses, on square and hexagonal cells`, async () => {
    for (const link of ['shape=square&width=12&height=12&algorithm=recursive-backtracker&seed=9&solve=bfs',
      'shape=hex&width=10&height=9&algorithm=recursive-backtracker&seed=9&solve=bfs']) {
      const p = await screen(kind, link);
      await press(p, kind, testid('play'));
      const path = await p.evaluate(() => Array.from(maze.sec.path));
      expect((await view(p)).px >= 24, 'the maze is zoomed for Play (the drag is planned on the first view)');
      // One pointer move every 2.5 cells along the route: straight moves that cut the bends.
      const points = await alongRoute(p, path, 2.5);
      await drag(p, kind, points);
      const got = await p.evaluate(() => ({ trail: play.trail, moves: play.moves, done: play.done }));
      const walked = got.trail.filter((c) => path.includes(c)).length;
      expect(got.done && got.moves === path.length - 1 && JSON.stringify(got.trail) === JSON.stringify(path),
        `${link.slice(0, 10)}: walked ${walked} of ${path.length} cells of the route in ${got.moves} moves (${points.length} pointer moves)`);
      await p.close();
    }
  });

  await check(`${kind}: ${kind === 'phone' ? 'a drag beside the maze, or on a whole maze not played, scrolls the page' : 'the wheel over a maze drawn as SVG scrolls the page'}`, async () => {
    // A tall maze: the drawing is narrower than its element, with room beside it.
    const p = await screen(kind, 'shape=square&width=10&height=40&algorithm=recursive-backtracker&seed=2');
    // (More options open: a page long enough to scroll on a desktop too.)
    await p.evaluate(() => { document.getElementById('more').open = true; });
    const r = await rect(p, testid('maze'));
    const beside = await p.evaluate(([x, y]) => {
      const q = new DOMPoint(x, y).matrixTransform(document.getElementById('maze').getScreenCTM().inverse());
      return q.x < -MARGIN || q.x > model.width + MARGIN || q.y < -MARGIN || q.y > model.height + MARGIN;
    }, [r.left + 6, r.top + r.height / 2]);
    expect(beside, 'the point beside the drawing is on the maze');
    const scrolled = async (x, y) => {
      await p.evaluate(() => window.scrollTo(0, 0));
      if (kind === 'phone') await drag(p, kind, [[x, y], [x, y - 60], [x, y - 120], [x, y - 180]]);
      else {
        await p.mouse.move(x, y);
        await p.mouse.wheel(0, 200);
      }
      await p.waitForTimeout(300);
      return p.evaluate(() => window.scrollY);
    };
    const y1 = await scrolled(r.left + 6, r.top + r.height / 2);
    expect(y1 > 50, `a drag beside the maze scrolled the page by ${y1}`);
    if (kind === 'phone') {
      const y2 = await scrolled(r.left + r.width / 2, r.top + r.height / 2);
      expect(y2 > 50, `a drag on the whole maze (not playing) scrolled the page by ${y2}`);
    }
    await p.close();
  });

  await check(`${kind}: the levels' grid is laid out again when the window changes size`, async () => {
    const link = 'shape=square&width=8&height=8&levels=40&algorithm=recursive-backtracker&seed=2&solve=bfs';
    const p = await screen(kind, link);
    const grid = () => p.evaluate(() => ({ ...model.levelGrid, vb: document.getElementById('maze').getAttribute('viewBox') }));
    const first = await grid();
    const turned = kind === 'phone' ? { width: 844, height: 390 } : { width: 700, height: 1000 };
    await press(p, kind, testid('play'));
    await p.setViewportSize(turned);
    await p.waitForFunction((c) => model.levelGrid.cols !== c, first.cols, { timeout: 5000 }).catch(() => {});
    const after = await grid();
    // A page opened at that size lays the levels out the same way.
    const q = kind === 'phone' ? await phoneContext.newPage() : await context.newPage();
    await q.setViewportSize(turned);
    await q.goto(base + '#' + link);
    await q.waitForSelector('body[data-ready="1"]');
    // (Its action bar's height is measured again once the status line holds the maze's
    // description, as after any resize.)
    await q.evaluate(() => window.dispatchEvent(new Event('resize')));
    const fresh = await q.evaluate(() => ({ ...model.levelGrid, vb: document.getElementById('maze').getAttribute('viewBox') }));
    await q.close();
    expect(after.cols !== first.cols, `the grid stayed ${first.cols} x ${first.rows} after the resize`);
    expect(after.cols === fresh.cols && after.rows === fresh.rows, `after the resize ${after.cols} x ${after.rows}, a new page ${fresh.cols} x ${fresh.rows}`);
    expect(await p.evaluate(() => !!play && document.querySelector('[data-testid="player"]').getAttribute('visibility') === 'visible'), 'the game stopped');
    await p.close();
  });
}

await check('the server\'s refusals reach the page in plain words: no flags, no parameter spellings, no notes about the page', async () => {
  const p = await screen('desktop');
  const words = await p.evaluate(async () => {
    const asks = [
      '/api/generate?width=5000&height=5000&packed=1', '/api/generate?shape=hex&weave=0.3&packed=1',
      '/api/generate?shape=polar&wrap=x&packed=1', '/api/generate?braid=2&packed=1', '/api/generate?levels=100&packed=1',
      '/api/generate?starts=50&width=3&height=3&packed=1', '/api/generate?shape=hex&algorithm=binary-tree&packed=1',
      '/api/generate?width=abc&packed=1', '/api/render?width=180&height=180&seed=1&format=stl',
      '/api/render?width=1000&height=1000&format=pdf', '/api/render?width=600&height=600&format=stl',
    ];
    const out = [];
    for (const a of asks) {
      const r = await fetch(a);
      const e = (await r.json()).error;
      out.push([a, e, sentence(plainWords(e))]);
    }
    return out;
  });
  for (const [ask, raw, plain] of words) {
    expect(raw && plain.length > 10, `${ask}: no message`);
    for (const bad of ['--', '_', 'view)', 'geometry', 'maze list', '=']) expect(!plain.includes(bad), `${ask}: "${plain}" has ${bad}`);
  }
  console.log('# plain words: ' + words.map((w) => w[2]).join(' | '));
  await p.close();
});

await check('the page and its API answers arrive compressed in the browser', async () => {
  const p = await screen('desktop', 'shape=square&width=100&height=100&seed=1&solve=bfs');
  const sizes = await p.evaluate(() => performance.getEntriesByType('resource')
    .filter((e) => /app\.js|style\.css|api\/list|api\/generate/.test(e.name))
    .map((e) => [e.name.replace(/^.*\//, '').slice(0, 40), e.encodedBodySize, e.decodedBodySize]));
  expect(sizes.length >= 4, `resources: ${JSON.stringify(sizes)}`);
  for (const [name, sent, got] of sizes) expect(sent > 0 && sent < got * 0.7, `${name}: ${sent} bytes sent for ${got}`);
  await p.close();
});

await check('Wrap, Levels and Weave are offered for the shapes whose capabilities (from /api/list) have them', async () => {
  const p = await screen('desktop');
  await p.click('#more > summary');
  const shapes = await p.evaluate(async () => (await (await fetch('/api/list')).json()).shapes);
  for (const s of shapes) {
    await p.selectOption(testid('shape'), s.name);
    for (const k of ['wrap', 'levels', 'weave']) {
      expect((await p.isVisible(testid(k))) === s[k], `${s.name}: ${k} ${s[k] ? 'not offered' : 'offered'}`);
    }
  }
  await p.close();
  // Read from the server's table, not from a list in the page: a table that says triangles
  // wrap makes the page offer Wrap for them.
  const q = await context.newPage();
  await q.route('**/api/list', async (route) => {
    const r = await route.fetch();
    const list = await r.json();
    for (const s of list.shapes) if (s.name === 'triangle') s.wrap = true;
    await route.fulfill({ response: r, json: list });
  });
  await q.goto(base + '#shape=triangle&width=6&height=4&seed=1');
  await q.waitForSelector('body[data-ready="1"]');
  await q.evaluate(() => { document.getElementById('more').open = true; });
  expect(await q.isVisible(testid('wrap')) && !(await q.isVisible(testid('weave'))), 'the page did not follow /api/list');
  await q.close();
});

await check('a labyrinth (unicursal) from the form: offered where /api/list says, one path through every cell', async () => {
  const p = await screen('desktop');
  await p.click('#more > summary');
  const shapes = await p.evaluate(async () => (await (await fetch('/api/list')).json()).shapes);
  expect(shapes.some((s) => s.unicursal) && shapes.some((s) => !s.unicursal), 'the table says which shapes make labyrinths');
  for (const s of shapes) {
    await p.selectOption(testid('shape'), s.name);
    expect((await p.isVisible(testid('unicursal'))) === s.unicursal, `${s.name}: labyrinth ${s.unicursal ? 'not offered' : 'offered'}`);
  }
  await p.selectOption(testid('shape'), 'square');
  await p.fill(testid('width'), '12');
  await p.fill(testid('height'), '8');
  await p.fill(testid('seed'), '3');
  await p.check(testid('unicursal'));
  await regenerateOn(p, 'desktop');
  expect(p.url().includes('unicursal=1'), `the link keeps it: ${p.url()}`);
  const one = await p.evaluate(() => ({ cells: maze.cells, path: maze.sec.path ? maze.sec.path.length : 0 }));
  expect(one.cells === 96 && one.path === 96, `the solution walks every cell: ${JSON.stringify(one)}`);
  // Its steps are those of a half-size maze: nothing of its own to replay, said plainly.
  await p.click(testid('animate-generation'));
  const said = await p.textContent(testid('status'));
  expect(said.includes('labyrinth'), `status: ${said}`);
  // An odd width is refused at the field, in the page's words.
  await p.fill(testid('width'), '13');
  await p.click(testid('generate'));
  await p.waitForSelector('#status.error');
  const error = await p.textContent(testid('status'));
  expect(/even/.test(error) && !error.includes('--'), `status: ${error}`);
  const note = await p.evaluate(() => document.getElementById('width-error')?.textContent || '');
  expect(/even/.test(note), `the note at the width field: ${note}`);
  await p.close();
});

await check('fog of war: Play shows what the player has seen, the rest appears as they go, solved shows all', async () => {
  const p = await screen('desktop', 'shape=square&width=10&height=8&seed=4&solve=bfs');
  const cells = 80;
  await p.selectOption(testid('fog'), 'sight');
  await p.click(testid('play'));
  const hidden = async () => Number(await p.evaluate(() => document.body.dataset.fog));
  const first = await hidden();
  expect(first > 0 && first < cells, `fogged at the start: ${first} of ${cells} hidden`);
  const drawn = await p.evaluate(() => (document.querySelector('[data-testid="fog-layer"]').getAttribute('d') || '').split('Z').length - 1);
  expect(drawn === first, `the fog covers the hidden cells: ${drawn} drawn, ${first} hidden`);
  // Asking for the solution shows it through the fog.
  await p.click(testid('solve'));
  const withRoute = await hidden();
  expect(withRoute < first, `the route shows through the fog: ${withRoute} hidden, ${first} before`);
  await p.click(testid('solve'));
  // Walking the route: never more hidden than before; solved, nothing is.
  const data = await p.evaluate(async () => (await fetch('/api/generate?shape=square&width=10&height=8&seed=4&solve=bfs&geometry=1')).json());
  const c = data.geometry.centres;
  const path = data.solution.path;
  let before = await hidden();
  const fogPaths = () => p.evaluate(() => (document.querySelector('[data-testid="fog-layer"]').getAttribute('d') || '').split('Z').length - 1);
  for (let i = 1; i < path.length; i++) {
    const dx = c[path[i]][0] - c[path[i - 1]][0];
    const dy = c[path[i]][1] - c[path[i - 1]][1];
    await p.keyboard.press(Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? 'ArrowRight' : 'ArrowLeft') : (dy > 0 ? 'ArrowDown' : 'ArrowUp'));
    const now = await hidden();
    expect(now <= before, `a seen cell hid again (${before} -> ${now})`);
    // The fog on screen is the fog of the cells seen so far, after every step: as many
    // cells drawn and counted as the player has not seen, none of the route walked.
    if (i + 1 < path.length) {
      const live = await p.evaluate((walked) => {
        let unseen = 0;
        for (let x = 0; x < model.n; x++) if (fogHides(x)) unseen++;
        return { unseen, walked: walked.filter((x) => fogHides(x)).length };
      }, path.slice(0, i + 1));
      const drawnNow = await fogPaths();
      expect(live.walked === 0 && live.unseen === now && drawnNow === now,
        `step ${i}: ${JSON.stringify(live)} unseen, ${now} counted, ${drawnNow} drawn`);
    }
    before = now;
  }
  await p.waitForSelector('body[data-playing="done"]');
  expect((await hidden()) === 0, 'the solved maze shows whole');
  // Within 1 step: the player's cell and its open neighbours only.
  await p.selectOption(testid('fog'), '1');
  await p.click(testid('play'));
  const near = await p.evaluate(() => ({ hidden: Number(document.body.dataset.fog), around: openNeighbours(play.cell).length }));
  expect(near.hidden === cells - 1 - near.around, `within 1 step: ${JSON.stringify(near)}`);
  await p.close();
  // A woven maze: a crossing shows once either of its layers is seen, never half of it.
  const w = await screen('desktop', 'shape=square&width=10&height=8&seed=6&weave=0.5');
  await w.selectOption(testid('fog'), '2');
  await w.click(testid('play'));
  const woven = await w.evaluate(() => {
    const twin = model.weave.twin;
    let crossings = 0;
    let half = 0;
    for (let c = 0; c < model.n; c++) {
      if (twin[c] < 0) continue;
      crossings++;
      if (fogHides(c) !== fogHides(twin[c])) half++;
    }
    return { crossings, half, hidden: Number(document.body.dataset.fog), n: model.n };
  });
  expect(woven.crossings > 0 && woven.half === 0, `woven: ${JSON.stringify(woven)}`);
  expect(woven.hidden > 0 && woven.hidden < woven.n, `woven: fogged, ${JSON.stringify(woven)}`);
  await w.close();
});

await check('accessibility on the touch phone: no serious or critical problem, with More options and Download open', async () => {
  const p = await screen('phone', 'shape=square&width=8&height=8&seed=5&solve=bfs');
  await p.evaluate(() => { document.getElementById('more').open = true; document.getElementById('download-menu').open = true; });
  const found = await seriousA11yProblems(p);
  expect(found.length === 0, found.join('\n'));
  await p.close();
  console.log(`# first screen: ${JSON.stringify(layout)}`);
  writeFileSync(join(artifacts, 'page-layout.json'), JSON.stringify(layout, null, 2));
});

// ---- big mazes: a canvas with zoom and pan --------------------------------------------
// Timings are printed and saved (browser-timings.json), never asserted: the machines are
// shared and noisy. What is asserted is what the user sees: a drawn canvas, zoom, pan,
// moves, and repaints of only the changed cells.
const timings = {};
const canvasState = (p = page) => p.evaluate(() => ({
  ...document.getElementById('maze-canvas').dataset,
  drawMs: Number(document.body.dataset.drawMs),
  svgHidden: getComputedStyle(document.getElementById('maze')).display === 'none',
}));
// The share of the canvas's pixels that are dark (walls).
const inkShare = (p = page) => p.evaluate(() => {
  const c = document.getElementById('maze-canvas');
  const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  let dark = 0;
  for (let i = 0; i < d.length; i += 4) if (d[i] < 120 && d[i + 3] > 0) dark++;
  return dark / (c.width * c.height);
});
// Two fingers spreading from 40 to 80 px apart on the canvas (pointer events as a touch
// screen sends them); the zoom factor the view took.
const pinch = (p) => p.evaluate(() => {
  const el = document.getElementById('canvas-box');
  const r = el.getBoundingClientRect();
  const [cx, cy] = [r.left + r.width / 2, r.top + r.height / 2];
  const send = (type, id, x) => el.dispatchEvent(new PointerEvent(type, {
    pointerId: id, clientX: x, clientY: cy, bubbles: true, buttons: type === 'pointerup' ? 0 : 1, pointerType: 'touch',
  }));
  const s0 = cv.view.s;
  send('pointerdown', 11, cx - 20); send('pointerdown', 12, cx + 20);
  send('pointermove', 11, cx - 40); send('pointermove', 12, cx + 40);
  send('pointerup', 11, cx - 40); send('pointerup', 12, cx + 40);
  return cv.view.s / s0;
});
const scaleAbove = (b) => page.waitForFunction((v) => Number(document.getElementById('maze-canvas').dataset.scale) > v, b);
const scaleBelow = (b) => page.waitForFunction((v) => Number(document.getElementById('maze-canvas').dataset.scale) < v, b);

await check('a 300 x 300 maze is drawn on a canvas, with zoom (buttons, wheel, pinch) and pan', async () => {
  const t0 = Date.now();
  await openMaze('shape=square&width=300&height=300&algorithm=recursive-backtracker&seed=5&solve=bfs', 60000);
  timings['300x300 page load to drawn (ms, server included)'] = Date.now() - t0;
  const s = await canvasState();
  expect(s.svgHidden && (await page.isVisible(testid('maze-canvas'))), 'the big maze is not on a canvas');
  expect(Number(s.walls) > 45000, `walls drawn: ${s.walls}`);
  timings['300x300 drawn after the answer (ms)'] = s.drawMs;
  const ink = await inkShare();
  expect(ink > 0.05, `the canvas is nearly blank (${ink} dark)`);
  const fit = Number(s.scale);
  // Buttons: past 4 px a cell the walls are stroked as paths (true arcs), only those on screen.
  for (let i = 0; i < 4; i++) await page.click(testid('zoom-in'));
  await scaleAbove(fit * 4);
  const zoomed = await canvasState();
  expect(zoomed.mode === 'vector', `zoomed in but mode ${zoomed.mode}`);
  expect(Number(zoomed.walls) < Number(s.walls) / 4, `zoomed in but ${zoomed.walls} walls drawn`);
  // The wheel zooms out around the pointer.
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = await page.locator(testid('canvas-box')).boundingBox();
  const [mx, my] = [box.x + box.width / 2, box.y + box.height / 2];
  // (A wheel event as the browser sends it, on the element under the pointer: Playwright's
  // mouse.wheel did not reach the page here after earlier scrolling.)
  await page.evaluate(([x, y]) => document.elementFromPoint(x, y).dispatchEvent(new WheelEvent('wheel', {
    deltaY: 300, clientX: x, clientY: y, bubbles: true, cancelable: true,
  })), [mx, my]);
  await scaleBelow(Number(zoomed.scale));
  // A drag pans (when not playing).
  const o = await page.evaluate(() => [cv.view.ox, cv.view.oy]);
  await page.mouse.move(mx, my);
  await page.mouse.down();
  await page.mouse.move(mx + 120, my + 60, { steps: 6 });
  await page.mouse.up();
  const o2 = await page.evaluate(() => [cv.view.ox, cv.view.oy]);
  expect(o2[0] > o[0] + 60 && o2[1] > o[1] + 30, `the drag did not pan: ${o} -> ${o2}`);
  const grew = await pinch(page);
  expect(grew > 1.8, `a pinch zoomed by ${grew}`);
  await page.click(testid('zoom-fit'));
  await page.waitForFunction((f) => Math.abs(Number(document.getElementById('maze-canvas').dataset.scale) - f) < 1e-3, fit);
  await page.screenshot({ path: join(artifacts, 'serve-300x300.png'), fullPage: false });
});

await check('play a 300 x 300 maze on the canvas, one move a frame', async () => {
  await page.click(testid('play'));
  const run = await page.evaluate(() => new Promise((resolve) => {
    const arrows = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
    const gaps = [];
    let prev = -1;
    let last = 0;
    let frames = 0;
    const frame = (t) => {
      if (last) gaps.push(t - last);
      last = t;
      // One key a frame, towards an open neighbour (not straight back unless a dead end).
      const here = play.cell;
      const [x, y] = centre(here);
      const options = openNeighbours(here);
      const next = options.find((c) => c !== prev) ?? options[0];
      prev = here;
      const [nx, ny] = centre(next);
      const key = Object.keys(arrows).find((k) => arrows[k][0] === Math.sign(Math.round(nx - x)) && arrows[k][1] === Math.sign(Math.round(ny - y)));
      document.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
      if (++frames < 240) requestAnimationFrame(frame);
      else resolve({ gaps, moves: play.moves });
    };
    requestAnimationFrame(frame);
  }));
  expect(run.moves >= 200, `only ${run.moves} moves in 240 frames`);
  await page.waitForFunction(() => document.getElementById('maze-overlay').dataset.player === String(play.cell));
  const sorted = [...run.gaps].sort((a, b) => a - b);
  const mean = run.gaps.reduce((a, b) => a + b, 0) / run.gaps.length;
  timings['300x300 play: mean frame (ms)'] = Number(mean.toFixed(2));
  timings['300x300 play: frames per second'] = Number((1000 / mean).toFixed(1));
  timings['300x300 play: 95th percentile frame (ms)'] = Number(sorted[Math.floor(sorted.length * 0.95)].toFixed(2));
  await page.click(testid('play')); // restart: back to the entrance
});

await check('a 300 x 300 generation replays on the canvas, repainting only the changed cells', async () => {
  const before = await canvasState();
  const share = await replayShareAfter2s();
  timings['300x300 replay at the default speed: share played after 2 s'] = Number(share.toFixed(3));
  await page.fill(testid('speed'), '100');
  await page.waitForSelector('body[data-replayed="generation"]', { timeout: 60000 });
  const after = await canvasState();
  const cellPaints = Number(after.cellPaints) - Number(before.cellPaints || 0);
  const fullPaints = Number(after.fullPaints) - Number(before.fullPaints || 0);
  expect(cellPaints > 20, `only ${cellPaints} frames repainted changed cells`);
  expect(fullPaints < cellPaints / 4, `${fullPaints} whole repaints against ${cellPaints} partial ones`);
  timings['300x300 replay: partial repaints, whole repaints'] = [cellPaints, fullPaints];
});

await check('print: a big maze prints as the server\'s drawing, not as screen pixels', async () => {
  await page.evaluate(() => { document.body.dataset.printed = ''; window.print = () => { document.body.dataset.printed = '1'; }; });
  await page.click(testid('print'));
  await page.waitForSelector('body[data-printed="1"]', { timeout: 60000 });
  const svgs = await page.evaluate(() => document.querySelectorAll('#print-maze svg').length);
  expect(svgs === 1, `printed mazes: ${svgs}`);
  expect(!(await page.isVisible(testid('print-maze'))), 'the printed maze shows on screen');
  await page.emulateMedia({ media: 'print' });
  const shown = await page.evaluate(() => ['canvas-box', 'print-maze'].map((id) => getComputedStyle(document.getElementById(id)).display));
  await page.emulateMedia({ media: 'screen' });
  expect(shown[0] === 'none' && shown[1] === 'block', `on paper: canvas ${shown[0]}, drawing ${shown[1]}`);
});

// Pixels of the canvas `id` that are light (walls faded, or white), dark, and of the
// solution's red or the player's blue.
const pixels = (p, id) => p.evaluate((i) => {
  const c = document.getElementById(i);
  const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  const n = { light: 0, dark: 0, red: 0, blue: 0, all: c.width * c.height };
  for (let k = 0; k < d.length; k += 4) {
    if (d[k + 3] < 200) continue;
    if (d[k] > 150 && d[k + 1] > 150 && d[k + 2] > 150) n.light++;
    else if (d[k] < 90 && d[k + 1] < 90 && d[k + 2] < 90) n.dark++;
    if (d[k] > 180 && d[k + 1] < 80 && d[k + 2] < 80) n.red++;
    if (d[k] < 80 && d[k + 1] > 80 && d[k + 2] > 200) n.blue++;
  }
  return n;
}, id);
// A 1000 x 1000 maze at Fit reads: not a black square (walls faded below 2 pixels a cell)
// yet not blank.
async function fitReads(p) {
  const s = await canvasState(p);
  expect(Number(s.scale) < 2, `the test wants under 2 pixels a cell at Fit: ${s.scale}`);
  const n = await pixels(p, 'maze-canvas');
  expect(n.light > 0.5 * n.all && n.dark < 0.2 * n.all, `at Fit ${(n.light / n.all).toFixed(2)} of the pixels are light, ${(n.dark / n.all).toFixed(2)} dark`);
  const blank = await p.evaluate(() => {
    const c = document.getElementById('maze-canvas');
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let white = 0;
    for (let k = 0; k < d.length; k += 4) if (d[k] === 255 && d[k + 1] === 255 && d[k + 2] === 255) white++;
    return white / (c.width * c.height);
  });
  expect(blank < 0.5, `the maze is ${blank.toFixed(2)} blank`);
}
// Play on a 1000 x 1000 maze shown whole with its solution: the solution and the player are
// seen, Play zooms in to a playable size with the maze filling the canvas, and the view
// follows the player.
async function bigPlay(p, kind) {
  await p.waitForTimeout(100);
  const red = (await pixels(p, 'maze-overlay')).red;
  expect(red > 500, `${red} pixels of the solution at Fit`);
  await press(p, kind, testid('play'));
  await p.waitForFunction(() => document.getElementById('maze-overlay').dataset.player === String(play.cell));
  let v = await view(p);
  expect(v.px >= 24 - 1e-6, `Play at ${v.px.toFixed(2)} px a cell`);
  expect(playerShown(v), `the player is off screen: ${JSON.stringify(v)}`);
  const blue = (await pixels(p, 'maze-overlay')).blue;
  expect(blue > 40, `${blue} pixels of the player`);
  const fill = await p.evaluate(() => {
    const c = document.getElementById('maze-canvas');
    const v = cv.view;
    const w = Math.min(c.width, v.ox + model.width * v.s) - Math.max(0, v.ox);
    const h = Math.min(c.height, v.oy + model.height * v.s) - Math.max(0, v.oy);
    return (Math.max(0, w) * Math.max(0, h)) / (c.width * c.height);
  });
  expect(fill > 0.9, `the maze fills ${fill.toFixed(2)} of the canvas in Play`);
  for (let i = 0; i < 60 && !(await p.evaluate(() => play.done)); i++) await p.keyboard.press(await keyToward(p));
  expect(await p.evaluate(() => play.moves) === 60, 'the keys did not move the player');
  await p.waitForFunction(() => document.getElementById('maze-overlay').dataset.player === String(play.cell));
  v = await view(p);
  expect(playerShown(v), `after 60 moves the player is off screen: ${JSON.stringify(v)}`);
}

await check('phone: a 1000 x 1000 maze at Fit reads, and Play zooms in to the player', async () => {
  const p = await phoneContext.newPage();
  p.setDefaultTimeout(60000);
  p.on('pageerror', (e) => problems.push('phone page error: ' + e.message));
  await p.goto(base + '#shape=square&width=1000&height=1000&algorithm=recursive-backtracker&seed=3&solve=bfs');
  await p.waitForSelector('body[data-ready="1"]', { timeout: 120000 });
  timings['phone: 1000x1000 drawn after the answer (ms)'] = Number(await p.evaluate(() => document.body.dataset.drawMs));
  await fitReads(p);
  await p.evaluate(() => { document.getElementById('solve').click(); });
  await p.waitForFunction(() => document.getElementById('maze-overlay').dataset.solution === 'visible');
  await p.screenshot({ path: join(artifacts, 'serve-phone-1000-fit.png') });
  await bigPlay(p, 'phone');
  await p.screenshot({ path: join(artifacts, 'serve-phone-1000-play.png') });
  await p.close();
});

await check('phone: a big maze on the canvas fits the screen, and two fingers zoom it', async () => {
  const phone = await context.newPage();
  await phone.setViewportSize({ width: 390, height: 844 });
  await phone.goto(base + '#shape=square&width=200&height=200&algorithm=wilson&seed=4');
  await phone.waitForSelector('body[data-ready="1"]', { timeout: 60000 });
  const fits = await phone.evaluate(() => [getComputedStyle(document.getElementById('canvas-box')).display,
    document.getElementById('canvas-box').getBoundingClientRect().right, document.documentElement.scrollWidth]);
  expect(fits[0] !== 'none' && fits[1] <= 390 && fits[2] <= 390, `canvas display, right edge, page width: ${fits}`);
  const grew = await pinch(phone);
  expect(grew > 1.8, `a pinch zoomed by ${grew}`);
  await phone.waitForTimeout(100);
  await phone.screenshot({ path: join(artifacts, 'serve-phone-big.png'), fullPage: false });
  await phone.close();
});

await check('a 1000 x 1000 maze (10^6 cells) is generated, drawn and explorable', async () => {
  const t0 = Date.now();
  await openMaze('shape=square&width=1000&height=1000&algorithm=recursive-backtracker&seed=3&solve=bfs', 120000);
  timings['1000x1000 page load to drawn (ms, server included)'] = Date.now() - t0;
  const s = await canvasState();
  timings['1000x1000 drawn after the answer (ms)'] = s.drawMs;
  expect(Number(s.cells) === 1000000, `cells ${s.cells}`);
  expect(Number(s.walls) > 900000, `walls drawn: ${s.walls}`);
  await fitReads(page);
  const fit = Number(s.scale);
  for (let i = 0; i < 6; i++) await page.click(testid('zoom-in'));
  await scaleAbove(fit * 10);
  const z = await canvasState();
  timings['1000x1000 zoomed-in repaint (ms)'] = Number(z.paintMs);
  expect(z.mode === 'vector' && Number(z.walls) < 100000, `zoomed: ${z.mode}, ${z.walls} walls`);
  await page.click(testid('zoom-fit'));
  await page.click(testid('solve'));
  await page.waitForFunction(() => document.getElementById('maze-overlay').dataset.solution === 'visible');
  await bigPlay(page, 'desktop');
  await page.screenshot({ path: join(artifacts, 'serve-1000x1000.png'), fullPage: false });
  console.log('timings: ' + JSON.stringify(timings));
  writeFileSync(join(artifacts, 'browser-timings.json'), JSON.stringify(timings, null, 2) + '\n');
});

// axe-core's rules (WCAG 2.x A and AA and best practices), run inside the page. Its
// source is evaluated rather than added as a script tag, so the page's script policy stays.
async function seriousA11yProblems(p) {
  await p.evaluate(axeSource);
  return p.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}) at ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
  });
}

// The keys of a route on a w x h square maze by cell ids: arrows in the plane (through a
// seam: off one border onto the other), < and > for the stairs between levels of w*h cells.
function routeKeys(path, w, h) {
  const keys = [];
  for (let i = 1; i < path.length; i++) {
    const d = path[i] - path[i - 1];
    const key = {
      [1]: 'ArrowRight', [-1]: 'ArrowLeft', [w]: 'ArrowDown', [-w]: 'ArrowUp',
      [w - 1]: 'ArrowLeft', [-(w - 1)]: 'ArrowRight', [w * (h - 1)]: 'ArrowUp', [-w * (h - 1)]: 'ArrowDown',
      [w * h]: '<', [-w * h]: '>',
    }[d];
    expect(key, `step ${path[i - 1]} -> ${path[i]} is not a move`);
    keys.push(key);
  }
  return keys;
}

await check('a maze with levels from the form: stairs drawn as chevrons, climbed with keys and buttons', async () => {
  await page.setViewportSize({ width: 1200, height: 800 });
  await openMaze('shape=square&width=4&height=3&algorithm=recursive-backtracker&seed=11&solve=bfs');
  await page.fill(testid('levels'), '3');
  await page.dispatchEvent(testid('levels'), 'change');
  // The row generators cannot build levels: they are not offered.
  const offered = await page.$$eval(`${testid('algorithm')} option`, (os) => os.map((o) => o.value));
  expect(!offered.includes('eller') && offered.includes('wilson'), `generators offered: ${offered}`);
  // Generate makes a new maze unless a seed is typed: this check walks seed 11's route.
  await page.fill(testid('seed'), '11');
  await regenerate(() => page.click(testid('generate')));
  const status = await page.textContent(testid('status'));
  expect(status.includes('3 levels') && status.includes('36 cells'), `status: ${status}`);
  expect(page.url().includes('levels=3'), `URL: ${page.url()}`);
  const data = await page.evaluate(async () =>
    (await fetch('/api/generate?shape=square&width=4&height=3&levels=3&seed=11&solve=bfs&geometry=1')).json());
  const open = data.geometry.stairs.filter((t) => t[2] === 1).length;
  expect(open >= 2, `${open} open stairs`);
  expect((await page.getAttribute(testid('stairs'), 'data-open')) === String(open), 'open stairs on screen');
  expect(((await page.getAttribute(testid('stairs'), 'd')) || '').startsWith('M'), 'no chevrons drawn');
  const keys = routeKeys(data.solution.path, 4, 3);
  expect(keys.includes('<'), 'the route climbs');
  await page.click(testid('play'));
  expect(!(await page.isHidden(testid('stair-buttons'))), 'stair buttons hidden while playing levels');
  // A stair down from the bottom level does not exist.
  await page.keyboard.press('>');
  expect((await page.textContent(testid('status'))).includes('no open stair down'), 'no message for a missing stair');
  let button = false;
  for (const key of keys) {
    if (key === '<' && !button) {
      // The first climb by the on-screen button (phones have no < key).
      expect(!(await page.isDisabled(testid('stair-up'))), 'the up button is disabled on a stair');
      await page.click(testid('stair-up'));
      button = true;
    } else {
      await page.keyboard.press(key);
    }
  }
  await page.waitForSelector('body[data-playing="done"]');
  const steps = keys.length;
  const result = await page.textContent(testid('result'));
  expect(result.includes(`${steps} moves (shortest ${steps})`), `unexpected result: ${result}`);
  await page.screenshot({ path: join(artifacts, 'serve-levels.png') });
});

await check('a wrapped maze from a link: walls on both borders, walked through a seam with the arrows', async () => {
  await openMaze('shape=square&width=5&height=4&wrap=xy&algorithm=recursive-backtracker&seed=11&solve=bfs');
  expect((await page.inputValue(testid('wrap'))) === 'xy', 'wrap not restored from the link');
  const data = await page.evaluate(async () =>
    (await fetch('/api/generate?shape=square&width=5&height=4&wrap=xy&seed=11&solve=bfs&geometry=1')).json());
  const passages = new Set(data.passages.map(([a, b]) => `${Math.min(a, b)},${Math.max(a, b)}`));
  const closed = data.geometry.walls.filter(([a, b]) => !passages.has(`${Math.min(a, b)},${Math.max(a, b)}`)).length +
    data.geometry.boundary.filter((b) => b[5] === 0).length;
  const drawn = ((await page.getAttribute(testid('walls'), 'd')) || '').split('M').length - 1;
  expect(drawn === closed, `${drawn} walls drawn, ${closed} closed sides (seams on both borders)`);
  const keys = routeKeys(data.solution.path, 5, 4);
  await page.click(testid('play'));
  expect(await page.isHidden(testid('stair-buttons')), 'stair buttons on a maze without levels');
  for (const key of keys) await page.keyboard.press(key);
  await page.waitForSelector('body[data-playing="done"]');
  const result = await page.textContent(testid('result'));
  expect(result.includes(`${keys.length} moves (shortest ${keys.length})`), `unexpected result: ${result}`);
  // The breadcrumbs are cut where the route leaves one border for the other.
  const crumbs = await page.getAttribute(testid('breadcrumbs'), 'd');
  expect((crumbs.match(/M/g) || []).length >= 2, `breadcrumbs across the seam: ${crumbs}`);
  await page.screenshot({ path: join(artifacts, 'serve-wrap.png') });
});

// The sides and solid pieces a woven maze's picture has (as the scene draws it): each
// corridor end closed (1 side, and a strip of ground unless the cell is under a crossing)
// or open (2 sides out to the border); an upper layer's 2 sides across the passage
// beneath; 4 corners of ground in every place.
function wovenCounts(data) {
  const squares = data.shape.width * data.shape.height;
  const crossings = data.shape.crossings;
  const overCells = new Set(crossings.map(([c]) => c));
  const under = (c) => c >= squares;
  const passages = new Set(data.passages.map(([a, b]) => `${Math.min(a, b)},${Math.max(a, b)}`));
  let sides = 2 * overCells.size;
  let solid = 4 * squares;
  const end = (c, open) => {
    sides += open ? 2 : 1;
    if (!open && !under(c)) solid += 1;
  };
  for (const [a, b] of data.geometry.walls) {
    const open = passages.has(`${Math.min(a, b)},${Math.max(a, b)}`);
    end(a, open);
    end(b, open);
  }
  for (const w of data.geometry.boundary) end(w[0], w[5] === 1);
  return { sides, solid, squares, overCells };
}

await check('a woven maze from the form: inset corridors, walked over and under its crossings', async () => {
  // A seed whose shortest route goes both over a crossing and under one.
  let seed = 0;
  let data = null;
  for (let s = 1; s < 60 && !data; s++) {
    const d = await page.evaluate(async (q) => (await fetch('/api/generate?' + q + '&geometry=1')).json(),
      `shape=square&width=7&height=6&weave=0.5&algorithm=kruskal&seed=${s}&solve=bfs`);
    const over = new Set(d.shape.crossings.map(([c]) => c));
    if (d.solution.path.some((c) => c >= 42) && d.solution.path.some((c) => over.has(c))) {
      seed = s;
      data = d;
    }
  }
  expect(data, 'no seed under 60 whose route goes over and under');
  await openMaze(`shape=square&width=7&height=6&algorithm=kruskal&seed=${seed}&solve=bfs`);
  await page.fill(testid('weave'), '0.5');
  await page.dispatchEvent(testid('weave'), 'change');
  const offered = await page.$$eval(`${testid('algorithm')} option`, (os) => os.map((o) => o.value));
  expect(!offered.includes('eller') && offered.includes('kruskal'), `generators offered: ${offered}`);
  // Generate makes a new maze unless a seed is typed: this check walks the found seed's route.
  await page.fill(testid('seed'), String(seed));
  await regenerate(() => page.click(testid('generate')));
  const status = await page.textContent(testid('status'));
  const n = data.shape.crossings.length;
  expect(status.includes(`woven: ${n} crossing`) && status.includes(`${42 + n} cells`), `status: ${status}`);
  expect(page.url().includes('weave=0.5'), `URL: ${page.url()}`);
  // Drawn as the pictures draw it: every corridor side and piece of solid ground.
  const want = wovenCounts(data);
  const count = async (id) => ((await page.getAttribute(testid(id), 'd')) || '').split('M').length - 1;
  expect(await count('walls') === want.sides, `${await count('walls')} sides drawn, ${want.sides} wanted`);
  expect(await count('solid') === want.solid, `${await count('solid')} pieces of ground, ${want.solid} wanted`);
  // Choosing a wrap clears the weave (they do not combine yet), and back.
  await page.selectOption(testid('wrap'), 'x');
  expect((await page.inputValue(testid('weave'))) === '', 'weave kept with a wrap');
  await page.fill(testid('weave'), '0.5');
  await page.dispatchEvent(testid('weave'), 'change');
  expect((await page.inputValue(testid('wrap'))) === '', 'wrap kept with a weave');
  // Play the route with the arrows: straight into a crossing goes over or under it.
  const c = data.geometry.centres;
  const path = data.solution.path;
  await page.click(testid('play'));
  const layers = new Set();
  for (let i = 1; i < path.length; i++) {
    const dx = c[path[i]][0] - c[path[i - 1]][0];
    const dy = c[path[i]][1] - c[path[i - 1]][1];
    await page.keyboard.press(Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? 'ArrowRight' : 'ArrowLeft') : (dy > 0 ? 'ArrowDown' : 'ArrowUp'));
    if (i + 1 < path.length) {
      const where = await page.getAttribute(testid('player'), 'data-layer');
      expect(where === (path[i] >= 42 ? 'under' : want.overCells.has(path[i]) ? 'over' : 'ground'),
        `step ${i}: the player is on ${where}`);
      layers.add(where);
      if (where === 'under' && !layers.has('shot')) {
        layers.add('shot');
        await page.screenshot({ path: join(artifacts, 'serve-weave-under.png') });
      }
    }
  }
  expect(layers.has('under') && layers.has('over'), `layers visited: ${[...layers]}`);
  await page.waitForSelector('body[data-playing="done"]');
  const steps = path.length - 1;
  const result = await page.textContent(testid('result'));
  expect(result.includes(`${steps} moves (shortest ${steps})`), `unexpected result: ${result}`);
  await page.click(testid('solve'));
  await page.locator(testid('maze')).screenshot({ path: join(artifacts, 'serve-weave.png') });
  // A replay opens the corridors as they are carved and ends on the same picture.
  await page.fill(testid('speed'), '100');
  await page.evaluate(() => { document.body.dataset.replayed = ''; });
  await page.click(testid('animate-generation'));
  await page.waitForSelector('body[data-replayed="generation"]');
  expect(await count('walls') === want.sides, 'the replay ends on the finished maze');
});

await check('a big woven maze on the canvas: plotted and stroked, walked under a crossing', async () => {
  await openMaze('shape=square&width=120&height=100&weave=0.3&algorithm=kruskal&seed=5&solve=bfs');
  const canvas = testid('maze-canvas');
  expect(await page.isHidden(testid('maze')), 'a big maze is not on the canvas');
  const mode = () => page.evaluate(() => document.querySelector('[data-testid="maze-canvas"]').dataset.mode);
  const sides = async () => Number(await page.getAttribute(canvas, 'data-walls'));
  // Zoomed out below 4 pixels a cell: plotted as pixels, every side of the maze.
  await page.keyboard.press('-');
  await page.keyboard.press('-');
  await page.waitForTimeout(100);
  expect((await mode()) === 'raster', `zoomed out: ${await mode()}`);
  const plotted = await sides();
  expect(plotted > 12000, `${plotted} sides plotted`);
  for (let i = 0; i < 8; i++) await page.keyboard.press('+');
  await page.waitForTimeout(100);
  expect((await mode()) === 'vector', `zoomed in: ${await mode()}`);
  const stroked = await sides();
  expect(stroked > 0 && stroked < plotted, `${stroked} sides stroked when zoomed in`);
  // Walk to a crossing from its west side, by keys, and under or over it.
  const data = await page.evaluate(async () => {
    const r = await fetch('/api/generate?shape=square&width=120&height=100&weave=0.3&algorithm=kruskal&seed=5');
    return r.json();
  });
  expect(data.shape.crossings.length > 500, `${data.shape.crossings.length} crossings`);
  await page.click(testid('play'));
  const [cell, over] = data.shape.crossings[0];
  await page.evaluate((c) => { play.cell = c - 1; drawPlayer(); }, cell);
  // The overlay is painted at the next frame: wait for the player to show there.
  const shown = (c) => page.waitForFunction((want) =>
    document.querySelector('[data-testid="maze-overlay"]').dataset.player === String(want), c, { timeout: 5000 });
  await page.keyboard.press('ArrowRight');
  // East into an east-west bridge stays on top; into a north-south one goes under it (the
  // first crossing's under cell is the first after the 120 x 100 squares).
  await shown(over === 0 ? cell : 12000);
  const layer = await page.getAttribute(testid('maze-overlay'), 'data-layer');
  expect(layer === (over === 0 ? 'over' : 'under'), `east into a crossing: on layer ${layer}`);
  await page.keyboard.press('ArrowRight');
  await shown(cell + 1);
  await page.screenshot({ path: join(artifacts, 'serve-weave-canvas.png') });
});

await check('accessibility: axe-core finds no serious or critical problem, on desktop and phone', async () => {
  const desktop = await seriousA11yProblems(page);
  expect(desktop.length === 0, 'desktop:\n' + desktop.join('\n'));
  const phone = await context.newPage();
  await phone.setViewportSize({ width: 390, height: 844 });
  await phone.goto(base + '#shape=polar&width=6&height=8&algorithm=wilson&seed=3&solve=bfs');
  await phone.waitForSelector('body[data-ready="1"]');
  const small = await seriousA11yProblems(phone);
  await phone.close();
  expect(small.length === 0, 'phone:\n' + small.join('\n'));
});

await check('screenshot and no errors in the page', async () => {
  await page.click(testid('solve'));
  await page.screenshot({ path: join(artifacts, 'serve-page.png'), fullPage: true });
  const real = problems.filter((p) => !p.includes('status of 413'));
  expect(real.length === 0, real.join('\n'));
});

await phoneBrowser.close();
await finish();
