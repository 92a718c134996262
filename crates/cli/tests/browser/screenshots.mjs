// Takes the README's pictures of the page (docs/images/page-*.png) from a running server:
//
//   node screenshots.mjs http://127.0.0.1:PORT/ OUT_DIR
//
// scripts/screenshots.sh starts the server and runs this. Each picture is a maze opened by
// its link, so the same command gives the same mazes: a hexagonal maze with its solution on
// a 1280 x 800 desktop, a square one being played under the fog of war on a 390 x 844
// touch phone, a 300 x 300 maze on the canvas at 1200 x 800 with "More options" open, and
// the worksheet panel filled in.
import { join } from 'node:path';
import { args, expect, launch, testid } from './harness.mjs';

const { base, artifacts: out } = args('node screenshots.mjs URL OUT_DIR');
const { context, page, problems, check, finish } = await launch({
  name: 'maze-screenshots',
  artifacts: out,
  viewport: { width: 1280, height: 800 },
  timeout: 30000,
  failureShot: 'screenshots-failure.png',
});

// Opens a maze by its link on page p and waits until it is drawn.
async function open(p, hash) {
  await p.evaluate(() => { document.body.dataset.ready = ''; }).catch(() => {});
  await p.goto(base + '#' + hash);
  await p.waitForSelector('body[data-ready="1"]');
}

await check('desktop: a hexagonal maze with its solution', async () => {
  await open(page, 'shape=hex&width=24&height=14&algorithm=wilson&seed=42&solve=bfs');
  await page.click(testid('solve'));
  expect((await page.getAttribute(testid('solve'), 'aria-pressed')) === 'true', 'the solution is not shown');
  await page.screenshot({ path: join(out, 'page-desktop.png') });
});

await check('phone: playing a square maze under the fog of war', async () => {
  const phone = await context.newPage();
  await phone.setViewportSize({ width: 390, height: 844 });
  const maze = 'shape=square&width=12&height=12&algorithm=recursive-backtracker&seed=5&solve=bfs';
  await open(phone, maze);
  await phone.selectOption(testid('fog'), 'sight');
  await phone.click(testid('play'));
  // The first steps of the shortest route, from the API's answer for the same maze.
  const answer = await (await phone.request.get(base + 'api/generate?' + maze)).json();
  const keys = { north: 'ArrowUp', east: 'ArrowRight', south: 'ArrowDown', west: 'ArrowLeft', U: 'ArrowUp', R: 'ArrowRight', D: 'ArrowDown', L: 'ArrowLeft' };
  const steps = answer.solution.moves.slice(0, 24);
  for (const move of steps) await phone.keyboard.press(keys[move]);
  const moved = await phone.textContent(testid('play-stats'));
  expect(moved.includes(`${steps.length} moves`), `the player did not follow the route: ${moved}`);
  await phone.evaluate(() => window.scrollTo(0, 0));
  await phone.waitForTimeout(500);
  await phone.screenshot({ path: join(out, 'page-phone.png') });
  await phone.close();
});

await check('desktop: a 300 x 300 maze on the canvas, with every option in view', async () => {
  await page.setViewportSize({ width: 1200, height: 800 });
  await open(page, 'shape=square&width=300&height=300&algorithm=recursive-backtracker&seed=5&solve=bfs');
  await page.evaluate(() => { document.getElementById('more').open = true; });
  await page.screenshot({ path: join(out, 'page-big.png') });
});

await check('desktop: the worksheet panel, filled in for 2 sheets of 4 mazes', async () => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await open(page, 'shape=square&width=12&height=9&algorithm=recursive-backtracker&seed=21&solve=bfs');
  await page.click('#worksheet > summary');
  await page.fill(testid('ws-title'), 'Maze week');
  await page.fill(testid('ws-instructions'), 'Find the way from the green dot to the red one.');
  await page.selectOption(testid('ws-per-page'), '4');
  await page.fill(testid('ws-pages'), '2');
  await page.selectOption(testid('ws-hardness'), 'medium');
  await page.evaluate(() => document.getElementById('worksheet').scrollIntoView({ block: 'center' }));
  await page.waitForTimeout(200);
  await page.screenshot({ path: join(out, 'page-worksheet.png') });
});

await check('no errors in the pages', async () => {
  expect(problems.length === 0, problems.join('\n'));
});
await finish();
