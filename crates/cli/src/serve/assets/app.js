// maze serve: the page. Plain JavaScript, no libraries: it asks /api/generate for a maze
// with its geometry (cell centres and outlines, one segment per wall) and its recorded
// steps, draws it as SVG, replays the steps, and lets you walk it.
'use strict';

const $ = (id) => document.getElementById(id);
const NS = 'http://www.w3.org/2000/svg';
const MARGIN = 0.5;
// Cell fills: 0 none, 1 visited/explored, 2 on the path, 3 frontier, 4 backtracked, 5 dead, 6 current.
const FILLS = 6;

let catalog = null; // /api/list
let maze = null; // the /api/generate answer
let geo = null; // maze.geometry
let adjacent = []; // cell -> adjacent cells (open or not)
let openSet = new Set(); // open passages, as pair keys
let fills = new Uint8Array(0);
let showSolution = false;
let anim = null;
let play = null;
// The settings of the maze on screen (its seed filled in): downloads and links use these,
// not the form, which may have changed since.
let drawn = null;
// Each Generate gets a number; an answer to an older one is dropped.
let requestId = 0;
// What a field holds when a link does not say (a link resets every field).
const DEFAULTS = {
  shape: 'square', width: '16', height: '10', algorithm: 'recursive-backtracker', seed: '', braid: '0',
  starts: '1', ends: '1', 'mask-text': '', entrance: '', exit: '', solver: 'bfs',
};
// Zones while a generation replays: cells joined so far (union-find), each zone in its
// own colour; the larger of two merging zones keeps its colour.
let zones = null;
const ZONE_COLOURS = 24;
// An uploaded picture, as mask rows of X (cell) and . (no cell) joined by '/'.
let maskData = '';
let maskName = '';
// The longest side of an uploaded picture, in cells (as the command line scales PNGs).
const PICTURE_CELLS = 64;
const ENDS = [
  ['', 'default'], ['top', 'top'], ['bottom', 'bottom'], ['left', 'left'], ['right', 'right'],
  ['outer', 'outer rim'], ['centre', 'centre'], ['random', 'random'], ['farthest', 'farthest (longest route)'],
];
const layer = {};

const pairKey = (a, b) => (a < b ? a * 4294967296 + b : b * 4294967296 + a);

function status(text, error) {
  const el = $('status');
  el.textContent = text;
  el.classList.toggle('error', !!error);
}

// ---- settings <-> form <-> URL -------------------------------------------------------
function settings() {
  const s = {
    shape: $('shape').value,
    width: $('width').value.trim(),
    height: $('height').value.trim(),
    algorithm: $('algorithm').value,
    seed: $('seed').value.trim(),
    braid: $('braid').value.trim(),
    starts: $('starts').value.trim(),
    ends: $('ends').value.trim(),
    solve: $('solver').value,
    'mask-text': $('mask-text').value.trim(),
    'mask-data': $('mask-text').value.trim() ? '' : maskData,
    'mask-connect': $('mask-connect').checked ? '1' : '',
    entrance: $('entrance').value,
    exit: $('exit').value,
  };
  return s;
}

function query(s, extra) {
  const q = new URLSearchParams();
  for (const k of ['shape', 'width', 'height', 'algorithm', 'seed']) if (s[k]) q.set(k, s[k]);
  if (s.braid && Number(s.braid) > 0) q.set('braid', s.braid);
  if ((Number(s.starts) || 1) > 1 || (Number(s.ends) || 1) > 1) {
    q.set('starts', s.starts || '1');
    q.set('ends', s.ends || '1');
  }
  for (const k of ['mask-text', 'mask-data', 'mask-connect', 'entrance', 'exit']) if (s[k]) q.set(k, s[k]);
  q.set('solve', s.solve || 'off');
  for (const [k, v] of Object.entries(extra || {})) q.set(k, v);
  return q.toString();
}

function fromUrl() {
  const q = new URLSearchParams(location.hash.slice(1) || location.search.slice(1));
  // Every field takes the link's value or its default: nothing is left from before.
  const set = (id, key) => { $(id).value = q.has(key) ? q.get(key) : DEFAULTS[id]; };
  set('shape', 'shape');
  fillAlgorithms();
  for (const k of ['width', 'height', 'algorithm', 'seed', 'braid', 'starts', 'ends', 'mask-text', 'entrance', 'exit']) set(k, k);
  const solve = q.get('solve');
  $('solver').value = solve === null ? DEFAULTS.solver : solve === 'off' ? '' : solve;
  $('mask-connect').checked = q.get('mask-connect') === '1';
  maskData = q.get('mask-data') || '';
  maskName = maskData ? 'the picture in the link' : '';
  if (q.has('mask-text') || q.has('mask-data')) {
    // A word or picture sets its own size unless the link gives one.
    if (!q.has('width')) $('width').value = '';
    if (!q.has('height')) $('height').value = '';
  }
  clearFieldErrors();
  showMask();
  shapeLabels();
  syncDifficulty();
}

// ---- checking the form -----------------------------------------------------------------
const NUMBER_FIELDS = [
  ['width', 'a whole number of cells', /^\d+$/, true],
  ['height', 'a whole number of cells', /^\d+$/, true],
  ['seed', 'a whole number (or empty for a random one)', /^\d+$/, true],
  ['starts', 'a whole number, 1 or more', /^[1-9]\d*$/, false],
  ['ends', 'a whole number, 1 or more', /^[1-9]\d*$/, false],
  ['braid', 'a number from 0 to 1, such as 0.5', /^(0(\.\d+)?|1(\.0+)?|\.\d+)$/, false],
];

function clearFieldErrors() {
  for (const [id] of NUMBER_FIELDS) {
    $(id).removeAttribute('aria-invalid');
    const note = $(id + '-error');
    if (note) note.remove();
  }
}

/// Checks the number fields; marks each bad one with a message under it. True when all are
/// good. Letters, exponents (1e3) and signs are refused, never replaced by a default.
function checkFields() {
  clearFieldErrors();
  let first = null;
  for (const [id, want, pattern, mayBeEmpty] of NUMBER_FIELDS) {
    const input = $(id);
    const value = input.value.trim();
    const bad = (input.validity && input.validity.badInput) || (value === '' ? !mayBeEmpty : !pattern.test(value));
    if (!bad) continue;
    input.setAttribute('aria-invalid', 'true');
    const note = document.createElement('span');
    note.id = id + '-error';
    note.className = 'field-error';
    note.dataset.testid = 'field-error';
    note.textContent = `${input.closest('label').firstChild.textContent.trim() || id}: enter ${want}.`;
    input.closest('label').after(note);
    input.setAttribute('aria-describedby', note.id);
    first = first || note.textContent;
  }
  if (first) status(first, true);
  return !first;
}

/// Names the size fields for the shape: circular mazes count rings.
/// The difficulty preset matching the size fields (document 001: level k is 2^k x 2^k).
function syncDifficulty() {
  const w = $('width').value.trim();
  const k = [1, 2, 3, 4, 5, 6, 7].find((k) => String(2 ** k) === w && $('height').value.trim() === w);
  $('difficulty').value = k ? String(k) : '';
}

function shapeLabels() {
  const polar = $('shape').value === 'polar';
  $('width-label').textContent = polar ? 'Cells in the inner ring' : 'Width';
  $('height-label').textContent = polar ? 'Rings' : 'Height';
}

function showMask() {
  const word = $('mask-text').value.trim();
  $('mask-note').textContent = word ? `The maze flows around the word ${word}.`
    : maskData ? `Shaped like ${maskName} (${maskData.split('/').length} rows).` : '';
}

/// Reads a picture into mask rows: its dark, opaque pixels are cells; the long side is
/// scaled to at most PICTURE_CELLS cells.
function loadPicture(file) {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      URL.revokeObjectURL(url);
      const long = Math.max(img.naturalWidth, img.naturalHeight);
      if (!long) return reject(new Error('the picture is empty'));
      const k = Math.min(1, PICTURE_CELLS / long);
      const w = Math.max(1, Math.round(img.naturalWidth * k));
      const h = Math.max(1, Math.round(img.naturalHeight * k));
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      const g = canvas.getContext('2d');
      g.drawImage(img, 0, 0, w, h);
      const px = g.getImageData(0, 0, w, h).data;
      const rows = [];
      for (let y = 0; y < h; y++) {
        let row = '';
        for (let x = 0; x < w; x++) {
          const i = 4 * (y * w + x);
          const luma = 0.299 * px[i] + 0.587 * px[i + 1] + 0.114 * px[i + 2];
          row += px[i + 3] >= 128 && luma < 128 ? 'X' : '.';
        }
        rows.push(row);
      }
      if (!rows.some((r) => r.includes('X'))) return reject(new Error('the picture has no dark pixels to make cells of'));
      resolve(rows.join('/'));
    };
    img.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error('cannot read that file as a picture'));
    };
    img.src = url;
  });
}

function fillAlgorithms() {
  const shape = $('shape').value;
  const sel = $('algorithm');
  const keep = sel.value;
  sel.innerHTML = '';
  for (const g of catalog.generators) {
    if (!g.shapes.includes(shape)) continue;
    const o = new Option(g.name, g.name);
    // Plain words for the tooltip: the catalogue's "doc 000:" source notes are for `maze list`.
    o.title = g.about.replace(/^doc \d+:\s*/, '');
    sel.add(o);
  }
  sel.value = [...sel.options].some((o) => o.value === keep) ? keep : 'recursive-backtracker';
}

// ---- drawing ---------------------------------------------------------------------------
function el(name, attrs, parent) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

function buildSvg() {
  const svg = $('maze');
  svg.innerHTML = '';
  const w = geo.width + 2 * MARGIN;
  const h = geo.height + 2 * MARGIN;
  svg.setAttribute('viewBox', `${-MARGIN} ${-MARGIN} ${w} ${h}`);
  svg.dataset.cells = maze.cells;
  svg.dataset.seed = maze.seed;
  const stroke = 0.12;
  layer.zones = el('g', { class: 'zones', 'data-testid': 'zones-layer' }, svg);
  const g = el('g', { class: 'fills' }, svg);
  layer.fills = [];
  for (let i = 1; i <= FILLS; i++) layer.fills[i] = el('path', { class: 'f' + i, d: '' }, g);
  layer.solution = el('path', { class: 'solution', 'stroke-width': 0.18, d: '', 'data-testid': 'solution-path', visibility: 'hidden' }, svg);
  layer.trail = el('path', { class: 'trail', 'stroke-width': 0.22, d: '', 'data-testid': 'breadcrumbs' }, svg);
  layer.walls = el('path', { class: 'walls', 'stroke-width': stroke, d: '', 'data-testid': 'walls' }, svg);
  // Starts are round and ends square, so they differ by shape as well as colour.
  const dot = (cell, cls) => {
    const [x, y] = geo.centres[cell];
    if (cls === 'end') el('rect', { class: cls, x: x - 0.2, y: y - 0.2, width: 0.4, height: 0.4 }, svg);
    else el('circle', { class: cls, cx: x, cy: y, r: 0.22 }, svg);
  };
  for (const c of [maze.entrance, ...(maze.starts || [])]) dot(c, 'start');
  for (const c of [maze.exit, ...(maze.ends || [])]) dot(c, 'end');
  layer.player = el('circle', { class: 'player', r: 0.3, 'stroke-width': 0.06, 'data-testid': 'player', visibility: 'hidden' }, svg);
}

/// A wall from (x1, y1) to (x2, y2): straight, or with a circle centre (cx, cy), the
/// shorter arc of that circle.
function wallPath(x1, y1, x2, y2, cx, cy) {
  if (cx === undefined) return `M${x1} ${y1}L${x2} ${y2}`;
  const r = Math.hypot(x1 - cx, y1 - cy);
  const sweep = (x1 - cx) * (y2 - cy) - (y1 - cy) * (x2 - cx) > 0 ? 1 : 0;
  return `M${x1} ${y1}A${r} ${r} 0 0 ${sweep} ${x2} ${y2}`;
}

function drawWalls() {
  const parts = [];
  for (const [a, b, x1, y1, x2, y2, cx, cy] of geo.walls) {
    if (!openSet.has(pairKey(a, b))) parts.push(wallPath(x1, y1, x2, y2, cx, cy));
  }
  for (const [, x1, y1, x2, y2, open, cx, cy] of geo.boundary) {
    if (!open) parts.push(wallPath(x1, y1, x2, y2, cx, cy));
  }
  layer.walls.setAttribute('d', parts.join(''));
}

function drawFills() {
  const parts = [];
  for (let i = 1; i <= FILLS; i++) parts[i] = [];
  for (let c = 0; c < fills.length; c++) {
    const f = fills[c];
    if (!f) continue;
    const o = geo.outlines[c];
    let d = `M${o[0]} ${o[1]}`;
    for (let k = 2; k < o.length; k += 2) d += `L${o[k]} ${o[k + 1]}`;
    parts[f].push(d + 'Z');
  }
  for (let i = 1; i <= FILLS; i++) layer.fills[i].setAttribute('d', parts[i].join(''));
}

// ---- zones ------------------------------------------------------------------------------
function zoneRoot(c) {
  while (zones.parent[c] !== c) c = zones.parent[c];
  return c;
}

function zoneJoin(a, b) {
  let ra = zoneRoot(a);
  let rb = zoneRoot(b);
  if (ra === rb) return;
  const [sa, sb] = [zones.size[ra], zones.size[rb]];
  if (sa < sb || (sa === sb && zones.label[rb] < zones.label[ra])) [ra, rb] = [rb, ra];
  zones.parent[rb] = ra;
  zones.size[ra] += zones.size[rb];
}

/// The zones of the walls on screen; labels kept from `old` (per cell) where possible.
function zonesFrom(old) {
  const n = maze.cells;
  zones = { parent: new Int32Array(n), size: new Int32Array(n).fill(1), label: new Int32Array(n), fresh: n, stale: false };
  for (let c = 0; c < n; c++) zones.parent[c] = zones.label[c] = c;
  for (const [a, b] of geo.walls) if (openSet.has(pairKey(a, b))) zoneJoin(a, b);
  if (!old) return;
  const claimed = new Set();
  const named = new Uint8Array(n);
  for (let c = 0; c < n; c++) {
    const r = zoneRoot(c);
    if (named[r]) continue;
    named[r] = 1;
    zones.label[r] = claimed.has(old[c]) ? zones.fresh++ : old[c];
    claimed.add(zones.label[r]);
  }
}

function zoneLabels() {
  const out = new Int32Array(maze.cells);
  for (let c = 0; c < out.length; c++) out[c] = zones.label[zoneRoot(c)];
  return out;
}

function zoneColour(label) {
  const k = (Math.imul(label + 1, 0x9e3779b1) >>> 0) % ZONE_COLOURS;
  return `hsl(${Math.round((k * 137.508) % 360)}, ${[70, 55, 80][k % 3]}%, ${[78, 68, 84][k % 3]}%)`;
}

function drawZones() {
  layer.zones.innerHTML = '';
  if (!zones) return;
  if (zones.stale) zonesFrom(zoneLabels());
  const parts = new Map();
  for (let c = 0; c < maze.cells; c++) {
    const colour = zoneColour(zones.label[zoneRoot(c)]);
    const o = geo.outlines[c];
    let d = `M${o[0]} ${o[1]}`;
    for (let k = 2; k < o.length; k += 2) d += `L${o[k]} ${o[k + 1]}`;
    parts.set(colour, (parts.get(colour) || '') + d + 'Z');
  }
  for (const [colour, d] of parts) el('path', { d, fill: colour }, layer.zones);
  layer.zones.dataset.count = String(new Set(zoneLabels()).size);
}

function line(cells) {
  return cells.map((c, i) => `${i ? 'L' : 'M'}${geo.centres[c][0]} ${geo.centres[c][1]}`).join('');
}

function finalWalls() {
  openSet = new Set(maze.passages.map(([a, b]) => pairKey(a, b)));
}

function drawSolution() {
  fills.fill(0);
  const sol = maze.solution;
  if (showSolution && sol) {
    for (const c of sol.visited) fills[c] = 1;
    for (const c of sol.path) fills[c] = 2;
    layer.solution.setAttribute('d', line(sol.path));
    layer.solution.setAttribute('visibility', 'visible');
  } else {
    layer.solution.setAttribute('visibility', 'hidden');
  }
  drawFills();
  $('solve').setAttribute('aria-pressed', String(showSolution));
  $('solve').textContent = showSolution ? 'Hide solution' : 'Show solution';
}

function drawFinal() {
  finalWalls();
  drawWalls();
  drawSolution();
}

// ---- generating ------------------------------------------------------------------------
async function generate() {
  if (!checkFields()) return;
  stopAnimation();
  stopPlay();
  const s = settings();
  const id = ++requestId;
  status('Generating…');
  document.body.dataset.ready = '';
  let data;
  try {
    const r = await fetch('/api/generate?' + query(s, { geometry: 1, events: 1 }));
    data = await r.json();
    if (id !== requestId) return; // a newer Generate is on its way
    if (!r.ok) {
      status(data.error || `error ${r.status}`, true);
      return;
    }
  } catch (e) {
    if (id === requestId) status('cannot reach the server: ' + e, true);
    return;
  }
  stopAnimation();
  stopPlay();
  maze = data;
  geo = data.geometry;
  adjacent = Array.from({ length: data.cells }, () => []);
  for (const [a, b] of geo.walls) {
    adjacent[a].push(b);
    adjacent[b].push(a);
  }
  fills = new Uint8Array(data.cells);
  $('seed').value = data.seed;
  s.seed = String(data.seed);
  drawn = s;
  history.replaceState(null, '', '#' + query(s));
  showSolution = false;
  buildSvg();
  drawFinal();
  updateDownloads();
  $('result').textContent = '';
  $('play-stats').textContent = '';
  status(`${data.shape.kind} ${data.shape.width}×${data.shape.height}, ${data.algorithm}, seed ${data.seed}: ` +
    `${data.cells} cells, shortest route ${data.shortest} steps`);
  document.body.dataset.ready = '1';
}

function updateDownloads() {
  if (!drawn) return;
  const s = { ...drawn };
  if (!showSolution) s.solve = '';
  for (const a of document.querySelectorAll('.downloads a')) {
    const extra = { format: a.dataset.format };
    if (a.dataset.format === 'png') extra['cell-size'] = $('png-size').value;
    a.href = '/api/render?' + query(s, extra);
  }
}

/// Prints the maze alone; with "Answer on a second page", the server's drawing of the same
/// maze with its solution follows on a page of its own (print stylesheet).
async function printMaze() {
  const holder = $('print-answer');
  holder.replaceChildren();
  if ($('print-answer-box').checked && drawn) {
    const s = { ...drawn, solve: drawn.solve && drawn.solve !== 'off' ? drawn.solve : 'bfs' };
    try {
      const r = await fetch('/api/render?' + query(s, { format: 'svg' }));
      if (!r.ok) throw new Error(`error ${r.status}`);
      const svg = new DOMParser().parseFromString(await r.text(), 'image/svg+xml').documentElement;
      const title = document.createElement('h2');
      title.textContent = 'Answer';
      holder.append(title, document.importNode(svg, true));
    } catch (e) {
      status('cannot fetch the answer page: ' + e.message, true);
      return;
    }
  }
  window.print();
}

/// Downloads through fetch, so that a refusal (a maze too large for STL, say) shows the
/// server's message instead of a silently cancelled download.
async function download(ev) {
  const a = ev.currentTarget;
  ev.preventDefault();
  const url = a.href;
  status(`Preparing the ${a.dataset.format.toUpperCase()} download…`);
  try {
    const r = await fetch(url);
    if (!r.ok) {
      let message = `error ${r.status}`;
      try {
        message = (await r.json()).error || message;
      } catch (_) { /* not JSON */ }
      status(`The ${a.dataset.format.toUpperCase()} download failed: ${message}`, true);
      return;
    }
    const blob = await r.blob();
    const name = /filename="?([^";]+)"?/.exec(r.headers.get('content-disposition') || '');
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = name ? name[1] : `maze.${a.dataset.format}`;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 60000);
    status(`Downloaded ${link.download}.`);
  } catch (e) {
    status('cannot reach the server: ' + e, true);
  }
}

// ---- replays ---------------------------------------------------------------------------
function stopAnimation() {
  if (anim) cancelAnimationFrame(anim.frame);
  anim = null;
  if ($('anim-pause')) replayControls();
  zones = null;
  if (layer.zones) layer.zones.innerHTML = '';
  document.body.dataset.animating = '';
}

function animate(kind) {
  if (!maze) return;
  stopAnimation();
  stopPlay();
  const rec = kind === 'generation' ? maze.events : maze.solve_events;
  if (!rec) {
    status('nothing recorded to replay', true);
    return;
  }
  showSolution = false;
  drawSolution();
  if (kind === 'generation') openSet = new Set();
  else finalWalls();
  fills.fill(0);
  if (kind === 'generation' && $('zones').checked) zonesFrom(null);
  drawWalls();
  drawFills();
  drawZones();
  anim = { kind, steps: rec.steps, i: 0, carry: 0, current: -1, truncated: rec.truncated, frame: 0, last: 0, paused: false };
  document.body.dataset.animating = kind;
  replayControls();
  status(`Replaying ${kind}: ${rec.total} steps`);
  anim.frame = requestAnimationFrame(tick);
}

/// Seconds a whole replay takes at the speed slider's value: 20 s in the middle (55),
/// halving every 10 steps to the right (about 1 s at 100), doubling to the left.
function replaySeconds() {
  return 20 * Math.pow(2, (55 - Number($('speed').value)) / 10);
}

function replayControls() {
  const on = !!anim;
  $('anim-pause').disabled = !on;
  $('anim-step').disabled = !on;
  $('anim-pause').textContent = on && anim.paused ? 'Resume' : 'Pause';
  $('anim-pause').setAttribute('aria-pressed', String(on && anim.paused));
  $('anim-progress').value = on && anim.steps.length ? anim.i / anim.steps.length : 0;
}

function apply(e) {
  const [what, a, b] = e;
  const gen = anim.kind === 'generation';
  switch (what) {
    case 'reset':
      openSet = new Set();
      if (a) for (const [p, q] of geo.walls) openSet.add(pairKey(p, q));
      if (zones) zones.stale = true;
      return;
    case 'carve':
      if (b >= 0) openSet.add(pairKey(a, b));
      if (zones && b >= 0) zoneJoin(a, b);
      if (gen) {
        fills[a] = 1;
        if (b >= 0) fills[b] = 1;
      }
      anim.current = b >= 0 ? b : a;
      return;
    case 'wall':
      if (b >= 0) openSet.delete(pairKey(a, b));
      if (zones) zones.stale = true;
      anim.current = a;
      return;
    case 'visit': fills[a] = 1; anim.current = a; return;
    case 'frontier': if (fills[a] !== 1) fills[a] = 3; return;
    case 'backtrack': fills[a] = 4; anim.current = a; return;
    case 'path': fills[a] = 2; return;
    case 'dead': fills[a] = 5; return;
    default:
  }
}

function tick(now) {
  if (!anim) return;
  // Time-based: the whole replay takes replaySeconds(), whatever its length.
  const dt = anim.last ? Math.min(0.25, (now - anim.last) / 1000) : 0;
  anim.last = now;
  if (!anim.paused) anim.carry += (dt * anim.steps.length) / replaySeconds();
  let n = anim.paused ? (anim.stepOnce ? 1 : 0) : Math.floor(anim.carry);
  if (!anim.paused) anim.carry -= n;
  anim.stepOnce = false;
  const prev = anim.current;
  if (prev >= 0 && fills[prev] === 6) fills[prev] = anim.kind === 'generation' ? 1 : 1;
  while (n-- > 0 && anim.i < anim.steps.length) apply(anim.steps[anim.i++]);
  if (anim.i >= anim.steps.length) {
    const kind = anim.kind;
    const note = anim.truncated ? ' (the recording was cut short; showing the finished maze)' : '';
    stopAnimation();
    if (kind === 'solving') showSolution = true;
    drawFinal();
    updateDownloads();
    status(`Replayed ${kind}${note}.`);
    document.body.dataset.replayed = kind;
    return;
  }
  if (anim.current >= 0 && fills[anim.current] !== 2) fills[anim.current] = 6;
  if (zones) fills.fill(0);
  drawWalls();
  drawFills();
  drawZones();
  replayControls();
  anim.frame = requestAnimationFrame(tick);
}

// ---- playing ---------------------------------------------------------------------------
function stopPlay() {
  if (play) clearInterval(play.timer);
  play = null;
  if (layer.player) layer.player.setAttribute('visibility', 'hidden');
  if (layer.trail) layer.trail.setAttribute('d', '');
  $('play').textContent = 'Play';
}

function startPlay() {
  if (!maze) return;
  stopAnimation();
  stopPlay();
  drawFinal();
  play = { cell: maze.entrance, moves: 0, start: 0, trail: [maze.entrance], done: false, timer: 0 };
  play.timer = setInterval(showStats, 200);
  $('play').textContent = 'Restart';
  $('result').textContent = '';
  document.body.dataset.playing = '1';
  drawPlayer();
  showStats();
  $('maze').focus();
}

function elapsed() {
  if (!play || !play.start) return 0;
  return ((play.end || performance.now()) - play.start) / 1000;
}

function showStats() {
  if (!play) return;
  $('play-stats').textContent = `${play.moves} moves · ${elapsed().toFixed(1)} s`;
}

function drawPlayer() {
  const [x, y] = geo.centres[play.cell];
  layer.player.setAttribute('cx', x);
  layer.player.setAttribute('cy', y);
  layer.player.setAttribute('visibility', 'visible');
  layer.trail.setAttribute('d', line(play.trail));
}

function moveTo(to) {
  if (!play || play.done || to === play.cell) return false;
  if (!adjacent[play.cell].includes(to) || !openSet.has(pairKey(play.cell, to))) return false;
  if (!play.start) play.start = performance.now();
  play.cell = to;
  play.moves++;
  // Breadcrumbs: stepping back onto the previous cell takes the last crumb up.
  const t = play.trail;
  if (t.length > 1 && t[t.length - 2] === to) t.pop();
  else t.push(to);
  drawPlayer();
  showStats();
  if (to === maze.exit) {
    play.done = true;
    play.end = performance.now();
    clearInterval(play.timer);
    const time = elapsed().toFixed(1);
    $('result').textContent = `Solved: ${play.moves} moves (shortest ${maze.shortest}), time ${time} s`;
    document.body.dataset.playing = 'done';
  }
  return true;
}

/// The open neighbour most nearly in direction (dx, dy), if any is within about 70 degrees.
function step(dx, dy) {
  const [x, y] = geo.centres[play.cell];
  const len = Math.hypot(dx, dy);
  let best = -1;
  let bestCos = 0.34;
  for (const n of adjacent[play.cell]) {
    if (!openSet.has(pairKey(play.cell, n))) continue;
    const vx = geo.centres[n][0] - x;
    const vy = geo.centres[n][1] - y;
    const cos = (vx * dx + vy * dy) / (Math.hypot(vx, vy) * len);
    if (cos > bestCos + 1e-9) {
      bestCos = cos;
      best = n;
    }
  }
  return best >= 0 && moveTo(best);
}

/// A swipe on the maze: slide the player that way until a wall stops it.
function swipe(dx, dy) {
  for (let n = 0; n < 10000 && play && !play.done && step(dx, dy); n++);
}

const KEYS = {
  ArrowUp: [0, -1], w: [0, -1], k: [0, -1],
  ArrowDown: [0, 1], s: [0, 1], j: [0, 1],
  ArrowLeft: [-1, 0], a: [-1, 0], h: [-1, 0],
  ArrowRight: [1, 0], d: [1, 0], l: [1, 0],
  q: [-0.5, -0.87], y: [-0.5, -0.87], e: [0.5, -0.87], u: [0.5, -0.87],
  z: [-0.5, 0.87], b: [-0.5, 0.87], c: [0.5, 0.87], n: [0.5, 0.87],
};

function onKey(ev) {
  if (!play || ev.ctrlKey || ev.metaKey || ev.altKey) return;
  const t = ev.target;
  if (t && (t.tagName === 'INPUT' || t.tagName === 'SELECT')) return;
  const dir = KEYS[ev.key] || KEYS[ev.key.toLowerCase()];
  if (!dir) return;
  ev.preventDefault();
  step(dir[0], dir[1]);
}

function svgPoint(ev) {
  const svg = $('maze');
  const m = svg.getScreenCTM();
  if (!m) return null;
  const p = new DOMPoint(ev.clientX, ev.clientY).matrixTransform(m.inverse());
  return [p.x, p.y];
}

function onPointer(ev) {
  if (!play || play.done) return;
  if (ev.type === 'pointermove' && !ev.buttons) return;
  const p = svgPoint(ev);
  if (!p) return;
  // Walk towards the pointer: while an open neighbour is nearer to it than the current
  // cell, step there, so a fast drag that skips cells still walks every cell between.
  const dist = (c) => Math.hypot(geo.centres[c][0] - p[0], geo.centres[c][1] - p[1]);
  for (let guard = 0; guard < 10000 && !play.done; guard++) {
    let best = play.cell;
    let bestD = dist(play.cell);
    for (const c of adjacent[play.cell]) {
      if (!openSet.has(pairKey(play.cell, c))) continue;
      const d = dist(c);
      if (d < bestD - 1e-9) {
        bestD = d;
        best = c;
      }
    }
    // Only step when the pointer is nearer the next cell than half a cell from this one.
    if (best === play.cell || dist(play.cell) < 0.5) break;
    moveTo(best);
  }
}

// ---- start -----------------------------------------------------------------------------
async function init() {
  try {
    catalog = await (await fetch('/api/list')).json();
  } catch (e) {
    status('cannot reach the server: ' + e, true);
    return;
  }
  for (const s of catalog.shapes) $('shape').add(new Option(s.name, s.name));
  $('solver').add(new Option('(none)', ''));
  for (const s of catalog.solvers) $('solver').add(new Option(s.name + (s.shortest ? ' (shortest)' : ''), s.name));
  $('solver').value = 'bfs';
  for (const id of ['entrance', 'exit']) for (const [v, label] of ENDS) $(id).add(new Option(label, v));
  fromUrl();
  $('shape').addEventListener('change', () => {
    fillAlgorithms();
    shapeLabels();
  });
  // A new word or picture sets its own size: the size fields go back to "auto".
  const autoSize = () => {
    $('width').value = '';
    $('height').value = '';
  };
  $('mask-text').addEventListener('change', () => {
    autoSize();
    showMask();
  });
  $('mask-file').addEventListener('change', async () => {
    const file = $('mask-file').files[0];
    if (!file) return;
    try {
      maskData = await loadPicture(file);
      maskName = file.name;
      $('mask-text').value = '';
      autoSize();
      showMask();
      generate();
    } catch (e) {
      status(e.message, true);
    }
  });
  $('mask-clear').addEventListener('click', () => {
    maskData = '';
    maskName = '';
    $('mask-text').value = '';
    $('mask-file').value = '';
    if (!$('width').value) $('width').value = '16';
    if (!$('height').value) $('height').value = '10';
    showMask();
  });
  $('settings').addEventListener('submit', (ev) => {
    ev.preventDefault();
    generate();
  });
  $('reseed').addEventListener('click', () => {
    $('seed').value = '';
    generate();
  });
  $('solve').addEventListener('click', () => {
    stopAnimation();
    if (!maze) return;
    if (!maze.solution) {
      status('choose a solver and generate again to see a solution', true);
      return;
    }
    showSolution = !showSolution;
    finalWalls();
    drawWalls();
    drawSolution();
    updateDownloads();
  });
  for (const a of document.querySelectorAll('.downloads a')) a.addEventListener('click', download);
  $('animate-generation').addEventListener('click', () => animate('generation'));
  $('animate-solving').addEventListener('click', () => animate('solving'));
  $('anim-pause').addEventListener('click', () => {
    if (!anim) return;
    anim.paused = !anim.paused;
    replayControls();
  });
  $('anim-step').addEventListener('click', () => {
    if (!anim) return;
    anim.paused = true;
    anim.stepOnce = true;
    replayControls();
  });
  $('play').addEventListener('click', startPlay);
  $('print').addEventListener('click', printMaze);
  $('png-size').addEventListener('change', updateDownloads);
  $('difficulty').addEventListener('change', () => {
    const k = Number($('difficulty').value);
    if (!k) return;
    $('width').value = String(2 ** k);
    $('height').value = String(2 ** k);
  });
  for (const id of ['width', 'height']) $(id).addEventListener('input', syncDifficulty);
  document.addEventListener('keydown', onKey);
  const svg = $('maze');
  // A press on or beside the player walks it towards the pointer (drag); a press elsewhere
  // is a swipe, which slides the player that way (phones: the page does not scroll).
  let gesture = null;
  svg.addEventListener('pointerdown', (ev) => {
    if (!play) return;
    svg.setPointerCapture(ev.pointerId);
    const p = svgPoint(ev);
    const [x, y] = geo.centres[play.cell];
    const walk = !!p && Math.hypot(p[0] - x, p[1] - y) < 2.2;
    gesture = { x: ev.clientX, y: ev.clientY, walk };
    if (walk) onPointer(ev);
  });
  svg.addEventListener('pointermove', (ev) => {
    if (gesture && gesture.walk) onPointer(ev);
  });
  svg.addEventListener('pointerup', (ev) => {
    if (gesture && !gesture.walk && play && !play.done) {
      const dx = ev.clientX - gesture.x;
      const dy = ev.clientY - gesture.y;
      if (Math.hypot(dx, dy) > 24) swipe(dx, dy);
    }
    gesture = null;
  });
  window.addEventListener('hashchange', () => {
    const s = query(settings());
    if (location.hash.slice(1) !== s) {
      fromUrl();
      generate();
    }
  });
  await generate();
}

init();
