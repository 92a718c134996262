// maze serve: the page. Plain JavaScript, no libraries: it asks /api/generate for a maze
// with its geometry (cell centres and outlines, one segment per wall) and its recorded
// steps, packed as typed arrays; draws it as SVG (small mazes) or on a canvas with zoom and
// pan (big ones); replays the steps, and lets you walk it.
'use strict';

const $ = (id) => document.getElementById(id);
const NS = 'http://www.w3.org/2000/svg';
const MARGIN = 0.5;
// The radius of the start and end dots, in cells.
const DOT_R = 0.22;
// Cell fills: 0 none, 1 visited/explored, 2 on the path, 3 frontier, 4 backtracked, 5 dead, 6 current.
const FILLS = 6;

let catalog = null; // /api/list
let maze = null; // the /api/generate?packed=1 answer: its header, with the arrays in maze.sec
let model = null; // the maze's cells and walls (buildModel), walls open or closed as on screen
let fills = new Uint8Array(0);
let showSolution = false;
let anim = null;
let play = null;
// The settings of the maze on screen (its seed filled in): downloads and links use these,
// not the form, which may have changed since.
let drawn = null;
// Each Generate gets a number; an answer to an older one is dropped.
let requestId = 0;
// Where the Seed box's number came from: 'typed' by the user, a 'link', or 'drawn' (the
// seed of the maze on screen). Generate makes a new maze unless it was typed or linked,
// or "Keep seed" is ticked; either way the link carries the seed used.
let seedFrom = 'drawn';
// Whether the link asked for the solution to be shown (solution=1).
let linkSolution = false;
// The address of the maze on screen (after '#'): Back and Forward draw another one.
let shownLink = null;
// What a field holds when a link does not say (a link resets every field).
const DEFAULTS = {
  shape: 'square', width: '16', height: '10', algorithm: 'recursive-backtracker', seed: '',
  starts: '1', ends: '1', 'mask-text': '', solver: 'bfs', wrap: '', levels: '1', weave: '',
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

function status(text, error) {
  const el = $('status');
  el.textContent = text;
  el.classList.toggle('error', !!error);
}

/// The status line for a request that got no answer.
function unreachable(e) {
  const why = e && e.message ? e.message : String(e);
  return engine === 'server' ? 'cannot reach the server: ' + why : why;
}

// ---- the engine: the server, or the WebAssembly module --------------------------------
// Every request of the page goes through ask(): to `maze serve`'s API when the page is
// served by it, or to the same engine compiled to WebAssembly, run in a Web Worker, when
// the page is a static site (scripts/build-site.sh marks it with <meta name="maze-engine"
// content="module">) or when no server answers. The module gives the API's bytes and
// errors for the same request (crates/web over maze::api), and its answers are made into
// fetch Responses here, so nothing else in the page knows which engine it asked.
let engine = document.querySelector('meta[name="maze-engine"]')?.content === 'module' ? 'module' : 'server';
let worker = null;
const workerJobs = new Map(); // job id -> { resolve, reject }
let workerJob = 0;
// An answer at least this large (bytes) means the module grew its memory: it is let go.
const BIG_ANSWER = 8 << 20;

function startWorker() {
  worker = new Worker('worker.js', { type: 'module' });
  worker.onmessage = (e) => {
    const job = workerJobs.get(e.data.id);
    if (!job) return;
    if (e.data.stage) {
      // A stage of the job began; the answer comes later.
      if (job.onStage) job.onStage(e.data.stage);
      return;
    }
    workerJobs.delete(e.data.id);
    const headers = { 'content-type': e.data.type };
    if (e.data.name) headers['content-disposition'] = `attachment; filename="${e.data.name}"`;
    const size = e.data.bytes ? e.data.bytes.byteLength : 0;
    job.resolve(new Response(e.data.bytes, { status: e.data.status, headers }));
    if (e.data.restart) stopWorker(new Error('the maze engine restarted after an internal error'));
    // WebAssembly memory only grows: after a big job, with nothing else waiting, the
    // module is let go (the next job loads it again in a few milliseconds), so a
    // 10^6-cell maze's hundreds of MB are handed back to the system.
    else if (size >= BIG_ANSWER && !workerJobs.size) stopWorker(null);
  };
  worker.onerror = (e) => {
    e.preventDefault();
    stopWorker(new Error('the maze engine (WebAssembly) failed to start: ' + (e.message || 'unknown error')));
  };
}

/// Ends the worker and every job it holds (their promises reject with `why`): the only way
/// to stop a WebAssembly call that is running. The next ask() starts a fresh one (the
/// module loads again in a few milliseconds, from the browser's cache).
function stopWorker(why) {
  if (worker) worker.terminate();
  worker = null;
  for (const job of workerJobs.values()) job.reject(why);
  workerJobs.clear();
}

/// Asks the engine for `url` (an API path with its query, as `/api/generate?width=8`), as
/// fetch does: `options.method` and `options.body` for a POST, `options.signal` (an
/// AbortSignal) to cancel, and `options.onStage(name)`, told by the module as each stage of
/// the job starts ("making", "solving", "drawing"; the server tells none). Resolves to a
/// Response.
function ask(url, options = {}) {
  if (engine === 'server') return fetch(url, options);
  const u = new URL(url, location.href);
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) return reject(new DOMException('cancelled', 'AbortError'));
    if (!worker) startWorker();
    const id = ++workerJob;
    workerJobs.set(id, { resolve, reject, onStage: options.onStage });
    options.signal?.addEventListener('abort', () => {
      if (workerJobs.has(id)) stopWorker(new DOMException('cancelled', 'AbortError'));
    });
    worker.postMessage({
      id, method: options.method || 'GET', path: u.pathname.replace(/^.*(\/api\/)/, '$1'),
      query: u.search.slice(1), body: options.body ?? null,
    });
  });
}

// ---- the one piece of work ----------------------------------------------------------
// Everything the page starts that takes a while (a Generate, Show solution's Generate, a
// replay, a download, a worksheet, a print) is one job owned by the one controller here:
// a newer job cancels the older one completely (its request aborted, its timer cleared,
// its replay stopped, its later messages dropped), and so does Cancel. Only the job that is
// current may write the status line, so the line always ends in the last job's message.
let working = null;

/// Starts a job: cancels the one before (whatever it was), shows `what` with the time it
/// has taken so far (when `timed`), and the Cancel button after half a second. `stop` is
/// called when the job is cancelled (a replay stops its frames). Returns the job: `signal`
/// (an AbortSignal for its requests), `current()` (whether it is still the page's job),
/// `say(text, error)` (the status line, if still current), `onStage` (the module's stages)
/// and `end(text, error)` (the job is over; its last message).
function startWork(what, { timed = true, stop = null, kind = '' } = {}) {
  stopWork();
  const controller = new AbortController();
  const started = performance.now();
  const work = { controller, signal: controller.signal, timer: 0, stage: '', stop, kind };
  work.current = () => working === work;
  work.say = (text, error) => {
    if (working === work) status(text, error);
  };
  const tell = () => {
    if (working !== work) return;
    const secs = (performance.now() - started) / 1000;
    status(`${what}${work.stage ? ' ' + work.stage : ''}${secs >= 1 ? ` ${Math.floor(secs)} s` : ''}`);
  };
  if (timed) {
    work.timer = setInterval(() => {
      if (working !== work) return clearInterval(work.timer);
      if ((performance.now() - started) / 1000 >= 0.5) $('cancel').hidden = false;
      tell();
    }, 250);
  }
  // The stage the engine says it is at (the module does; the server does not).
  work.onStage = (stage) => {
    if (working !== work) return;
    work.stage = STAGE_WORDS[stage] || '';
    document.body.dataset.stage = stage;
    tell();
  };
  /// The job is over: its timer stops, and `text` (if any) is its last word.
  work.end = (text, error) => {
    if (working !== work) return;
    clearInterval(work.timer);
    working = null;
    $('cancel').hidden = true;
    if (text !== undefined) status(text, error);
  };
  working = work;
  document.body.dataset.job = String((Number(document.body.dataset.job) || 0) + 1);
  status(what);
  return work;
}

/// How the status line words each stage of a job.
const STAGE_WORDS = { making: 'making the maze…', solving: 'solving…', drawing: 'drawing…' };

/// Cancels the job in progress, if any, completely: its request is aborted, its timer
/// cleared and its own stop (a replay's frames) called. True when there was one.
function stopWork() {
  const work = working;
  if (!work) return false;
  working = null;
  clearInterval(work.timer);
  work.controller.abort();
  $('cancel').hidden = true;
  if (work.stop) work.stop();
  // A Generate stopped by another job leaves the maze on screen ready.
  if (work.kind === 'generate') document.body.dataset.ready = '1';
  return true;
}

/// Cancel: stops the work in progress; the maze on screen stays.
function cancelWork() {
  if (!stopWork()) return;
  status('Cancelled.');
  document.body.dataset.ready = '1';
}

// ---- settings <-> form <-> URL -------------------------------------------------------
/// The request's fields the page takes as they are: every form element with a `data-field`
/// attribute, which names the request's field (the command line's long flag), an `id`, and
/// a `<label>` around it. Each is sent when it differs from its default (the element's
/// own `value`, `checked` or `selected`, which must mean what the request's default
/// means), read back from a link, opens "More options" when set, and is the field a
/// refusal starting with its name points to. A new maze or solving option of the request
/// (the fields `/api/generate` takes) needs no more on the page than such an element in
/// index.html. A drawing option belongs to the downloads instead (the page draws its own
/// picture), whose menu is written out below.
const plainFields = () => [...document.querySelectorAll('[data-field]')];

/// A plain field's value as the request takes it: a ticked box is '1'.
const plainValue = (el) => (el.type === 'checkbox' ? (el.checked ? '1' : '') : el.value.trim());

/// A plain field's default.
function plainDefault(el) {
  if (el.type === 'checkbox') return el.defaultChecked ? '1' : '';
  if (el.tagName === 'SELECT') return ([...el.options].find((o) => o.defaultSelected) || { value: '' }).value;
  return el.defaultValue;
}

/// Whether a plain field's value `v` is its default (numbers by value: 0.0 is 0).
function atDefault(el, v) {
  const def = plainDefault(el);
  if (el.type === 'number' && v !== '' && def !== '') return Number(v) === Number(def);
  return v === def;
}

/// Sets a plain field from a link's value (or its default); a value the field cannot hold
/// is told in `unknown`, as for the other fields.
function setPlain(el, q, unknown) {
  const key = el.dataset.field;
  const want = q.has(key) ? q.get(key) : plainDefault(el);
  if (el.type === 'checkbox') {
    el.checked = want === '1';
    if (!['1', '0', ''].includes(want)) unknown.push(`${key}=${want} is not 1 or 0 (${fieldName(el.id)}: off is used)`);
    return;
  }
  el.value = want;
  if (el.value === want) return;
  el.value = plainDefault(el);
  const why = el.tagName === 'SELECT' ? 'is not offered here' : el.type === 'number' ? 'is not a number' : 'cannot be used';
  unknown.push(`${key}=${want} ${why} (${fieldName(el.id)}: ${el.value || 'default'} is used)`);
}

function settings() {
  const s = {
    shape: $('shape').value,
    width: $('width').value.trim(),
    height: $('height').value.trim(),
    algorithm: $('algorithm').value,
    seed: $('seed').value.trim(),
    starts: $('starts').value.trim(),
    ends: $('ends').value.trim(),
    solve: $('solver').value,
    'mask-text': $('mask-text').value.trim(),
    'mask-data': $('mask-text').value.trim() ? '' : maskData,
    wrap: $('wrap').value,
    levels: $('levels').value.trim(),
    weave: $('weave').value.trim(),
  };
  for (const el of plainFields()) s[el.dataset.field] = plainValue(el);
  return s;
}

function query(s, extra) {
  const q = new URLSearchParams();
  for (const k of ['shape', 'width', 'height', 'algorithm', 'seed']) if (s[k]) q.set(k, s[k]);
  if ((Number(s.starts) || 1) > 1 || (Number(s.ends) || 1) > 1) {
    q.set('starts', s.starts || '1');
    q.set('ends', s.ends || '1');
  }
  for (const k of ['mask-text', 'mask-data', 'wrap']) if (s[k]) q.set(k, s[k]);
  for (const el of plainFields()) {
    const k = el.dataset.field;
    if (s[k] && !atDefault(el, s[k])) q.set(k, s[k]);
  }
  if ((Number(s.levels) || 1) !== 1) q.set('levels', s.levels);
  if (s.weave && Number(s.weave) > 0) q.set('weave', s.weave);
  q.set('solve', s.solve || 'off');
  for (const [k, v] of Object.entries(extra || {})) q.set(k, v);
  return q.toString();
}

// The parameters a link may hold (as query() writes them) besides the fields' own.
const LINK_KEYS = ['shape', 'width', 'height', 'algorithm', 'seed', 'starts', 'ends', 'mask-text', 'mask-data',
  'wrap', 'levels', 'weave', 'solve', 'solution'];

/// Sets the form from the address (a link resets every field). What the page cannot use,
/// an unknown parameter or a value no list offers, is told in a note over the maze
/// instead of being dropped silently.
function fromUrl() {
  const q = new URLSearchParams(location.hash.slice(1) || location.search.slice(1));
  const unknown = [];
  // Every field takes the link's value or its default: nothing is left from before. A
  // list that has no such value keeps its default, and the note says so.
  const set = (id, key) => {
    const el = $(id);
    const want = q.has(key) ? q.get(key) : DEFAULTS[id];
    el.value = want;
    if (el.tagName === 'SELECT' && el.value !== want) {
      el.value = DEFAULTS[id];
      if (el.value !== DEFAULTS[id] && el.options.length) el.selectedIndex = 0;
      if (q.has(key)) unknown.push(`${key}=${want} is not offered here (${fieldName(id)}: ${el.selectedOptions[0] ? el.selectedOptions[0].text : 'default'} is used)`);
    } else if (el.type === 'number' && el.value !== want) {
      // A number field empties itself when given what is not a number.
      el.value = DEFAULTS[id];
      unknown.push(`${key}=${want} is not a number (${fieldName(id)}: ${el.value || 'auto'} is used)`);
    }
  };
  set('shape', 'shape');
  // Wrapping, levels and weave first: they decide which generators the list offers.
  set('wrap', 'wrap');
  set('levels', 'levels');
  set('weave', 'weave');
  // The plain fields too (the labyrinth box before topologyFields, which clears it on a
  // shape without labyrinths).
  for (const el of plainFields()) setPlain(el, q, unknown);
  unknown.push(...topologyFields(true));
  fillAlgorithms();
  for (const k of ['width', 'height', 'algorithm', 'seed', 'starts', 'ends', 'mask-text']) set(k, k);
  seedFrom = $('seed').value.trim() ? 'link' : 'drawn';
  linkSolution = q.get('solution') === '1';
  const solve = q.get('solve');
  $('solver').value = solve === null ? DEFAULTS.solver : solve === 'off' ? '' : solve;
  if (solve !== null && solve !== 'off' && $('solver').value !== solve) {
    $('solver').value = DEFAULTS.solver;
    unknown.push(`solve=${solve} is not offered here (${fieldName('solver')}: ${DEFAULTS.solver} is used)`);
  }
  const known = [...LINK_KEYS, ...plainFields().map((el) => el.dataset.field)];
  for (const k of new Set(q.keys())) if (!known.includes(k)) unknown.push(`${k} is not a setting this page knows (left out)`);
  linkNote(unknown);
  // A link that sets one of the further options shows them.
  const further = ['algorithm', 'solver', 'wrap', 'levels', 'weave', 'starts', 'ends', 'mask-text'];
  const changed = (el) => $('more').contains(el) && !atDefault(el, plainValue(el));
  if (further.some((id) => $(id).value !== DEFAULTS[id]) || q.has('mask-data') || plainFields().some(changed)) $('more').open = true;
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

/// Shows (or, given nothing, hides) the note over the maze about what a link held that the
/// page could not use.
function linkNote(problems) {
  const note = $('link-note');
  note.hidden = !problems.length;
  note.textContent = problems.length ? `This link has settings the page cannot use: ${problems.join('; ')}.` : '';
}

/// The words a field is known by on the page (its label).
function fieldName(id) {
  const names = { solver: 'Way to solve', algorithm: 'Maze style', 'mask-text': 'Word', wrap: 'Wrap', levels: 'Levels', weave: 'Bridges', seed: 'Seed', braid: 'Loops', unicursal: 'Labyrinth' };
  if (names[id]) return names[id];
  if (id === 'width' || id === 'height') return $(id + '-label').textContent;
  const label = $(id) && $(id).closest('label');
  return label ? label.firstChild.textContent.trim() : id;
}

/// Offers Wrap, Levels and Weave only for a shape that has them (the catalogue's
/// capabilities, from /api/list). A value the shape cannot take goes back to its default;
/// with `fromLink`, the words for what was set aside are returned for the link's note.
function topologyFields(fromLink) {
  const shape = catalog.shapes.find((s) => s.name === $('shape').value) || {};
  const dropped = [];
  for (const [id, cap, off] of [['wrap', 'wrap', ''], ['levels', 'levels', '1'], ['weave', 'weave', '']]) {
    const on = !!shape[cap];
    $(id + '-field').hidden = !on;
    $(id).disabled = !on;
    if (!on && $(id).value !== off) {
      if (fromLink) dropped.push(`${id}=${$(id).value} does not work on ${shapeWords(shape.name) || 'this shape'} cells (left out)`);
      $(id).value = off;
    }
  }
  // A labyrinth: offered for the shapes that split into blocks (square cells, polar rings).
  const labyrinth = !!shape.unicursal;
  $('unicursal-field').hidden = !labyrinth;
  $('unicursal').disabled = !labyrinth;
  if (!labyrinth && $('unicursal').checked) {
    if (fromLink) dropped.push(`unicursal=1 (a labyrinth) does not work on ${shapeWords(shape.name) || 'this shape'} cells (left out)`);
    $('unicursal').checked = false;
  }
  const missing = ['wrap', 'levels', 'weave'].filter((k) => !shape[k]).map((k) => fieldName(k));
  const cells = `${shapeWords(shape.name)} cells`;
  $('topology-note').textContent = missing.length === 3 ? `${fieldName('wrap')}, ${fieldName('levels')} and ${fieldName('weave')} are not offered for ${cells}.`
    : missing.length ? `${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} not offered for ${cells}.` : '';
  return dropped;
}

// ---- checking the form -----------------------------------------------------------------
const NUMBER_FIELDS = [
  ['width', 'a whole number of cells', /^\d+$/, true],
  ['height', 'a whole number of cells', /^\d+$/, true],
  ['seed', 'a whole number (or empty for a random one)', /^\d+$/, true],
  ['starts', 'a whole number, 1 or more', /^[1-9]\d*$/, false],
  ['ends', 'a whole number, 1 or more', /^[1-9]\d*$/, false],
  ['levels', 'a whole number, 1 or more', /^[1-9]\d*$/, false],
  ['braid', 'a number from 0 to 1, such as 0.5', /^(0(\.\d+)?|1(\.0+)?|\.\d+)$/, false],
  ['rooms', 'a whole number, 0 or more', /^\d+$/, false],
  ['weave', 'a number from 0 to 1, such as 0.3 (or nothing)', /^(0(\.\d+)?|1(\.0+)?|\.\d+)$/, true],
];

function clearFieldErrors() {
  for (const note of document.querySelectorAll('.field-error')) {
    const input = $(note.id.replace(/-error$/, ''));
    if (input) {
      input.removeAttribute('aria-invalid');
      input.removeAttribute('aria-describedby');
    }
    note.remove();
  }
}

/// Puts `text` under the field `id` (after its label, so that a pair of fields keeps its
/// widths: see .pair in style.css), marks the field invalid and gives it the focus (opening
/// "More options" if it is in there).
function fieldError(id, text, focus = true) {
  const input = $(id);
  const old = $(id + '-error');
  if (old) old.remove();
  input.setAttribute('aria-invalid', 'true');
  const note = document.createElement('span');
  note.id = id + '-error';
  note.className = 'field-error';
  note.dataset.testid = 'field-error';
  note.textContent = text;
  (input.closest('label') || input.closest('.seed-field') || input).after(note);
  input.setAttribute('aria-describedby', note.id);
  if (!focus) return;
  const more = input.closest('details');
  if (more) more.open = true;
  // Scrolled to the middle of the view: never under the sticky action bar.
  input.focus({ preventScroll: true });
  input.scrollIntoView({ block: 'center' });
}

/// Checks the number fields; marks each bad one with a message under it and moves the
/// focus to the first. True when all are good. Letters, exponents (1e3) and signs are
/// refused, never replaced by a default.
function checkFields() {
  clearFieldErrors();
  let first = null;
  for (const [id, want, pattern, mayBeEmpty] of NUMBER_FIELDS) {
    const input = $(id);
    if (input.disabled) continue;
    const value = input.value.trim();
    const bad = (input.validity && input.validity.badInput) || (value === '' ? !mayBeEmpty : !pattern.test(value));
    if (!bad) continue;
    const text = `${fieldName(id)}: enter ${want}.`;
    fieldError(id, text, !first);
    first = first || text;
  }
  if (first) status(first, true);
  return !first;
}

/// Whether the next Generate uses the Seed box's number: one the user typed or a link
/// gave, or any while "Keep seed" is ticked (an empty box is always a new maze).
function seedChosen() {
  return !!$('seed').value.trim() && ($('keep-seed').checked || seedFrom !== 'drawn');
}

/// Names the size fields for the shape: circular mazes count rings.
/// The difficulty preset matching the size fields (document 001: level k is 2^k x 2^k).
function syncDifficulty() {
  const w = $('width').value.trim();
  const k = [1, 2, 3, 4, 5, 6, 7].find((k) => String(2 ** k) === w && $('height').value.trim() === w);
  $('difficulty').value = k ? String(k) : '';
}

function shapeLabels() {
  // What the two sizes count, as the catalogue names them for this shape.
  const shape = catalog.shapes.find((s) => s.name === $('shape').value);
  const label = (name, fallback) => (name ? name[0].toUpperCase() + name.slice(1) : fallback);
  $('width-label').textContent = label(shape && shape.width, 'Width');
  $('height-label').textContent = label(shape && shape.height, 'Height');
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
  // Only the generators the catalogue says run on this shape as it is set up (wrapped, on
  // several levels, woven) are offered.
  const wrap = !!$('wrap').value;
  const levels = (Number($('levels').value) || 1) > 1;
  const weave = Number($('weave').value) > 0;
  for (const g of catalog.generators) {
    if (!g.shapes.includes(shape)) continue;
    if ((wrap && !g.wrap.includes(shape)) || (levels && !g.levels.includes(shape))) continue;
    if (weave && !g.weave.includes(shape)) continue;
    const o = new Option(generatorWords(g.name), g.name);
    // The exact name and what it does in the tooltip: the catalogue's "doc 000:" source
    // notes are for `maze list`.
    o.title = `${g.name}: ${g.about.replace(/^doc \d+:\s*/, '')}`;
    sel.add(o);
  }
  sel.value = [...sel.options].some((o) => o.value === keep) ? keep : 'recursive-backtracker';
}

// ---- the maze on screen ------------------------------------------------------------------
// The answer to /api/generate?packed=1 (see packed.rs): a JSON header, then typed arrays
// read in place. Walls are numbered: inner wall w joins cells wa[w] < wb[w]; boundary
// wall k belongs to cell bcell[k]. Points are offsets from a cell's centre in 1/quantum.

/// Splits a packed answer into its header and typed arrays.
function unpack(buf) {
  const dv = new DataView(buf);
  const magic = String.fromCharCode(dv.getUint8(0), dv.getUint8(1), dv.getUint8(2), dv.getUint8(3));
  if (magic !== 'MZP1') throw new Error('the server sent something that is not a maze');
  const len = dv.getUint32(4, true);
  const head = JSON.parse(new TextDecoder().decode(new Uint8Array(buf, 8, len)));
  const types = { u8: Uint8Array, i16: Int16Array, u32: Uint32Array, i32: Int32Array, f32: Float32Array };
  let at = 8 + len;
  head.sec = {};
  for (const s of head.sections) {
    const T = types[s.type];
    head.sec[s.name] = new T(buf, at, s.count);
    at += Math.ceil((s.count * T.BYTES_PER_ELEMENT) / 4) * 4;
  }
  return head;
}

/// The page's model of a maze: its cells and walls as typed arrays, and for every cell the
/// walls around it (inner wall w as w, boundary wall k as -1 - k).
function buildModel(h) {
  const s = h.sec;
  const n = h.cells;
  const m = s.wall_open.length;
  const k = s.boundary_cell.length;
  const wa = new Uint32Array(m);
  const wb = new Uint32Array(m);
  const start = new Uint32Array(n + 1);
  for (let w = 0; w < m; w++) {
    wa[w] = s.wall_cells[2 * w];
    wb[w] = s.wall_cells[2 * w + 1];
    start[wa[w] + 1]++;
    start[wb[w] + 1]++;
  }
  for (let b = 0; b < k; b++) start[s.boundary_cell[b] + 1]++;
  for (let c = 0; c < n; c++) start[c + 1] += start[c];
  const fill = start.slice(0, n);
  const inc = new Int32Array(start[n]);
  for (let w = 0; w < m; w++) {
    inc[fill[wa[w]]++] = w;
    inc[fill[wb[w]]++] = w;
  }
  for (let b = 0; b < k; b++) inc[fill[s.boundary_cell[b]]++] = -1 - b;
  // A seam of a wrapped maze is listed twice, once from each side ([a,b] drawn on a's
  // border, [b,a] on b's): twin[w] is the other side's wall, or -1 for an ordinary wall.
  const twin = new Int32Array(m).fill(-1);
  if (h.shape.wrap) {
    for (let w = 0; w < m; w++) {
      if (wa[w] < wb[w]) continue;
      for (let i = start[wb[w]]; i < start[wb[w] + 1]; i++) {
        const v = inc[i];
        if (v >= 0 && v !== w && wa[v] === wb[w] && wb[v] === wa[w]) {
          twin[w] = v;
          twin[v] = w;
        }
      }
    }
  }
  // Stairs of a multi-level maze: stair t joins sa[t] to the cell above it, sb[t];
  // up[c] and down[c] are the stairs of cell c (-1 for none).
  const st = s.stair_cells || new Uint32Array(0);
  const ns = st.length / 2;
  const sa = new Uint32Array(ns);
  const sb = new Uint32Array(ns);
  const up = new Int32Array(ns ? n : 0).fill(-1);
  const down = new Int32Array(ns ? n : 0).fill(-1);
  for (let t = 0; t < ns; t++) {
    sa[t] = st[2 * t];
    sb[t] = st[2 * t + 1];
    up[sa[t]] = t;
    down[sb[t]] = t;
  }
  const M = {
    n, m, k, q: h.quantum, width: h.extent[0], height: h.extent[1],
    centres: s.centres, oStart: s.outline_start, outline: s.outline,
    wa, wb, wxy: s.wall_xy, warc: s.wall_arc || null, open: new Uint8Array(m), twin,
    bcell: s.boundary_cell, bxy: s.boundary_xy, bopen: s.boundary_open, barc: s.boundary_arc || null,
    incStart: start, inc,
    ns, sa, sb, up, down, sopen: new Uint8Array(ns),
    weave: null,
  };
  if (h.shape.crossings !== undefined) wovenModel(M, h);
  if (h.shape.levels > 1) levelGrid(M, h.shape.levels);
  return M;
}

/// Lays a multi-level maze's levels out in rows and columns that fit the drawing area,
/// each level as large as it can be (the server draws them in one row, left to right from
/// the bottom level). Every wall and outline point is an offset from its cell's centre,
/// so moving the centres of a level's cells moves the whole level. The server's layout is
/// kept in `M.base`, so that the grid can be laid out again when the window changes size;
/// `M.levelGrid` is the grid in use.
function levelGrid(M, levels) {
  if (!M.base) M.base = { centres: M.centres, width: M.width, height: M.height };
  const base = M.base;
  const per = M.n / levels;
  // Level l is drawn `pitch` to the right of level l - 1, with a gap between them.
  const pitch = base.centres[2 * per] - base.centres[0];
  const gap = levels * pitch - base.width;
  const h = base.height;
  const area = drawingArea();
  let best = { cols: levels, scale: -1 };
  for (let cols = 1; cols <= levels; cols++) {
    const rows = Math.ceil(levels / cols);
    const W = cols * pitch - gap + 2 * MARGIN;
    const H = rows * (h + gap) - gap + 2 * MARGIN;
    const scale = Math.min(area.width / W, area.height / H);
    if (scale > best.scale) best = { cols, scale };
  }
  const cols = best.cols;
  const rows = Math.ceil(levels / cols);
  M.levelGrid = { cols, rows };
  if (cols === levels) {
    [M.centres, M.width, M.height] = [base.centres, base.width, base.height];
    return;
  }
  const centres = new Float64Array(base.centres);
  for (let c = 0; c < M.n; c++) {
    const l = Math.floor(c / per);
    centres[2 * c] += ((l % cols) - l) * pitch;
    centres[2 * c + 1] += Math.floor(l / cols) * (h + gap);
  }
  M.centres = centres;
  M.width = cols * pitch - gap;
  M.height = rows * (h + gap) - gap;
}

/// After the window changed size: the levels of the maze on screen laid out again in the
/// grid that fits now, and drawn again if the grid changed (the game goes on).
function relayoutLevels() {
  if (!model || !model.levelGrid) return;
  const before = model.levelGrid.cols;
  levelGrid(model, maze.shape.levels);
  if (model.levelGrid.cols === before) return;
  if (anim) stopAnimation();
  if (canvasMode) {
    cv.view = null;
    buildCanvas();
  } else {
    buildSvg();
  }
  drawFinal();
  if (!play) return;
  drawPlayer();
  playView();
}

/// The size (CSS pixels) the maze may take on screen: the stage's width, and the height
/// the drawing may have at most.
function drawingArea() {
  const stage = $('stage');
  const pad = parseFloat(getComputedStyle(stage).paddingLeft) || 0;
  const width = Math.max(100, stage.clientWidth - 2 * pad);
  const max = parseFloat(getComputedStyle($('maze')).maxHeight);
  const height = Math.max(100, Number.isFinite(max) ? max : window.innerHeight * 0.7);
  return { width, height };
}

// ---- woven mazes -------------------------------------------------------------------------
// A woven maze (square cells whose passages may cross under others) is drawn as the
// server's pictures draw it: every corridor inset in its cell by WEAVE_INSET, cut out of
// solid ground; at a crossing the upper corridor's sides run across, the lower corridor
// shows only in the gaps beside it. Crossing k's own cell is its upper layer (the two doors
// of one axis); cell width * height + k its lower layer (the other two), at the same place.
const WEAVE_INSET = 0.25;
const GROUND = 0;
const OVER = 1;
const UNDER = 2;
// The sides of a square cell, in the order north, east, south, west: the way out (nx, ny).
const SIDES = [[0, -1], [1, 0], [0, 1], [-1, 0]];
// No door on that side (a crossing's layer has two of the four).
const NO_DOOR = 0x7fffffff;

/// Adds the woven layout to model M: each cell's layer, its other layer at a crossing
/// (`twin`), its door on each side (`side[4c + i]`: an incidence entry, or NO_DOOR), and
/// fill outlines that cover the corridor each layer shows (so a route's shading shows on
/// the right layer): the upper corridor across its cell, the lower one in the gaps.
function wovenModel(M, h) {
  const n = M.n;
  const layer = new Uint8Array(n);
  const twin = new Int32Array(n).fill(-1);
  const cells = h.sec.crossing_cells || new Uint32Array(0);
  const overAxis = h.sec.crossing_over || new Uint8Array(0);
  const squares = h.shape.width * h.shape.height;
  const over = new Uint8Array(n); // 0: the east-west passage on top, 1: north-south
  for (let k = 0; k < cells.length; k++) {
    const c = cells[k];
    const u = squares + k;
    layer[c] = OVER;
    layer[u] = UNDER;
    twin[c] = u;
    twin[u] = c;
    over[c] = over[u] = overAxis[k];
  }
  const side = new Int32Array(4 * n).fill(NO_DOOR);
  for (let c = 0; c < n; c++) {
    const x = M.centres[2 * c];
    const y = M.centres[2 * c + 1];
    for (let i = M.incStart[c]; i < M.incStart[c + 1]; i++) {
      const w = M.inc[i];
      const p = wallPointsOf(M, w);
      const dx = (p[0] + p[2]) / 2 - x;
      const dy = (p[1] + p[3]) / 2 - y;
      const d = Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? 1 : 3) : (dy > 0 ? 2 : 0);
      side[4 * c + d] = w;
    }
  }
  // Fill outlines in 1/quantum of a cell from the centre: ground cells keep their square.
  const q = M.q;
  const a = Math.round(q * (0.5 - WEAVE_INSET));
  const e = Math.round(q / 2);
  const layerPoints = (c) => {
    // Upper layer: its corridor right across. Lower layer: the two gaps beside the upper
    // corridor, joined along a line of no width. Drawn east-west, then turned.
    const pts = layer[c] === OVER
      ? [-e, -a, e, -a, e, a, -e, a]
      : [-e, -a, -e, a, -a, a, -a, -a, a, -a, a, a, e, a, e, -a];
    if ((layer[c] === OVER) !== (over[c] === 0)) {
      for (let j = 0; j < pts.length; j += 2) [pts[j], pts[j + 1]] = [pts[j + 1], pts[j]];
    }
    return pts;
  };
  const oStart = new Uint32Array(n + 1);
  for (let c = 0; c < n; c++) {
    const count = layer[c] === GROUND ? M.oStart[c + 1] - M.oStart[c] : layer[c] === OVER ? 4 : 8;
    oStart[c + 1] = oStart[c] + count;
  }
  const outline = new Int16Array(2 * oStart[n]);
  for (let c = 0; c < n; c++) {
    if (layer[c] === GROUND) outline.set(M.outline.subarray(2 * M.oStart[c], 2 * M.oStart[c + 1]), 2 * oStart[c]);
    else outline.set(layerPoints(c), 2 * oStart[c]);
  }
  M.oStart = oStart;
  M.outline = outline;
  M.weave = { layer, twin, side, crossings: cells.length };
}

/// The woven drawing of cell c from the walls open now: `rect(x0, y0, x1, y1)` for each
/// piece of solid ground in it (its corners, and the strip behind each closed door; none
/// for a lower layer, whose place its upper layer draws) and `seg(x1, y1, x2, y2)` for each
/// side of its corridor: across a closed door, out to the border along an open one, and
/// on an upper layer right across the cell where the lower passage runs beneath.
function wovenCell(c, rect, seg) {
  const W = model.weave;
  const x = model.centres[2 * c];
  const y = model.centres[2 * c + 1];
  const a = 0.5 - WEAVE_INSET; // half a corridor
  const e = 0.5; // half a cell
  const layer = W.layer[c];
  if (layer !== UNDER) {
    rect(x - e, y - e, x - a, y - a);
    rect(x + a, y - e, x + e, y - a);
    rect(x + a, y + a, x + e, y + e);
    rect(x - e, y + a, x - a, y + e);
  }
  for (let i = 0; i < 4; i++) {
    const [nx, ny] = SIDES[i];
    const tx = -ny;
    const ty = nx;
    const w = W.side[4 * c + i];
    if (w === NO_DOOR) {
      if (layer === OVER) seg(x + nx * a - tx * e, y + ny * a - ty * e, x + nx * a + tx * e, y + ny * a + ty * e);
      continue;
    }
    if (closed(w)) {
      seg(x + nx * a - tx * a, y + ny * a - ty * a, x + nx * a + tx * a, y + ny * a + ty * a);
      if (layer !== UNDER) {
        const [x0, x1] = [x + nx * a - tx * a, x + nx * e + tx * a].sort((p, r) => p - r);
        const [y0, y1] = [y + ny * a - ty * a, y + ny * e + ty * a].sort((p, r) => p - r);
        rect(x0, y0, x1, y1);
      }
    } else {
      seg(x + nx * a + tx * a, y + ny * a + ty * a, x + nx * e + tx * a, y + ny * e + ty * a);
      seg(x + nx * a - tx * a, y + ny * a - ty * a, x + nx * e - tx * a, y + ny * e - ty * a);
    }
  }
}

/// The cells to redraw with c in a woven maze: c and its other layer.
function withTwin(cells) {
  if (!model.weave) return cells;
  const out = new Set(cells);
  for (const c of cells) if (model.weave.twin[c] >= 0) out.add(model.weave.twin[c]);
  return [...out];
}

/// The stair between cells a and b (either way), or -1.
function stairBetween(a, b) {
  const M = model;
  if (!M.ns) return -1;
  if (M.up[a] >= 0 && M.sb[M.up[a]] === b) return M.up[a];
  if (M.down[a] >= 0 && M.sa[M.down[a]] === b) return M.down[a];
  return -1;
}

/// Opens (v = 1) or closes the wall or stair between cells a and b: both sides of a seam.
function setOpen(a, b, v) {
  const w = wallBetween(a, b);
  if (w >= 0) {
    model.open[w] = v;
    if (model.twin[w] >= 0) model.open[model.twin[w]] = v;
    return;
  }
  const t = stairBetween(a, b);
  if (t >= 0) model.sopen[t] = v;
}

/// Whether the player may go from cell a to cell b: an open wall or stair between them.
function passable(a, b) {
  const w = wallBetween(a, b);
  if (w >= 0) return !!model.open[w];
  const t = stairBetween(a, b);
  return t >= 0 && !!model.sopen[t];
}

/// The wall between cells a and b (an inner wall's number), or -1.
function wallBetween(a, b) {
  const M = model;
  for (let i = M.incStart[a]; i < M.incStart[a + 1]; i++) {
    const w = M.inc[i];
    if (w >= 0 && (M.wa[w] === b || M.wb[w] === b)) return w;
  }
  return -1;
}

/// The open neighbours of cell c in the plane (through seams, not up or down stairs).
function openNeighbours(c) {
  const M = model;
  const out = [];
  for (let i = M.incStart[c]; i < M.incStart[c + 1]; i++) {
    const w = M.inc[i];
    // A seam's other side (drawn on the far border) would list the same neighbour again.
    if (w < 0 || !M.open[w] || (M.twin[w] >= 0 && M.wa[w] !== c)) continue;
    out.push(M.wa[w] === c ? M.wb[w] : M.wa[w]);
  }
  return out;
}

/// The ends of wall `w` of the incidence list (inner or boundary) and its arc centre:
/// [x1, y1, x2, y2, cx, cy] (cx undefined for a straight wall).
function wallPoints(w) {
  return wallPointsOf(model, w);
}

function wallPointsOf(M, w) {
  let c;
  let xy;
  let j;
  let arc;
  if (w >= 0) {
    c = M.wa[w]; xy = M.wxy; j = 4 * w; arc = M.warc;
  } else {
    const b = -1 - w;
    c = M.bcell[b]; xy = M.bxy; j = 4 * b; arc = M.barc;
    w = b;
  }
  const x = M.centres[2 * c];
  const y = M.centres[2 * c + 1];
  const q = M.q;
  const out = [x + xy[j] / q, y + xy[j + 1] / q, x + xy[j + 2] / q, y + xy[j + 3] / q];
  if (arc && !Number.isNaN(arc[2 * w])) out.push(arc[2 * w], arc[2 * w + 1]);
  return out;
}

/// Whether incidence entry w (inner or boundary) is a closed wall.
function closed(w) {
  return w >= 0 ? !model.open[w] : !model.bopen[-1 - w];
}

/// The outline of cell c as [x, y, x, y, ...].
function outlinePoints(c) {
  const M = model;
  const x = M.centres[2 * c];
  const y = M.centres[2 * c + 1];
  const out = [];
  for (let i = M.oStart[c]; i < M.oStart[c + 1]; i++) out.push(x + M.outline[2 * i] / M.q, y + M.outline[2 * i + 1] / M.q);
  return out;
}

const centre = (c) => [model.centres[2 * c], model.centres[2 * c + 1]];

// ---- drawing: SVG for small mazes --------------------------------------------------------
function el(name, attrs, parent) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

function buildSvg() {
  const svg = $('maze');
  svg.innerHTML = '';
  const w = model.width + 2 * MARGIN;
  const h = model.height + 2 * MARGIN;
  sv = { x: -MARGIN, y: -MARGIN, w, h, fw: w, fh: h };
  svgView();
  // Every maze zooms: the buttons show for the SVG drawing as for the canvas.
  $('zoom').toggleAttribute('hidden', false);
  svg.dataset.cells = maze.cells;
  svg.dataset.seed = maze.seed;
  const stroke = 0.12;
  layer.zones = el('g', { class: 'zones', 'data-testid': 'zones-layer' }, svg);
  const g = el('g', { class: 'fills' }, svg);
  layer.fills = [];
  for (let i = 1; i <= FILLS; i++) layer.fills[i] = el('path', { class: 'f' + i, d: '' }, g);
  // A woven maze's solid ground, over the shading (which then shows in the corridors alone).
  layer.solid = model.weave ? el('path', { class: 'solid', d: '', 'data-testid': 'solid' }, svg) : null;
  layer.solution = el('path', { class: 'solution', 'stroke-width': 0.18, d: '', 'data-testid': 'solution-path', visibility: 'hidden' }, svg);
  layer.trail = el('path', { class: 'trail', 'stroke-width': 0.22, d: '', 'data-testid': 'breadcrumbs' }, svg);
  layer.walls = el('path', { class: 'walls', 'stroke-width': model.weave ? stroke / 2 : stroke, d: '', 'data-testid': 'walls' }, svg);
  layer.stairs = el('path', { class: 'stairs', 'stroke-width': 0.08, d: '', 'data-testid': 'stairs' }, svg);
  // Green start dots and red end dots, as every other output draws them (document 003:
  // "connect each green dot with one, and only one, red dot").
  for (const [c, cls] of ends()) {
    const [x, y] = centre(c);
    el('circle', { class: cls, cx: x, cy: y, r: DOT_R }, svg);
  }
  // The fog of war (Play with fog): over the walls and the ends, under the player.
  layer.fog = el('path', { class: 'fog', d: '', 'data-testid': 'fog-layer' }, svg);
  layer.player = el('circle', { class: 'player', r: 0.3, 'stroke-width': 0.06, 'data-testid': 'player', visibility: 'hidden' }, svg);
}

/// The start and end dots: [cell, 'start' | 'end'].
function ends() {
  return [maze.entrance, ...maze.starts].map((c) => [c, 'start'])
    .concat([maze.exit, ...maze.ends].map((c) => [c, 'end']));
}

/// A wall from (x1, y1) to (x2, y2): straight, or with a circle centre (cx, cy), the
/// shorter arc of that circle.
function wallPath(x1, y1, x2, y2, cx, cy) {
  if (cx === undefined) return `M${x1} ${y1}L${x2} ${y2}`;
  const r = Math.hypot(x1 - cx, y1 - cy);
  const sweep = (x1 - cx) * (y2 - cy) - (y1 - cy) * (x2 - cx) > 0 ? 1 : 0;
  return `M${x1} ${y1}A${r} ${r} 0 0 ${sweep} ${x2} ${y2}`;
}

function outlinePath(c) {
  const o = outlinePoints(c);
  let d = `M${o[0]} ${o[1]}`;
  for (let k = 2; k < o.length; k += 2) d += `L${o[k]} ${o[k + 1]}`;
  return d + 'Z';
}

function svgWalls() {
  if (model.weave) {
    svgWoven();
    return;
  }
  const parts = [];
  for (let w = 0; w < model.m; w++) if (!model.open[w]) parts.push(wallPath(...wallPoints(w)));
  for (let b = 0; b < model.k; b++) if (!model.bopen[b]) parts.push(wallPath(...wallPoints(-1 - b)));
  layer.walls.setAttribute('d', parts.join(''));
  svgStairs();
}

/// A woven maze in SVG: the solid ground as one path of rectangles, the corridors' sides as
/// the walls path (one 'M' per side, counted by the tests).
function svgWoven() {
  const solid = [];
  const sides = [];
  const r = (v) => Math.round(v * 1e4) / 1e4;
  for (let c = 0; c < model.n; c++) {
    wovenCell(c,
      (x0, y0, x1, y1) => solid.push(`M${r(x0)} ${r(y0)}H${r(x1)}V${r(y1)}H${r(x0)}Z`),
      (x1, y1, x2, y2) => sides.push(`M${r(x1)} ${r(y1)}L${r(x2)} ${r(y2)}`));
  }
  layer.solid.setAttribute('d', solid.join(''));
  layer.walls.setAttribute('d', sides.join(''));
}

function svgFills() {
  const parts = [];
  for (let i = 1; i <= FILLS; i++) parts[i] = [];
  for (let c = 0; c < fills.length; c++) if (fills[c]) parts[fills[c]].push(outlinePath(c));
  for (let i = 1; i <= FILLS; i++) layer.fills[i].setAttribute('d', parts[i].join(''));
}

function svgZones() {
  layer.zones.innerHTML = '';
  if (!zones) return;
  const parts = new Map();
  for (let c = 0; c < maze.cells; c++) {
    const colour = zoneColour(zones.label[zoneRoot(c)]);
    parts.set(colour, (parts.get(colour) || '') + outlinePath(c));
  }
  for (const [colour, d] of parts) el('path', { d, fill: colour }, layer.zones);
}

/// Whether a route from cell a to cell b leaves the picture: through a seam to the far
/// border, or up or down a stair to another level (the line is cut there).
function jumps(a, b) {
  const [x, y] = centre(a);
  const [u, v] = centre(b);
  return Math.hypot(u - x, v - y) > 1.6;
}

function line(cells) {
  let d = '';
  for (let i = 0; i < cells.length; i++) {
    const [x, y] = centre(cells[i]);
    d += `${i && !jumps(cells[i - 1], cells[i]) ? 'L' : 'M'}${x} ${y}`;
  }
  return d;
}

/// The chevrons of the open stairs of cell c as path commands (up ^, down v; both when
/// the cell has both, the up one above), or ''.
function stairMarks(c) {
  const M = model;
  if (!M.ns) return '';
  const up = M.up[c] >= 0 && M.sopen[M.up[c]];
  const down = M.down[c] >= 0 && M.sopen[M.down[c]];
  if (!up && !down) return '';
  const [x, y] = centre(c);
  const a = 0.18; // half the width of a chevron
  const h = 0.08; // half its height
  const shift = up && down ? 0.18 : 0; // both: up above, down below, well apart
  let d = '';
  if (up) d += `M${x - a} ${y - shift + h}L${x} ${y - shift - h}L${x + a} ${y - shift + h}`;
  if (down) d += `M${x - a} ${y + shift - h}L${x} ${y + shift + h}L${x + a} ${y + shift - h}`;
  return d;
}

/// The open stairs on screen (the SVG layer), counted in its data-open attribute.
function svgStairs() {
  if (!layer.stairs) return;
  const cells = new Set();
  let open = 0;
  for (let t = 0; t < model.ns; t++) {
    if (!model.sopen[t]) continue;
    open++;
    cells.add(model.sa[t]);
    cells.add(model.sb[t]);
  }
  let d = '';
  for (const c of cells) d += stairMarks(c);
  layer.stairs.setAttribute('d', d);
  layer.stairs.dataset.open = String(open);
}

// ---- drawing: canvas for big mazes ---------------------------------------------------
// Above SVG_MAX_CELLS the maze is drawn on a canvas, with zoom and pan. Cells are found by
// a grid of buckets, so only what is on screen is drawn; below RASTER_BELOW pixels per
// cell the walls are plotted as pixels into an image (a 10^6-cell maze in tens of
// milliseconds) and above it stroked as paths. Animations repaint only the cells that
// changed (and their neighbours' walls).
const SVG_MAX_CELLS = 10000;
const RASTER_BELOW = 4;
const BUCKET = 8; // cells per bucket side, in drawing units
const FILL_RGB = [null, [227, 229, 232], [154, 160, 168], [185, 215, 255], [244, 229, 181], [108, 113, 122], [255, 159, 28]];
const INK = [29, 35, 48];
const STAIR_INK = '#7b2cbf';
let canvasMode = false;
let cv = null; // canvas state: view, buckets, image

function packRgb([r, g, b]) {
  return (255 << 24) | (b << 16) | (g << 8) | r; // little-endian RGBA
}

function hslRgb(h, s, l) {
  s /= 100;
  l /= 100;
  const f = (n) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

/// The colour of cell c on the canvas: its zone while zones show, else its fill, else null.
function cellRgb(c) {
  if (zones) return zoneRgb(zones.label[zoneRoot(c)]);
  return FILL_RGB[fills[c]] || null;
}

function buildCanvas() {
  const M = model;
  const bw = Math.max(1, Math.ceil((M.width + 1) / BUCKET));
  const bh = Math.max(1, Math.ceil((M.height + 1) / BUCKET));
  const bucketOf = (c) => {
    const bx = Math.min(bw - 1, Math.max(0, Math.floor(M.centres[2 * c] / BUCKET)));
    const by = Math.min(bh - 1, Math.max(0, Math.floor(M.centres[2 * c + 1] / BUCKET)));
    return by * bw + bx;
  };
  const start = new Uint32Array(bw * bh + 1);
  for (let c = 0; c < M.n; c++) start[bucketOf(c) + 1]++;
  for (let b = 0; b < bw * bh; b++) start[b + 1] += start[b];
  const at = start.slice(0, bw * bh);
  const cells = new Uint32Array(M.n);
  for (let c = 0; c < M.n; c++) cells[at[bucketOf(c)]++] = c;
  const keep = cv && cv.view;
  cv = { bw, bh, start, cells, view: null, image: null, pending: 0, full: true, overlay: true, lastMs: 0 };
  if (keep && keep.cells === M.n && keep.kind === maze.shape.kind) cv.view = keep;
  $('maze-canvas').dataset.cells = M.n;
  $('maze-canvas').dataset.seed = maze.seed;
  sizeCanvas();
}

/// Fits the canvases to the stage; a new maze (or "fit") shows it whole.
function sizeCanvas() {
  const box = $('canvas-box');
  const dpr = window.devicePixelRatio || 1;
  const cssW = Math.max(100, box.clientWidth);
  const aspect = (model.height + 2 * MARGIN) / (model.width + 2 * MARGIN);
  const cssH = Math.max(120, Math.min(window.innerHeight * 0.8, cssW * aspect));
  for (const id of ['maze-canvas', 'maze-overlay']) {
    const c = $(id);
    c.style.width = cssW + 'px';
    c.style.height = cssH + 'px';
    c.width = Math.round(cssW * dpr);
    c.height = Math.round(cssH * dpr);
  }
  box.style.height = cssH + 'px';
  cv.image = null;
  if (!cv.view) fitView();
  repaint(true);
}

/// Device pixels per cell that show the whole maze (with its margin).
function fitScale() {
  const c = $('maze-canvas');
  return Math.min(c.width / (model.width + 2 * MARGIN), c.height / (model.height + 2 * MARGIN));
}

function fitView() {
  const c = $('maze-canvas');
  const s = fitScale();
  cv.view = {
    s, ox: (c.width - model.width * s) / 2, oy: (c.height - model.height * s) / 2,
    cells: model.n, kind: maze.shape.kind,
  };
}

/// Zooms by `factor` around the canvas point (px, py) in device pixels.
function zoomAt(factor, px, py) {
  const v = cv.view;
  const s = Math.min(200, Math.max(fitScale() / 2, v.s * factor));
  v.ox = px - ((px - v.ox) * s) / v.s;
  v.oy = py - ((py - v.oy) * s) / v.s;
  v.s = s;
  repaint(true);
}

/// The wheel's zoom. Where a whole paint is slow (a 10^6-cell maze zoomed out takes a
/// tenth of a second and more), the last picture is scaled at once (a CSS transform of the
/// canvases) and painted anew only when the wheel rests (WHEEL_REST ms), so the wheel
/// never waits for a paint.
function wheelZoom(factor, x, y) {
  const slow = canvasMode && Number($('maze-canvas').dataset.paintMs || 0) >= SLOW_PAINT_MS;
  if (!slow) return zoomScreen(factor, x, y);
  const v = cv.view;
  if (!cv.preview) cv.preview = { ...v };
  const [px, py] = devicePoint({ clientX: x, clientY: y });
  const s = Math.min(200, Math.max(fitScale() / 2, v.s * factor));
  v.ox = px - ((px - v.ox) * s) / v.s;
  v.oy = py - ((py - v.oy) * s) / v.s;
  v.s = s;
  const p = cv.preview;
  const k = v.s / p.s;
  const dr = deviceRatio();
  const transform = `translate(${(v.ox - p.ox * k) / dr}px, ${(v.oy - p.oy * k) / dr}px) scale(${k})`;
  for (const id of ['maze-canvas', 'maze-overlay']) {
    $(id).style.transformOrigin = '0 0';
    $(id).style.transform = transform;
  }
  clearTimeout(cv.wheelTimer);
  cv.wheelTimer = setTimeout(endWheelPreview, WHEEL_REST);
}

/// A full paint slower than this (ms) makes the wheel zoom by a preview.
const SLOW_PAINT_MS = 40;
/// The wheel has rested after this long (ms): the preview is painted anew.
const WHEEL_REST = 150;

/// Ends a wheel zoom's preview: the canvases as they are, painted at the new view.
function endWheelPreview() {
  if (!cv) return;
  cv.preview = null;
  for (const id of ['maze-canvas', 'maze-overlay']) $(id).style.transform = '';
  repaint(true);
}

function panBy(dx, dy) {
  cv.view.ox += dx;
  cv.view.oy += dy;
  repaint(true);
}

// ---- zoom and pan: both drawings ----------------------------------------------------------
// Every maze can be zoomed and panned: the canvas through its view (cv.view), the SVG
// drawing through its viewBox (sv), which keeps the shape of the whole maze so that the
// element keeps its size. Play zooms in to PLAY_CELL_PX CSS pixels a cell (if the maze is
// drawn smaller) around the player, and the view follows it.
const PLAY_CELL_PX = 24;
let sv = null; // the SVG view: x, y, w, h (its viewBox), fw, fh (the whole maze's)

function svgView() {
  const svg = $('maze');
  svg.setAttribute('viewBox', `${sv.x} ${sv.y} ${sv.w} ${sv.h}`);
  svg.dataset.zoomed = String(zoomedIn());
}

/// CSS pixels a cell (a unit of the drawing) on screen.
function cellPx() {
  if (canvasMode) return cv.view.s / deviceRatio();
  const r = $('maze').getBoundingClientRect();
  return Math.min(r.width / sv.w, r.height / sv.h);
}

/// Whether the view shows less than the whole maze.
function zoomedIn() {
  if (canvasMode) return cv.view.s > fitScale() * 1.001;
  return sv.w < sv.fw * 0.999;
}

/// Keeps the SVG view within the whole maze.
function svgClamp() {
  sv.x = Math.min(Math.max(sv.x, -MARGIN), -MARGIN + sv.fw - sv.w);
  sv.y = Math.min(Math.max(sv.y, -MARGIN), -MARGIN + sv.fh - sv.h);
}

/// Zooms the SVG drawing by `factor` around the screen point (x, y): from the whole maze to
/// 200 CSS pixels a cell.
function svgZoom(factor, x, y) {
  const m = $('maze').getScreenCTM();
  if (!m) return;
  const p = new DOMPoint(x, y).matrixTransform(m.inverse());
  const fit = (cellPx() * sv.w) / sv.fw;
  const w = Math.min(sv.fw, Math.max((sv.fw * fit) / 200, sv.w / factor));
  const k = w / sv.w;
  sv.x = p.x - (p.x - sv.x) * k;
  sv.y = p.y - (p.y - sv.y) * k;
  sv.w = w;
  sv.h = (sv.fh * w) / sv.fw;
  svgClamp();
  svgView();
}

/// Zooms either drawing by `factor` around the screen point (x, y) (CSS pixels).
function zoomScreen(factor, x, y) {
  if (canvasMode) {
    const [px, py] = devicePoint({ clientX: x, clientY: y });
    zoomAt(factor, px, py);
  } else {
    svgZoom(factor, x, y);
  }
}

/// Zooms either drawing around its middle (the buttons and keys).
function zoomMiddle(factor) {
  const r = surface().getBoundingClientRect();
  zoomScreen(factor, r.left + r.width / 2, r.top + r.height / 2);
}

/// Moves either drawing by (dx, dy) CSS pixels.
function panScreen(dx, dy) {
  if (canvasMode) {
    const dpr = deviceRatio();
    panBy(dx * dpr, dy * dpr);
    return;
  }
  const s = cellPx();
  sv.x -= dx / s;
  sv.y -= dy / s;
  svgClamp();
  svgView();
}

/// Centres the view on cell c, as near as the maze's borders allow (no blank beyond them
/// where the maze could fill the view).
function centreOn(c) {
  const [x, y] = centre(c);
  if (!canvasMode) {
    sv.x = x - sv.w / 2;
    sv.y = y - sv.h / 2;
    svgClamp();
    svgView();
    return;
  }
  const v = cv.view;
  const canvas = $('maze-canvas');
  for (const [o, at, size, extent] of [['ox', x, canvas.width, model.width], ['oy', y, canvas.height, model.height]]) {
    const lo = size - (extent + MARGIN) * v.s;
    const hi = MARGIN * v.s;
    v[o] = lo > hi ? (size - extent * v.s) / 2 : Math.min(hi, Math.max(lo, size / 2 - at * v.s));
  }
  repaint(true);
}

/// Play's view: at least PLAY_CELL_PX a cell, around the player.
function playView() {
  const px = cellPx();
  if (px < PLAY_CELL_PX) {
    if (canvasMode) {
      cv.view.s *= PLAY_CELL_PX / px;
    } else {
      sv.w *= px / PLAY_CELL_PX;
      sv.h *= px / PLAY_CELL_PX;
    }
  }
  centreOn(play.cell);
}

/// Asks for a repaint at the next frame: everything (`full`) or only the overlay.
function repaint(full) {
  if (!canvasMode) return;
  cv.full = cv.full || full;
  cv.overlay = true;
  if (!cv.pending) cv.pending = requestAnimationFrame(paintNow);
}

function paintNow() {
  cv.pending = 0;
  if (!canvasMode || !model) return;
  // A paint shows the view as it is: a wheel zoom's preview ends.
  if (cv.preview) {
    clearTimeout(cv.wheelTimer);
    cv.preview = null;
    for (const id of ['maze-canvas', 'maze-overlay']) $(id).style.transform = '';
    cv.full = true;
  }
  if (cv.full) paintCells(null);
  cv.full = false;
  if (cv.overlay) paintOverlay();
  cv.overlay = false;
}

/// The cells whose bucket meets the view (with a margin of two cells).
function visibleCells(fn) {
  const v = cv.view;
  const c = $('maze-canvas');
  const x0 = (-v.ox) / v.s - 2;
  const y0 = (-v.oy) / v.s - 2;
  const x1 = (c.width - v.ox) / v.s + 2;
  const y1 = (c.height - v.oy) / v.s + 2;
  const bx0 = Math.max(0, Math.floor(x0 / BUCKET));
  const by0 = Math.max(0, Math.floor(y0 / BUCKET));
  const bx1 = Math.min(cv.bw - 1, Math.floor(x1 / BUCKET));
  const by1 = Math.min(cv.bh - 1, Math.floor(y1 / BUCKET));
  for (let by = by0; by <= by1; by++) {
    for (let bx = bx0; bx <= bx1; bx++) {
      const b = by * cv.bw + bx;
      for (let i = cv.start[b]; i < cv.start[b + 1]; i++) fn(cv.cells[i]);
    }
  }
}

/// Paints the base canvas: every visible cell (`dirty` null), or only the cells in
/// `dirty` with the walls of their neighbours (an animation frame).
function paintCells(dirty) {
  const t0 = performance.now();
  const canvas = $('maze-canvas');
  const ctx = canvas.getContext('2d');
  const v = cv.view;
  const raster = v.s < RASTER_BELOW;
  canvas.dataset.mode = raster ? 'raster' : 'vector';
  canvas.dataset.scale = v.s.toFixed(3);
  // The cells to fill, and the cells whose walls to draw.
  let fillCells;
  let wallCells;
  if (dirty) {
    // A crossing's two layers share their place: both are repainted.
    fillCells = withTwin(dirty);
    const near = new Set(fillCells);
    for (const c of fillCells) {
      for (let i = model.incStart[c]; i < model.incStart[c + 1]; i++) {
        const w = model.inc[i];
        if (w >= 0) near.add(model.wa[w] === c ? model.wb[w] : model.wa[w]);
      }
    }
    wallCells = withTwin(near);
  } else {
    fillCells = [];
    visibleCells((c) => fillCells.push(c));
    wallCells = fillCells;
  }
  let drawn = 0;
  if (raster) drawn = rasterPaint(ctx, canvas, fillCells, wallCells, !dirty);
  else drawn = vectorPaint(ctx, canvas, fillCells, wallCells, !dirty);
  const ms = performance.now() - t0;
  const count = (key) => { canvas.dataset[key] = String(Number(canvas.dataset[key] || 0) + 1); };
  if (dirty) {
    count('cellPaints');
  } else {
    count('fullPaints');
    canvas.dataset.walls = String(drawn);
    canvas.dataset.paintMs = ms.toFixed(1);
  }
}

/// The walls' colour at s device pixels a cell: the ink from 2 pixels a cell up, ever
/// lighter below (at 1 pixel a cell nearly every pixel is a wall: a black square).
function wallRgb(s) {
  const k = s >= 2 ? 0 : Math.min(0.8, (2 - s) * 0.65);
  return INK.map((v) => Math.round(v + (255 - v) * k));
}

/// Pixel painting: cells filled by scanlines at pixel centres, walls plotted one pixel wide.
function rasterPaint(ctx, canvas, fillCells, wallCells, whole) {
  const W = canvas.width;
  const H = canvas.height;
  if (!cv.image || cv.image.width !== W || cv.image.height !== H) {
    cv.image = ctx.createImageData(W, H);
    cv.pixels = new Uint32Array(cv.image.data.buffer);
    whole = true;
  }
  const px = cv.pixels;
  const v = cv.view;
  const white = packRgb([255, 255, 255]);
  const ink = packRgb(wallRgb(v.s));
  let minX = W;
  let minY = H;
  let maxX = -1;
  let maxY = -1;
  if (whole) {
    px.fill(white);
    minX = 0; minY = 0; maxX = W - 1; maxY = H - 1;
  }
  const xs = [];
  for (const c of fillCells) {
    const rgb = cellRgb(c);
    if (!rgb && whole) continue;
    const colour = rgb ? packRgb(rgb) : white;
    const o = outlinePoints(c);
    let top = Infinity;
    let bottom = -Infinity;
    for (let i = 0; i < o.length; i += 2) {
      o[i] = o[i] * v.s + v.ox;
      o[i + 1] = o[i + 1] * v.s + v.oy;
      top = Math.min(top, o[i + 1]);
      bottom = Math.max(bottom, o[i + 1]);
    }
    const r0 = Math.max(0, Math.ceil(top - 0.5));
    const r1 = Math.min(H - 1, Math.floor(bottom - 0.5));
    for (let r = r0; r <= r1; r++) {
      const y = r + 0.5;
      xs.length = 0;
      for (let i = 0, j = o.length - 2; i < o.length; j = i, i += 2) {
        const ya = o[j + 1];
        const yb = o[i + 1];
        if ((ya <= y) !== (yb <= y)) xs.push(o[j] + ((y - ya) * (o[i] - o[j])) / (yb - ya));
      }
      xs.sort((a, b) => a - b);
      for (let p = 0; p + 1 < xs.length; p += 2) {
        const a = Math.max(0, Math.ceil(xs[p] - 0.5));
        const b = Math.min(W - 1, Math.floor(xs[p + 1] - 0.5));
        if (b >= a) {
          px.fill(colour, r * W + a, r * W + b + 1);
          if (a < minX) minX = a;
          if (b > maxX) maxX = b;
        }
      }
      if (r < minY) minY = r;
      if (r > maxY) maxY = r;
    }
  }
  if (model.weave) {
    // A woven maze: solid ground and corridor sides, cell by cell.
    const ext = { minX, minY, maxX, maxY };
    const drawn = rasterWoven(px, W, H, v, wallCells, ext, ink);
    ({ minX, minY, maxX, maxY } = ext);
    if (maxX >= minX && maxY >= minY) ctx.putImageData(cv.image, 0, 0, minX, minY, maxX - minX + 1, maxY - minY + 1);
    return drawn;
  }
  // Walls, read straight from the typed arrays rather than through wallPoints: this loop
  // runs 10^6 times on a big maze, and the call made a 1000 x 1000 paint about 25% slower
  // (the browser test: 480-600 ms against 390-410).
  const M = model;
  const cs = M.centres;
  const q = M.q;
  const sc = v.s;
  let drawn = 0;
  for (const c of wallCells) {
    for (let i = M.incStart[c]; i < M.incStart[c + 1]; i++) {
      const w = M.inc[i];
      let base;
      let xy;
      let j;
      if (w >= 0) {
        // Each inner wall from its lower cell (both when repainting a neighbourhood).
        if ((whole && M.wa[w] !== c) || M.open[w]) continue;
        base = M.wa[w]; xy = M.wxy; j = 4 * w;
      } else {
        const b = -1 - w;
        if (M.bopen[b]) continue;
        base = M.bcell[b]; xy = M.bxy; j = 4 * b;
      }
      const bx = cs[2 * base];
      const by = cs[2 * base + 1];
      const x1 = (bx + xy[j] / q) * sc + v.ox;
      const y1 = (by + xy[j + 1] / q) * sc + v.oy;
      const x2 = (bx + xy[j + 2] / q) * sc + v.ox;
      const y2 = (by + xy[j + 3] / q) * sc + v.oy;
      const steps = Math.max(1, Math.ceil(Math.max(Math.abs(x2 - x1), Math.abs(y2 - y1))));
      const dx = (x2 - x1) / steps;
      const dy = (y2 - y1) / steps;
      for (let t = 0; t <= steps; t++) {
        const x = Math.floor(x1 + dx * t);
        const y = Math.floor(y1 + dy * t);
        if (x < 0 || y < 0 || x >= W || y >= H) continue;
        px[y * W + x] = ink;
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
        if (y < minY) minY = y;
        if (y > maxY) maxY = y;
      }
      drawn++;
    }
  }
  if (maxX >= minX && maxY >= minY) ctx.putImageData(cv.image, 0, 0, minX, minY, maxX - minX + 1, maxY - minY + 1);
  return drawn;
}

/// The woven drawing of `cells` plotted into the pixels `px` (W x H) in the view v: the
/// solid ground filled at pixel centres, the corridors' sides one pixel wide; `ext` grows to
/// the pixels touched. Returns the number of sides plotted.
function rasterWoven(px, W, H, v, cells, ext, ink) {
  const grow = (x0, y0, x1, y1) => {
    if (x0 < ext.minX) ext.minX = x0;
    if (y0 < ext.minY) ext.minY = y0;
    if (x1 > ext.maxX) ext.maxX = x1;
    if (y1 > ext.maxY) ext.maxY = y1;
  };
  let drawn = 0;
  const rect = (x0, y0, x1, y1) => {
    const a = Math.max(0, Math.ceil(x0 * v.s + v.ox - 0.5));
    const b = Math.min(W - 1, Math.floor(x1 * v.s + v.ox - 0.5));
    const r0 = Math.max(0, Math.ceil(y0 * v.s + v.oy - 0.5));
    const r1 = Math.min(H - 1, Math.floor(y1 * v.s + v.oy - 0.5));
    if (b < a || r1 < r0) return;
    for (let r = r0; r <= r1; r++) px.fill(ink, r * W + a, r * W + b + 1);
    grow(a, r0, b, r1);
  };
  const seg = (xa, ya, xb, yb) => {
    const x1 = xa * v.s + v.ox;
    const y1 = ya * v.s + v.oy;
    const x2 = xb * v.s + v.ox;
    const y2 = yb * v.s + v.oy;
    const steps = Math.max(1, Math.ceil(Math.max(Math.abs(x2 - x1), Math.abs(y2 - y1))));
    for (let t = 0; t <= steps; t++) {
      const x = Math.floor(x1 + ((x2 - x1) * t) / steps);
      const y = Math.floor(y1 + ((y2 - y1) * t) / steps);
      if (x < 0 || y < 0 || x >= W || y >= H) continue;
      px[y * W + x] = ink;
      grow(x, y, x, y);
    }
    drawn++;
  };
  for (const c of cells) wovenCell(c, rect, seg);
  return drawn;
}

/// Path painting when zoomed in: fills by colour, walls (true arcs) in one stroke.
function vectorPaint(ctx, canvas, fillCells, wallCells, whole) {
  const v = cv.view;
  cv.image = null;
  ctx.save();
  ctx.setTransform(v.s, 0, 0, v.s, v.ox, v.oy);
  if (whole) {
    ctx.fillStyle = '#fff';
    ctx.fillRect(-v.ox / v.s, -v.oy / v.s, canvas.width / v.s, canvas.height / v.s);
  } else {
    // Clip to the changed cells (a little wider, for the strokes on their edges).
    ctx.beginPath();
    for (const c of fillCells) {
      const o = outlinePoints(c);
      let x0 = Infinity; let y0 = Infinity; let x1 = -Infinity; let y1 = -Infinity;
      for (let i = 0; i < o.length; i += 2) {
        x0 = Math.min(x0, o[i]); x1 = Math.max(x1, o[i]);
        y0 = Math.min(y0, o[i + 1]); y1 = Math.max(y1, o[i + 1]);
      }
      ctx.rect(x0 - 0.1, y0 - 0.1, x1 - x0 + 0.2, y1 - y0 + 0.2);
    }
    ctx.clip();
    ctx.fillStyle = '#fff';
    ctx.fill();
  }
  const byColour = new Map();
  for (const c of whole ? fillCells : wallCells) {
    const rgb = cellRgb(c);
    if (!rgb) continue;
    const key = `rgb(${rgb[0]},${rgb[1]},${rgb[2]})`;
    if (!byColour.has(key)) byColour.set(key, []);
    byColour.get(key).push(c);
  }
  for (const [colour, cells] of byColour) {
    ctx.beginPath();
    for (const c of cells) {
      const o = outlinePoints(c);
      ctx.moveTo(o[0], o[1]);
      for (let i = 2; i < o.length; i += 2) ctx.lineTo(o[i], o[i + 1]);
      ctx.closePath();
    }
    ctx.fillStyle = colour;
    ctx.fill();
  }
  if (model.weave) {
    // A woven maze: the solid ground filled, then the corridors' sides in one stroke.
    const sides = new Path2D();
    const solid = new Path2D();
    let drawn = 0;
    for (const c of whole ? fillCells : wallCells) {
      wovenCell(c, (x0, y0, x1, y1) => solid.rect(x0, y0, x1 - x0, y1 - y0), (x1, y1, x2, y2) => {
        sides.moveTo(x1, y1);
        sides.lineTo(x2, y2);
        drawn++;
      });
    }
    ctx.fillStyle = `rgb(${INK.join(',')})`;
    ctx.fill(solid);
    ctx.lineWidth = 0.06;
    ctx.lineCap = 'round';
    ctx.strokeStyle = ctx.fillStyle;
    ctx.stroke(sides);
    ctx.restore();
    return drawn;
  }
  ctx.beginPath();
  let drawn = 0;
  for (const c of wallCells) {
    for (let i = model.incStart[c]; i < model.incStart[c + 1]; i++) {
      const w = model.inc[i];
      // Each inner wall once from its lower cell; all of them around a repainted patch.
      if ((whole && w >= 0 && model.wa[w] !== c) || !closed(w)) continue;
      const [x1, y1, x2, y2, cx, cy] = wallPoints(w);
      ctx.moveTo(x1, y1);
      if (cx === undefined) ctx.lineTo(x2, y2);
      else {
        const a1 = Math.atan2(y1 - cy, x1 - cx);
        const a2 = Math.atan2(y2 - cy, x2 - cx);
        let d = a2 - a1;
        while (d > Math.PI) d -= 2 * Math.PI;
        while (d < -Math.PI) d += 2 * Math.PI;
        ctx.arc(cx, cy, Math.hypot(x1 - cx, y1 - cy), a1, a2, d < 0);
      }
      drawn++;
    }
  }
  ctx.lineWidth = 0.12;
  ctx.lineCap = 'round';
  ctx.strokeStyle = `rgb(${INK.join(',')})`;
  ctx.stroke();
  if (model.ns) {
    // Open stairs as chevrons in their cells (SVG path commands, drawn by a Path2D).
    let d = '';
    for (const c of whole ? fillCells : wallCells) d += stairMarks(c);
    if (d) {
      ctx.lineWidth = 0.08;
      ctx.strokeStyle = STAIR_INK;
      ctx.stroke(new Path2D(d));
    }
  }
  ctx.restore();
  return drawn;
}

/// The overlay: start and end dots, the solution, the trail and the player.
function paintOverlay() {
  const canvas = $('maze-overlay');
  const ctx = canvas.getContext('2d');
  const v = cv.view;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  ctx.setTransform(v.s, 0, 0, v.s, v.ox, v.oy);
  const dpr = deviceRatio();
  const minW = (2 * dpr) / v.s; // lines stay visible when zoomed out (2 CSS pixels)
  const polyline = (cells, width, colour) => {
    if (cells.length < 2) return;
    ctx.beginPath();
    for (let i = 0; i < cells.length; i++) {
      const [x, y] = centre(cells[i]);
      if (i && !jumps(cells[i - 1], cells[i])) ctx.lineTo(x, y);
      else ctx.moveTo(x, y);
    }
    ctx.lineWidth = Math.max(width, minW);
    ctx.lineJoin = 'round';
    ctx.lineCap = 'round';
    ctx.strokeStyle = colour;
    ctx.stroke();
  };
  if (fogOn()) {
    ctx.beginPath();
    visibleCells((c) => {
      if (!fogHides(c)) return;
      const p = outlinePoints(c);
      ctx.moveTo(p[0], p[1]);
      for (let i = 2; i < p.length; i += 2) ctx.lineTo(p[i], p[i + 1]);
      ctx.closePath();
    });
    ctx.fillStyle = FOG;
    ctx.fill();
  }
  if (showSolution && maze.sec.path) polyline(maze.sec.path, 0.18, '#d62828');
  if (play) polyline(play.trail, 0.22, 'rgba(44,107,237,0.55)');
  const r = Math.max(DOT_R, (3 * dpr) / v.s);
  for (const [c, cls] of ends()) {
    if (fogOn() && fogHides(c)) continue;
    const [x, y] = centre(c);
    ctx.beginPath();
    ctx.arc(x, y, r, 0, 2 * Math.PI);
    ctx.fillStyle = cls === 'end' ? '#d62828' : '#2a9d3f';
    ctx.fill();
  }
  if (play) {
    const [x, y] = centre(play.cell);
    const where = playerLayer();
    ctx.beginPath();
    ctx.arc(x, y, Math.max(0.3, (5 * dpr) / v.s), 0, 2 * Math.PI);
    ctx.fillStyle = where === 'under' ? 'rgba(44,107,237,0.45)' : '#2c6bed';
    ctx.fill();
    canvas.dataset.layer = where;
    ctx.lineWidth = Math.max(0.06, dpr / v.s);
    ctx.strokeStyle = '#fff';
    ctx.stroke();
    canvas.dataset.player = String(play.cell);
  }
  canvas.dataset.solution = showSolution ? 'visible' : 'hidden';
  canvas.dataset.trail = play ? String(play.trail.length) : '0';
}

// ---- drawing: one entry for both -------------------------------------------------------
function drawWalls() {
  if (canvasMode) repaint(true);
  else svgWalls();
}

function drawFills() {
  if (canvasMode) repaint(true);
  else svgFills();
}

function drawZones() {
  if (zones && zones.stale) zonesFrom(zoneLabels());
  if (canvasMode) repaint(true);
  else svgZones();
  const count = zones ? String(new Set(zoneLabels()).size) : '';
  if (canvasMode) $('maze-canvas').dataset.zones = count;
  else layer.zones.dataset.count = count;
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
  for (let w = 0; w < model.m; w++) if (model.open[w]) zoneJoin(model.wa[w], model.wb[w]);
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

function zoneHsl(label) {
  const k = (Math.imul(label + 1, 0x9e3779b1) >>> 0) % ZONE_COLOURS;
  return [Math.round((k * 137.508) % 360), [70, 55, 80][k % 3], [78, 68, 84][k % 3]];
}

function zoneColour(label) {
  const [h, s, l] = zoneHsl(label);
  return `hsl(${h}, ${s}%, ${l}%)`;
}

function zoneRgb(label) {
  return hslRgb(...zoneHsl(label));
}

function finalWalls() {
  model.open.set(maze.sec.wall_open);
  if (model.ns) model.sopen.set(maze.sec.stair_open);
}

function drawSolution() {
  fills.fill(0);
  const sec = maze.sec;
  const visible = showSolution && !!sec.path;
  if (visible) {
    for (const c of sec.visited) fills[c] = 1;
    for (const c of sec.path) fills[c] = 2;
  }
  if (canvasMode) {
    repaint(true);
  } else {
    layer.solution.setAttribute('d', visible ? line(sec.path) : '');
    layer.solution.setAttribute('visibility', visible ? 'visible' : 'hidden');
    svgFills();
  }
  drawFog();
  $('solve').setAttribute('aria-pressed', String(showSolution));
  $('solve').textContent = showSolution ? 'Hide solution' : 'Show solution';
}

/// The status line while the solution is shown: the solver, the route's length and how
/// many cells it looked at.
function solutionWords() {
  const sec = maze.sec;
  const steps = sec.path ? Math.max(0, sec.path.length - 1) : maze.shortest;
  const seen = sec.visited ? sec.visited.length : 0;
  return `Solution shown (${maze.solution}): ${steps} steps from start to end` +
    (seen ? `, ${seen.toLocaleString('en')} of ${maze.cells.toLocaleString('en')} cells explored.` : '.');
}

function drawFinal() {
  finalWalls();
  drawWalls();
  drawSolution();
}

// ---- generating ------------------------------------------------------------------------
/// Generates the maze the form describes and draws it. `how.push`: a new entry in the
/// browser's history (a Generate the user asked for), so that Back shows the maze before;
/// otherwise the current entry is replaced (the first maze, or one Back or Forward went to).
async function generate(how = {}) {
  if (!checkFields()) {
    // The form's message stays: the job before (if any) is cancelled, not left to
    // overwrite it.
    stopWork();
    return;
  }
  stopAnimation();
  stopPlay();
  const s = settings();
  // A new maze unless the seed was typed, came in a link, or is kept.
  if (!seedChosen()) s.seed = '';
  const wantSolution = !!how.showSolution;
  const id = ++requestId;
  const job = startWork('Generating…', { kind: 'generate' });
  document.body.dataset.ready = '';
  let data;
  let answered;
  try {
    const r = await ask('/api/generate?' + query(s, { packed: 1 }), { signal: job.signal, onStage: job.onStage });
    if (!r.ok) {
      let message = `error ${r.status}`;
      try {
        message = (await r.json()).error || message;
      } catch (_) { /* not JSON */ }
      if (job.current()) {
        job.end();
        refused(message);
      }
      return;
    }
    const buf = await r.arrayBuffer();
    if (!job.current() || id !== requestId) return; // a newer job is on its way
    answered = performance.now();
    data = unpack(buf);
  } catch (e) {
    if (job.current() && e.name !== 'AbortError') job.end(unreachable(e), true);
    return;
  }
  job.end();
  seedFrom = 'drawn';
  stopAnimation();
  stopPlay();
  // Pages prepared for printing belong to the old maze, and so does its drawing: let the
  // old maze go before the new one is built (a 10^6-cell maze holds hundreds of MB).
  $('print-maze').replaceChildren();
  $('print-answer').replaceChildren();
  releaseDrawing();
  maze = data;
  model = buildModel(data);
  fills = new Uint8Array(data.cells);
  $('seed').value = data.seed;
  s.seed = String(data.seed);
  drawn = s;
  showSolution = wantSolution && !!data.solution;
  shownLink = mazeLink();
  if (how.push && location.hash.slice(1) !== shownLink) history.pushState({ maze: 1 }, '', '#' + shownLink);
  else history.replaceState({ maze: 1 }, '', '#' + shownLink);
  canvasMode = data.cells > SVG_MAX_CELLS;
  // (An SVG element has no `hidden` property: the attribute is set for all three.)
  $('maze').toggleAttribute('hidden', canvasMode);
  $('canvas-box').toggleAttribute('hidden', !canvasMode);
  $('zoom').toggleAttribute('hidden', !canvasMode);
  if (canvasMode) buildCanvas();
  else buildSvg();
  drawFinal();
  updateDownloads();
  solveButton();
  $('result').textContent = '';
  $('play-stats').textContent = '';
  gameBar();
  const crossings = data.shape.crossings;
  const topology = (data.shape.wrap ? `, wrapped ${data.shape.wrap}` : '') +
    (data.shape.levels ? `, ${data.shape.levels} levels (stairs ^ v: keys < >)` : '') +
    (crossings !== undefined ? `, woven: ${crossings} crossing${crossings === 1 ? '' : 's'}` : '');
  data.about = `${data.shape.kind} ${data.shape.width}×${data.shape.height}${topology}, ${data.algorithm}, ` +
    `seed ${data.seed}: ${data.cells} cells, shortest route ${data.shortest} steps` +
    // The shape's number of perfect mazes (spanning trees), sent when quick to count.
    (data.possible_log10 !== undefined ? `; one of 10^${Math.round(data.possible_log10)} possible mazes of this shape` : '');
  status(showSolution ? solutionWords() : data.about);
  // A MultiMaze says what to do, in document 003's words (from /api/list).
  const multi = data.starts.length > 1 || data.ends.length > 1;
  $('instructions').hidden = !multi;
  $('instructions').textContent = multi ? catalog.instructions.multimaze : '';
  // Ready once drawn: the time from the answer to the first picture is kept for the tests.
  const done = () => {
    document.body.dataset.drawMs = (performance.now() - answered).toFixed(1);
    if (how.push) showStage();
    document.body.dataset.ready = '1';
  };
  if (canvasMode) {
    requestAnimationFrame(() => {
      if (cv.pending) {
        cancelAnimationFrame(cv.pending);
        paintNow();
      }
      done();
    });
  } else {
    done();
  }
}

/// The link of the maze on screen: its settings with the seed it was made with, and
/// `solution=1` while its solution is shown.
function mazeLink() {
  const q = query(drawn);
  return showSolution ? q + '&solution=1' : q;
}

/// Puts the maze's link in the address (the same history entry).
function updateLink() {
  if (!drawn) return;
  shownLink = mazeLink();
  history.replaceState({ maze: 1 }, '', '#' + shownLink);
}

/// Lets the maze on screen go: its drawing (SVG elements, the canvas's pixels and image),
/// its model and arrays, before a new one is built in their place.
function releaseDrawing() {
  for (const id of ['maze', 'maze-canvas', 'maze-overlay']) {
    const e = $(id);
    if (e.tagName === 'CANVAS') {
      e.width = 0;
      e.height = 0;
      e.style.transform = '';
    } else e.replaceChildren();
  }
  for (const k of Object.keys(layer)) delete layer[k];
  // The view is kept: the next maze of the same size keeps the zoom (see buildCanvas).
  cv = cv && cv.view ? { view: cv.view } : null;
  sv = null;
  zones = null;
  maze = null;
  model = null;
  fills = new Uint8Array(0);
}

/// Brings the maze into view (under the action bar) unless its top is on screen already:
/// after a Generate asked for low in the form, or on a phone, where the maze is above it.
function showStage() {
  // The status line may have wrapped onto another line since: the bar's height anew.
  barHeight();
  const top = $('stage').getBoundingClientRect().top;
  const bar = document.querySelector('header.bar').getBoundingClientRect().bottom;
  if (top < bar || top > window.innerHeight * 0.6) $('stage').scrollIntoView({ block: 'start' });
}

/// The action bar's height, for the maze's scroll margin (the bar wraps on a phone).
function barHeight() {
  const h = document.querySelector('header.bar').getBoundingClientRect().height;
  document.documentElement.style.setProperty('--bar-height', `${Math.ceil(h) + 8}px`);
}

/// "Show solution" works when the maze on screen was solved, or a solver is chosen for
/// the next Generate; with neither it is disabled, and says why.
function solveButton() {
  const b = $('solve');
  const has = !!(maze && maze.solution);
  b.disabled = !has && !$('solver').value;
  b.title = b.disabled ? 'Choose a solver (More options) to see the solution' : has ? '' : 'Generates the maze again with the chosen solver';
  // A replay of solving needs a maze that was solved (with its steps recorded).
  const replay = $('animate-solving');
  replay.disabled = !(maze && maze.sec && maze.sec.solve_events);
  replay.title = replay.disabled ? 'This maze was made with no solver: choose one under More options and Generate' : '';
}

/// The moves, time and result over the maze: shown while playing or after a game.
function gameBar() {
  $('game').hidden = !play && !$('result').textContent && $('stairs').hidden;
}

/// A refused Generate: the server's message in plain words in the status line, and under
/// the field it is about (which takes the focus).
function refused(message) {
  const plain = sentence(plainWords(message));
  status(plain, true);
  const field = fieldOf(message);
  if (field) fieldError(field, plain);
}

/// The field a refusal of the server's is about, if it names one.
function fieldOf(message) {
  const m = message.replace(/^with geometry or events \(the page's view\):\s*/, '');
  const rules = [
    [/cells exceeds the limit|maze too large/, $('mask-text').value || maskData ? 'mask-text' : 'width'],
    [/^invalid value '[^']*' for '([a-z-]+)'/, null],
    [/^weave|weave works/, 'weave'], [/^wrap|wrap works/, 'wrap'], [/^levels/, 'levels'],
    [/^unicursal needs an even/, 'width'], [/^mask-connect needs/, 'mask-text'],
    // The API spells dashed names with underscores in its messages (cell_size).
    ...plainFields().map((el) => [new RegExp(`^${el.dataset.field.replace(/-/g, '[-_]')}\\b`), el.id]),
    [/^starts|starts and ends/, 'starts'], [/^ends/, 'ends'],
    [/algorithm/, 'algorithm'], [/^width/, 'width'], [/^height/, 'height'], [/^mask|word/, 'mask-text'],
  ];
  for (const [re, id] of rules) {
    const hit = re.exec(m);
    if (!hit) continue;
    const name = id || (hit[1] === 'solve' ? 'solver' : hit[1]);
    return $(name) && !$(name).disabled ? name : null;
  }
  return null;
}

/// The server's messages (written for anyone using the API: parameter names, limits) in
/// the page's words: its fields' names, no flags, nothing about the page's own requests.
function plainWords(message) {
  const n = (v) => Number(v).toLocaleString('en');
  const params = { cell_size: 'cell size', 'cell-size': 'cell size', wall_width: 'wall width', 'mask-text': 'word',
    'mask-data': 'picture', 'mask-connect': '"Join separate pieces"', algorithm: 'maze style', solve: 'way to solve',
    unicursal: 'a labyrinth', braid: 'loops', weave: 'bridges' };
  return message
    .replace(/^with geometry or events \(the page's view\):\s*/, '')
    .replace(/\s*\(see `maze list`\)/g, '')
    .replace(/\s*\(use a smaller cell_size or a larger wall_width\)/, ': choose a smaller maze')
    .replace(/maze too large: (\d+) cells exceeds the limit of (\d+)/,
      (_, c, max) => `this maze is too large: ${n(c)} cells, and the page takes at most ${n(max)} (make it smaller)`)
    .replace(/invalid value '([^']*)' for '([a-z_-]+)'(: .*)?$/,
      (_, v, k) => `${params[k] || k}: "${v}" is not a value the page knows`)
    .replace(/\s*\([^()]*--[a-z][^()]*\)/g, '')
    .replace(/--([a-z][a-z-]*)/g, (_, f) => params[f] || f.replace(/-/g, ' '))
    .replace(/\b(cell_size|wall_width|mask-text|mask-data|mask-connect|unicursal)\b/g, (k) => params[k])
    .replace(/\b([a-z]+)=(\S+)/g, '$1 $2')
    .replace(/: must be /, ' must be ');
}

/// A sentence's first letter in capitals.
const sentence = (text) => text.charAt(0).toUpperCase() + text.slice(1);

function updateDownloads() {
  if (!drawn) return;
  const s = { ...drawn };
  if (!showSolution) s.solve = '';
  for (const a of document.querySelectorAll('.downloads a')) {
    const extra = { format: a.dataset.format };
    // PNG: the command line's readable default (about 800 px on the long side) unless a
    // cell size is chosen.
    if (a.dataset.format === 'png' && $('png-size').value) extra['cell-size'] = $('png-size').value;
    if (['grid', 'tmj'].includes(a.dataset.format) && $('corridor-width').value) extra['corridor-width'] = $('corridor-width').value;
    a.dataset.href = '/api/render?' + query(s, extra);
    const why = refusal(a.dataset.format);
    const note = $('why-' + a.dataset.format);
    note.textContent = why || '';
    note.hidden = !why;
    if (why) {
      a.removeAttribute('href');
      a.setAttribute('aria-disabled', 'true');
      a.setAttribute('aria-describedby', note.id);
      a.title = why;
    } else {
      // A static site has no /api/ to link to: the link is then only the button that asks
      // the module (a copied or middle-clicked link would find nothing).
      a.href = engine === 'server' ? a.dataset.href : '#download-' + a.dataset.format;
      a.removeAttribute('aria-disabled');
      a.removeAttribute('aria-describedby');
      a.removeAttribute('title');
    }
  }
}

/// Why the server would refuse to draw the maze on screen as `format` (from the limits
/// /api/list gives, the same constants the server checks), or null if it would not.
function refusal(format) {
  const limits = catalog && catalog.limits;
  if (!limits || !model) return null;
  const n = (x) => Math.round(x).toLocaleString('en-US');
  const name = format.toUpperCase();
  const most = limits.cells[format];
  if (most !== undefined && model.n > most) return `${name}: too many cells (${n(model.n)}; at most ${n(most)})`;
  if (format === 'png' && $('png-size').value) {
    const c = Number($('png-size').value);
    const side = (units) => Math.max(1, Math.ceil(units * c + 2 * limits.png_margin * c));
    const pixels = side(maze.extent[0]) * side(maze.extent[1]);
    if (pixels > limits.png_pixels) {
      return `${name}: too large at this cell size (${n(pixels)} pixels; at most ${n(limits.png_pixels)})`;
    }
  }
  if (format === 'stl') {
    const [cell, wall] = [limits.stl_cell, limits.stl_wall];
    const [w, h] = [maze.extent[0] * cell + 2 * wall, maze.extent[1] * cell + 2 * wall];
    const pixel = Math.max(Math.sqrt((w * h) / limits.stl_pixels), w / limits.stl_side, h / limits.stl_side);
    if (pixel > wall / 2) {
      return `${name}: too large to print (a ${n(w)} x ${n(h)} mm model; its walls would be under two of the ${n(limits.stl_pixels)} pixels it may have)`;
    }
  }
  return null;
}

/// Prints the maze alone; with "Answer on a second page", the server's drawing of the same
/// maze with its solution follows on a page of its own (print stylesheet).
async function printMaze() {
  const holder = $('print-answer');
  const big = $('print-maze');
  holder.replaceChildren();
  big.replaceChildren();
  const job = startWork('Preparing the page to print…');
  const fetchSvg = async (s) => {
    const r = await ask('/api/render?' + query(s, { format: 'svg' }), { signal: job.signal });
    if (!r.ok) throw new Error(`error ${r.status}`);
    return document.importNode(new DOMParser().parseFromString(await r.text(), 'image/svg+xml').documentElement, true);
  };
  try {
    // A big maze is on a canvas (screen pixels): the paper gets the server's drawing.
    if (canvasMode && drawn) big.append(await fetchSvg({ ...drawn, solve: showSolution ? drawn.solve : '' }));
    if ($('print-answer-box').checked && drawn) {
      const title = document.createElement('h2');
      title.textContent = 'Answer';
      holder.append(title, await fetchSvg({ ...drawn, solve: drawn.solve && drawn.solve !== 'off' ? drawn.solve : 'bfs' }));
    }
  } catch (e) {
    if (e.name !== 'AbortError') job.end('Cannot fetch the page to print: ' + e.message, true);
    return;
  }
  if (!job.current()) return;
  job.end(maze ? maze.about : '');
  // The paper gets the whole maze, whatever the zoom on screen.
  const view = !canvasMode && sv && { ...sv };
  if (view) zoomFit();
  window.print();
  if (view) {
    Object.assign(sv, view);
    svgView();
  }
}

/// The file name of a download: the maze's shape, size and seed, and "solved" when the
/// solution is drawn in (maze-hex-12x8-seed42-solved.svg).
function downloadName(format) {
  const sh = maze.shape;
  return `maze-${sh.kind}-${sh.width}x${sh.height}-seed${maze.seed}${showSolution ? '-solved' : ''}.${format}`;
}

/// Downloads through fetch, so that a refusal (a maze too large for STL, say) shows the
/// server's message instead of a silently cancelled download.
async function download(ev) {
  const a = ev.currentTarget;
  ev.preventDefault();
  if (a.getAttribute('aria-disabled') === 'true') return;
  // The menu closes at once: the outcome is told in the status line beside it.
  $('download-menu').open = false;
  await saveFile(a.dataset.href, a.dataset.format.toUpperCase(), downloadName(a.dataset.format));
}

/// Fetches `url` (an API path) as a job of its own and saves it as `name`; `what` names it
/// in the status line ("PDF", "worksheet"). A newer job (or Cancel) aborts it.
async function saveFile(url, what, name) {
  const job = startWork(`Preparing the ${what} download…`);
  try {
    const r = await ask(url, { signal: job.signal, onStage: job.onStage });
    if (!r.ok) {
      let message = `error ${r.status}`;
      try {
        message = (await r.json()).error || message;
      } catch (_) { /* not JSON */ }
      job.end(`The ${what} download failed: ${sentence(plainWords(message))}`, true);
      return;
    }
    const blob = await r.blob();
    if (!job.current()) return;
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = name;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 60000);
    job.end(`Downloaded ${link.download} (${sizeWords(blob.size)}).`);
  } catch (e) {
    if (e.name !== 'AbortError') job.end(unreachable(e), true);
  }
}

/// A file's size in words: 12 KB, 3.4 MB.
function sizeWords(bytes) {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

// ---- replays ---------------------------------------------------------------------------
function stopAnimation() {
  const job = anim && anim.job;
  if (anim) cancelAnimationFrame(anim.frame);
  anim = null;
  if (job) job.end();
  if ($('anim-pause')) replayControls();
  const hadZones = !!zones;
  zones = null;
  if (layer.zones && !canvasMode) layer.zones.innerHTML = '';
  if (hadZones && canvasMode) repaint(true);
  document.body.dataset.animating = '';
}

function animate(kind) {
  if (!maze) return;
  stopAnimation();
  stopPlay();
  const steps = kind === 'generation' ? maze.sec.events : maze.sec.solve_events;
  const info = kind === 'generation' ? maze.events : maze.solve_events;
  if (!steps || !info) {
    stopWork();
    const labyrinth = kind === 'generation' && drawn && drawn.unicursal;
    status(labyrinth ? 'A labyrinth is made from a maze of half its size: it has no steps of its own to replay.'
      : 'nothing recorded to replay', true);
    return;
  }
  showSolution = false;
  drawSolution();
  if (kind === 'generation') {
    model.open.fill(0);
    model.sopen.fill(0);
  } else finalWalls();
  fills.fill(0);
  if (kind === 'generation' && $('zones').checked) zonesFrom(null);
  drawWalls();
  drawFills();
  drawZones();
  anim = {
    kind, steps, count: steps.length / 3, i: 0, carry: 0, current: -1, truncated: info.truncated,
    frame: 0, last: 0, paused: lessMotion(), dirty: new Set(), full: false, job: null,
  };
  const a = anim;
  // The replay is the page's job: a newer one stops it, and it stops an older one.
  a.job = startWork(`Replaying ${kind}: ${info.total.toLocaleString('en')} steps` +
    (a.paused ? ' (paused: less motion is on; Step or Resume plays it)' : ''), {
    timed: false,
    stop: () => { if (anim === a) stopAnimation(); },
  });
  document.body.dataset.animating = kind;
  updateLink();
  replayControls();
  anim.frame = requestAnimationFrame(tick);
}

/// What the status line says after a replay: what was replayed, in how many steps, and
/// then what it made (the maze, or the solution).
function replayWords(kind, steps, note) {
  const n = steps.toLocaleString('en');
  if (kind === 'solving') return `Replayed solving in ${n} steps${note}. ${solutionWords()}`;
  return `Replayed generation in ${n} steps${note}: ${maze.about}`;
}

/// Whether replays should start paused: "Less motion" is ticked (by default when the
/// system asks for reduced motion, prefers-reduced-motion).
function lessMotion() {
  return $('less-motion').checked;
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
  $('anim-progress').value = on && anim.count ? anim.i / anim.count : 0;
}

/// Plays step i of the recording on the model; the cells it changes are marked dirty.
function apply(i) {
  const s = anim.steps;
  const what = s[3 * i];
  const a = s[3 * i + 1];
  const b = s[3 * i + 2];
  const gen = anim.kind === 'generation';
  const dirty = anim.dirty;
  switch (what) {
    case 0: // reset
      model.open.fill(a ? 1 : 0);
      model.sopen.fill(a ? 1 : 0);
      if (zones) zones.stale = true;
      anim.full = true;
      return;
    case 1: // visit
      fills[a] = 1; anim.current = a; dirty.add(a); return;
    case 2: { // carve
      if (b >= 0) setOpen(a, b, 1);
      if (zones && b >= 0) zoneJoin(a, b);
      if (gen) {
        fills[a] = 1;
        if (b >= 0) fills[b] = 1;
      }
      dirty.add(a);
      if (b >= 0) dirty.add(b);
      anim.current = b >= 0 ? b : a;
      return;
    }
    case 3: { // wall
      if (b >= 0) setOpen(a, b, 0);
      if (zones) zones.stale = true;
      dirty.add(a);
      if (b >= 0) dirty.add(b);
      anim.current = a;
      return;
    }
    case 4: if (fills[a] !== 1) fills[a] = 3; dirty.add(a); return; // frontier
    case 5: fills[a] = 4; anim.current = a; dirty.add(a); return; // backtrack
    case 6: fills[a] = 2; dirty.add(a); return; // on the path
    case 7: fills[a] = 5; dirty.add(a); return; // dead end
    default:
  }
}

function tick(now) {
  if (!anim) return;
  // Time-based: the whole replay takes replaySeconds(), whatever its length.
  const dt = anim.last ? Math.min(0.25, (now - anim.last) / 1000) : 0;
  anim.last = now;
  if (!anim.paused) anim.carry += (dt * anim.count) / replaySeconds();
  let n = anim.paused ? (anim.stepOnce ? 1 : 0) : Math.floor(anim.carry);
  if (!anim.paused) anim.carry -= n;
  anim.stepOnce = false;
  const prev = anim.current;
  if (prev >= 0 && fills[prev] === 6) {
    fills[prev] = 1;
    anim.dirty.add(prev);
  }
  while (n-- > 0 && anim.i < anim.count) apply(anim.i++);
  if (anim.i >= anim.count) {
    const kind = anim.kind;
    const count = anim.count;
    const note = anim.truncated ? ' (the recording was cut short; showing the finished maze)' : '';
    const mine = anim.job.current();
    stopAnimation();
    if (kind === 'solving') showSolution = true;
    drawFinal();
    updateDownloads();
    updateLink();
    if (mine) status(replayWords(kind, count, note));
    document.body.dataset.replayed = kind;
    return;
  }
  if (anim.current >= 0 && fills[anim.current] !== 2) {
    fills[anim.current] = 6;
    anim.dirty.add(anim.current);
  }
  if (zones) fills.fill(0);
  if (canvasMode) {
    // Only the changed cells are repainted, unless everything must be (zones recolour
    // whole groups, a reset changes every wall, a zoom is waiting).
    if (zones) drawZones();
    else if (anim.full || cv.full) repaint(true);
    else if (anim.dirty.size) {
      paintCells([...anim.dirty]);
    }
  } else {
    drawWalls();
    drawFills();
    drawZones();
  }
  anim.dirty.clear();
  anim.full = false;
  replayControls();
  anim.frame = requestAnimationFrame(tick);
}

// ---- playing ---------------------------------------------------------------------------
function stopPlay() {
  if (play) clearInterval(play.timer);
  play = null;
  if ($('stairs')) $('stairs').toggleAttribute('hidden', true);
  if (layer.player) layer.player.setAttribute('visibility', 'hidden');
  if (layer.trail) layer.trail.setAttribute('d', '');
  drawFog();
  if (canvasMode) repaint(false);
  $('play').textContent = 'Play';
  delete document.body.dataset.playing;
  gameBar();
}

function startPlay() {
  if (!maze) return;
  stopAnimation();
  stopPlay();
  drawFinal();
  play = { cell: maze.entrance, moves: 0, start: 0, trail: [maze.entrance], done: false, timer: 0 };
  // The fog of war: the cells seen so far (none without fog).
  const fog = $('fog').value;
  play.fog = fog === 'sight' ? 'sight' : Number(fog) || 0;
  play.seen = play.fog ? new Uint8Array(model.n) : null;
  look();
  drawFog();
  play.timer = setInterval(showStats, 200);
  $('play').textContent = 'Restart';
  $('result').textContent = '';
  document.body.dataset.playing = '1';
  drawPlayer();
  showStats();
  gameBar();
  playView();
  showStage();
  surface().focus({ preventScroll: true });
}

/// The element the maze is drawn in (and that takes the pointer and keys).
function surface() {
  return canvasMode ? $('canvas-box') : $('maze');
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
  stairButtons();
  const [x, y] = centre(play.cell);
  if (canvasMode) {
    // Keep the player on screen: when it comes near an edge, the view follows.
    const v = cv.view;
    const c = $('maze-canvas');
    const px = x * v.s + v.ox;
    const py = y * v.s + v.oy;
    const margin = Math.min(c.width, c.height) * 0.15;
    const near = px < margin || py < margin || px > c.width - margin || py > c.height - margin;
    if (near && !play.dragging) centreOn(play.cell);
    else repaint(false);
    return;
  }
  // Zoomed in, the SVG view follows the player too.
  const margin = Math.min(sv.w, sv.h) * 0.15;
  if (zoomedIn() && !play.dragging && (x < sv.x + margin || y < sv.y + margin || x > sv.x + sv.w - margin || y > sv.y + sv.h - margin)) {
    centreOn(play.cell);
  }
  layer.player.setAttribute('cx', x);
  layer.player.setAttribute('cy', y);
  layer.player.setAttribute('visibility', 'visible');
  // Under a bridge the player shows faded, dashed: beneath the upper corridor.
  const where = playerLayer();
  layer.player.classList.toggle('under', where === 'under');
  layer.player.dataset.layer = where;
  layer.trail.setAttribute('d', line(play.trail));
}

// ---- the fog of war -------------------------------------------------------------------
const FOG = '#c3c9d3';

/// Whether Play hides what the player has not seen (until the maze is solved).
function fogOn() {
  return !!(play && play.seen && !play.done);
}

/// Whether the fog hides cell c: not seen yet, and not on a solution the player asked for.
function fogHides(c) {
  if (play.seen[c]) return false;
  // A crossing shows once either of its layers has been seen.
  const twin = model.weave ? model.weave.twin[c] : -1;
  if (twin >= 0 && play.seen[twin]) return false;
  if (!showSolution || !maze.sec.path) return true;
  if (!play.onPath || play.onPath.source !== maze.sec.path) {
    play.onPath = { source: maze.sec.path, cells: new Set(maze.sec.path) };
  }
  return !play.onPath.cells.has(c);
}

/// Adds what the player sees from their cell to the cells seen: along each open passage
/// for as long as it runs straight on ('sight'), or every cell within play.fog steps.
function look() {
  if (!play || !play.seen) return;
  const seen = play.seen;
  const from = play.cell;
  seen[from] = 1;
  if (play.fog === 'sight') {
    for (const first of openNeighbours(from)) {
      let prev = from;
      let cur = first;
      for (let k = 0; k < model.n; k++) {
        seen[cur] = 1;
        if (jumps(prev, cur)) break;
        const [px, py] = centre(prev);
        const [x, y] = centre(cur);
        const dx = x - px;
        const dy = y - py;
        const len = Math.hypot(dx, dy);
        let next = -1;
        let best = 0.8; // straight on: within about 37 degrees
        for (const m of openNeighbours(cur)) {
          if (m === prev || jumps(cur, m)) continue;
          const [mx, my] = centre(m);
          const ex = mx - x;
          const ey = my - y;
          const cos = (dx * ex + dy * ey) / (len * Math.hypot(ex, ey) || 1);
          if (cos > best) {
            best = cos;
            next = m;
          }
        }
        if (next < 0) break;
        prev = cur;
        cur = next;
      }
    }
    return;
  }
  let frontier = [from];
  const reached = new Set([from]);
  for (let d = 0; d < play.fog && frontier.length; d++) {
    const further = [];
    for (const c of frontier) {
      for (const m of openNeighbours(c)) {
        if (reached.has(m)) continue;
        reached.add(m);
        seen[m] = 1;
        further.push(m);
      }
    }
    frontier = further;
  }
}

/// Draws the fog over the cells it hides (none when Play has no fog), and says on the page
/// how many cells it hides.
function drawFog() {
  let hidden = 0;
  let d = '';
  const outlines = !canvasMode && layer.fog;
  if (fogOn()) {
    for (let c = 0; c < model.n; c++) {
      if (!fogHides(c)) continue;
      hidden++;
      if (outlines) d += outlinePath(c);
    }
  }
  document.body.dataset.fog = String(hidden);
  if (canvasMode) {
    repaint(false);
    return;
  }
  if (outlines) layer.fog.setAttribute('d', d);
}

/// Where the player is in a woven maze: 'over' (on a bridge), 'under' (beneath one) or
/// 'ground'.
function playerLayer() {
  if (!play || !model.weave) return 'ground';
  return ['ground', 'over', 'under'][model.weave.layer[play.cell]];
}

function moveTo(to) {
  if (!play || play.done || to === play.cell) return false;
  if (!passable(play.cell, to)) return false;
  // A move puts the maze's description back in place of a message such as "no open stair".
  if ($('status').classList.contains('error') && maze.about) status(maze.about);
  if (!play.start) play.start = performance.now();
  play.cell = to;
  play.moves++;
  if (play.seen) {
    look();
    drawFog();
  }
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
    // Solved, the whole maze shows: the fog lifts and the view zooms out to all of it.
    drawFog();
    zoomFit();
    showStage();
  }
  return true;
}

/// The open neighbour most nearly in direction (dx, dy), if any is within about 70 degrees:
/// the direction of its centre, or through a seam of a wrapped maze, of the seam's wall on
/// this cell's border (the neighbour itself is on the far border). Never a stair.
function step(dx, dy) {
  const M = model;
  const c = play.cell;
  const [x, y] = centre(c);
  const len = Math.hypot(dx, dy);
  let best = -1;
  let bestCos = 0.34;
  for (let i = M.incStart[c]; i < M.incStart[c + 1]; i++) {
    const w = M.inc[i];
    if (w < 0 || !M.open[w]) continue;
    let n;
    let vx;
    let vy;
    if (M.twin[w] >= 0) {
      if (M.wa[w] !== c) continue; // the far side of a seam: its twin is this cell's side
      n = M.wb[w];
      const p = wallPoints(w);
      vx = (p[0] + p[2]) / 2 - x;
      vy = (p[1] + p[3]) / 2 - y;
    } else {
      n = M.wa[w] === c ? M.wb[w] : M.wa[w];
      const [nx, ny] = centre(n);
      vx = nx - x;
      vy = ny - y;
    }
    const cos = (vx * dx + vy * dy) / (Math.hypot(vx, vy) * len);
    if (cos > bestCos + 1e-9) {
      bestCos = cos;
      best = n;
    }
  }
  return best >= 0 && moveTo(best);
}

/// Takes the open stair of the player's cell up (`up`) or down, if there is one.
function climb(up) {
  if (!play || play.done) return false;
  const M = model;
  const t = M.ns ? (up ? M.up : M.down)[play.cell] : -1;
  if (t < 0 || !M.sopen[t]) {
    status(M.ns ? `no open stair ${up ? 'up' : 'down'} here` : 'this maze has one level: no stairs', true);
    return false;
  }
  return moveTo(up ? M.sb[t] : M.sa[t]);
}

/// Shows the stair buttons for a multi-level maze while playing, enabled where a stair is.
function stairButtons() {
  const on = !!(play && model && model.ns);
  $('stairs').toggleAttribute('hidden', !on);
  if (!on) return;
  for (const [id, list] of [['stair-up', model.up], ['stair-down', model.down]]) {
    const t = list[play.cell];
    $(id).disabled = play.done || t < 0 || !model.sopen[t];
  }
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
  // Diagonals 50° from the horizontal, as in `maze play`: nearest to the slanted doors of
  // pointy-top hexagons (60°), flat-top sigma cells (30°) and octagons (45°).
  q: [-0.64, -0.77], y: [-0.64, -0.77], e: [0.64, -0.77], u: [0.64, -0.77],
  z: [-0.64, 0.77], b: [-0.64, 0.77], c: [0.64, 0.77], n: [0.64, 0.77],
};

function onKey(ev) {
  if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
  const t = ev.target;
  if (t && (t.tagName === 'INPUT' || t.tagName === 'SELECT')) return;
  if (model && ['+', '=', '-', '0'].includes(ev.key)) {
    ev.preventDefault();
    if (ev.key === '0') zoomFit();
    else zoomMiddle(ev.key === '-' ? 1 / 1.5 : 1.5);
    return;
  }
  if (!play) return;
  if (ev.key === 'Escape') {
    ev.preventDefault();
    const moves = play.moves;
    stopPlay();
    status(`Stopped playing after ${moves} move${moves === 1 ? '' : 's'}. Play starts again from the entrance.`);
    $('play').focus();
    return;
  }
  // Stairs: < and PageUp up, > and PageDown down (as in roguelike games).
  const stair = { '<': true, PageUp: true, '>': false, PageDown: false }[ev.key];
  if (stair !== undefined) {
    ev.preventDefault();
    climb(stair);
    return;
  }
  const dir = KEYS[ev.key] || KEYS[ev.key.toLowerCase()];
  if (!dir) return;
  ev.preventDefault();
  step(dir[0], dir[1]);
}

function zoomFit() {
  if (!canvasMode) {
    Object.assign(sv, { x: -MARGIN, y: -MARGIN, w: sv.fw, h: sv.fh });
    svgView();
    return;
  }
  fitView();
  repaint(true);
}

/// Canvas (device) pixels per CSS pixel.
function deviceRatio() {
  // The box, not the canvas: the canvas may be scaled by a wheel zoom's preview.
  return $('maze-canvas').width / $('canvas-box').getBoundingClientRect().width;
}

/// The canvas point, in device pixels, under a pointer at (clientX, clientY).
function devicePoint(ev) {
  const r = $('canvas-box').getBoundingClientRect();
  const dpr = deviceRatio();
  return [(ev.clientX - r.left) * dpr, (ev.clientY - r.top) * dpr];
}

/// The maze point under the pointer.
function mazePoint(ev) {
  if (canvasMode) {
    const [px, py] = devicePoint(ev);
    const v = cv.view;
    return [(px - v.ox) / v.s, (py - v.oy) / v.s];
  }
  const svg = $('maze');
  const m = svg.getScreenCTM();
  if (!m) return null;
  const p = new DOMPoint(ev.clientX, ev.clientY).matrixTransform(m.inverse());
  return [p.x, p.y];
}

/// The cell whose centre is nearest the maze point p: from cell `from`, on to ever nearer
/// neighbours (walls or not) while there is one.
function cellAt(p, from) {
  const M = model;
  const far = (c) => (M.centres[2 * c] - p[0]) ** 2 + (M.centres[2 * c + 1] - p[1]) ** 2;
  let c = from;
  let best = far(c);
  for (let guard = 0; guard < 1e6; guard++) {
    let next = -1;
    for (let i = M.incStart[c]; i < M.incStart[c + 1]; i++) {
      const w = M.inc[i];
      if (w < 0) continue;
      const n = M.wa[w] === c ? M.wb[w] : M.wa[w];
      const d = far(n);
      if (d < best - 1e-12) {
        best = d;
        next = n;
      }
    }
    if (next < 0) break;
    c = next;
  }
  return c;
}

/// The shortest way through open passages from the player's cell to cell `to` (or, at a
/// crossing of a woven maze, its other layer) in at most `most` steps: the cells after the
/// player's, or null.
function routeTo(to, most) {
  const twin = model.weave ? model.weave.twin[to] : -1;
  const from = play.cell;
  if (from === to || from === twin) return [];
  const prev = new Map([[from, -1]]);
  let ring = [from];
  for (let depth = 0; depth < most && ring.length; depth++) {
    const next = [];
    for (const c of ring) {
      for (const n of openNeighbours(c)) {
        if (prev.has(n)) continue;
        prev.set(n, c);
        if (n === to || n === twin) {
          const way = [];
          for (let k = n; k !== from; k = prev.get(k)) way.push(k);
          return way.reverse();
        }
        next.push(n);
      }
    }
    ring = next;
  }
  return null;
}

/// A drag while playing: the player follows the pointer through every cell it crossed
/// since the last event (however far apart the events are), by the shortest way through
/// the passages to the cell under the pointer. When that way is long (the pointer went
/// through a wall), the player goes as far as the pointer went along open passages.
function onPointer(ev) {
  if (!play || play.done) return;
  if (ev.type === 'pointermove' && !ev.buttons) return;
  const p = mazePoint(ev);
  if (!p) return;
  const from = ev.type === 'pointerdown' || !play.aim ? p : play.aim;
  play.aim = p;
  // The cells under the pointer's way, a fifth of a cell apart.
  const crossed = [];
  let cell = cellAt(from, play.cell);
  const steps = Math.ceil(Math.hypot(p[0] - from[0], p[1] - from[1]) * 5);
  for (let i = 1; i <= steps; i++) {
    const c = cellAt([from[0] + ((p[0] - from[0]) * i) / steps, from[1] + ((p[1] - from[1]) * i) / steps], cell);
    if (c !== cell) crossed.push(c);
    cell = c;
  }
  const way = routeTo(cell, 2 * crossed.length + 2);
  if (way) {
    for (const c of way) if (!moveTo(c)) break;
    return;
  }
  for (const c of crossed) {
    const step = routeTo(c, 2);
    if (!step) break;
    for (const n of step) moveTo(n);
  }
}

/// Whether the maze point p is beyond the maze's drawing (its box with the margin).
function outsideMaze(p) {
  return p[0] < -MARGIN || p[1] < -MARGIN || p[0] > model.width + MARGIN || p[1] > model.height + MARGIN;
}

/// Pointer gestures on the maze. Playing: a press on or beside the player walks it towards
/// the pointer (drag); a press elsewhere on the maze is a swipe, which slides the player
/// that way. Two fingers pan and pinch-zoom any maze, the wheel zooms the canvas (and, with
/// Ctrl, as a touchpad's pinch sends it, the SVG drawing); a drag that is not playing pans
/// a zoomed maze (or the canvas). A finger's drag that starts beyond the maze, or on a maze
/// shown whole while not playing, scrolls the page.
function gestures(el) {
  const down = new Map();
  let gesture = null;
  let pinch = null;
  const pinchState = () => {
    const [a, b] = [...down.values()];
    return { d: Math.hypot(a.x - b.x, a.y - b.y), x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
  };
  el.addEventListener('pointerdown', (ev) => {
    if (!model) return;
    try {
      el.setPointerCapture(ev.pointerId);
    } catch (_) { /* not a live pointer (a synthetic event) */ }
    down.set(ev.pointerId, { x: ev.clientX, y: ev.clientY });
    if (down.size === 2) {
      gesture = null;
      pinch = pinchState();
      return;
    }
    if (down.size > 1) return;
    const p = mazePoint(ev);
    let walk = false;
    if (play && p) {
      const [x, y] = centre(play.cell);
      walk = Math.hypot(p[0] - x, p[1] - y) < 2.2;
    }
    const scroll = !walk && ev.pointerType !== 'mouse' && (!p || outsideMaze(p) || (!play && !zoomedIn()));
    gesture = { x: ev.clientX, y: ev.clientY, walk, scroll, pan: !walk && !scroll && !play && (canvasMode || zoomedIn()) };
    if (walk) {
      play.dragging = true;
      onPointer(ev);
    }
  });
  el.addEventListener('pointermove', (ev) => {
    const prev = down.get(ev.pointerId);
    if (!prev) return;
    if (pinch && down.size === 2) {
      down.set(ev.pointerId, { x: ev.clientX, y: ev.clientY });
      const now = pinchState();
      panScreen(now.x - pinch.x, now.y - pinch.y);
      if (pinch.d > 0 && now.d > 0) zoomScreen(now.d / pinch.d, now.x, now.y);
      pinch = now;
      return;
    }
    if (gesture && gesture.pan) panScreen(ev.clientX - prev.x, ev.clientY - prev.y);
    if (gesture && gesture.scroll) window.scrollBy(prev.x - ev.clientX, prev.y - ev.clientY);
    down.set(ev.pointerId, { x: ev.clientX, y: ev.clientY });
    if (gesture && gesture.walk) onPointer(ev);
  });
  const up = (ev) => {
    if (!down.has(ev.pointerId)) return;
    down.delete(ev.pointerId);
    if (pinch) {
      if (down.size < 2) pinch = null;
      gesture = null;
      return;
    }
    if (gesture && gesture.walk && play) {
      // The view did not move under the finger while it walked: now it follows.
      play.dragging = false;
      drawPlayer();
    }
    if (gesture && !gesture.walk && !gesture.pan && !gesture.scroll && play && !play.done && ev.type === 'pointerup') {
      const dx = ev.clientX - gesture.x;
      const dy = ev.clientY - gesture.y;
      if (Math.hypot(dx, dy) > 24) swipe(dx, dy);
    }
    gesture = null;
  };
  el.addEventListener('pointerup', up);
  el.addEventListener('pointercancel', up);
  el.addEventListener('wheel', (ev) => {
    if (!model || (!canvasMode && !ev.ctrlKey)) return;
    ev.preventDefault();
    wheelZoom(Math.pow(1.2, -ev.deltaY / 100), ev.clientX, ev.clientY);
  }, { passive: false });
}

// ---- start -----------------------------------------------------------------------------
async function init() {
  try {
    catalog = await (await ask('/api/list')).json();
  } catch (e) {
    // No server answers (the page was saved, or its server stopped): the module, if the
    // page came with it.
    try {
      engine = 'module';
      catalog = await (await ask('/api/list')).json();
    } catch (_) {
      engine = 'server';
      status(unreachable(e), true);
      return;
    }
  }
  document.body.dataset.engine = engine;
  // The static site (scripts/build-site.sh) keeps working offline through its service
  // worker; `maze serve`'s page has no manifest and registers none.
  if (document.querySelector('link[rel="manifest"]') && 'serviceWorker' in navigator) {
    navigator.serviceWorker.register('sw.js').catch(() => { /* offline use is a bonus */ });
  }
  $('cancel').addEventListener('click', cancelWork);
  for (const s of catalog.shapes) {
    const o = new Option(shapeWords(s.name), s.name);
    o.title = `${s.name}: ${s.about}`;
    $('shape').add(o);
  }
  $('solver').add(new Option('(none: no solution)', ''));
  for (const s of catalog.solvers) {
    const o = new Option(solverWords(s.name), s.name);
    o.title = `${s.name}${s.shortest ? ' (finds the shortest way)' : ''}${s.about ? ': ' + s.about : ''}`;
    $('solver').add(o);
  }
  // Less motion: on when the system asks for reduced motion (prefers-reduced-motion).
  $('less-motion').checked = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  $('solver').value = 'bfs';
  for (const id of ['entrance', 'exit']) for (const [v, label] of ENDS) $(id).add(new Option(label, v));
  fromUrl();
  barHeight();
  $('shape').addEventListener('change', () => {
    topologyFields(false);
    fillAlgorithms();
    shapeLabels();
  });
  $('solver').addEventListener('change', solveButton);
  // The Download menu closes on a press anywhere else, and on Esc.
  document.addEventListener('pointerdown', (ev) => {
    if ($('download-menu').open && !$('download-menu').contains(ev.target)) $('download-menu').open = false;
  });
  $('download-menu').addEventListener('keydown', (ev) => {
    if (ev.key !== 'Escape') return;
    ev.stopPropagation();
    $('download-menu').open = false;
    $('download-menu').querySelector('summary').focus();
  });
  // Wrapping, levels and weave do not go together (yet): choosing one clears the others.
  $('wrap').addEventListener('change', () => {
    if ($('wrap').value) $('weave').value = '';
    fillAlgorithms();
  });
  $('levels').addEventListener('change', () => {
    if ((Number($('levels').value) || 1) > 1) $('weave').value = '';
    fillAlgorithms();
  });
  $('weave').addEventListener('change', () => {
    if (Number($('weave').value) > 0) {
      $('wrap').value = '';
      $('levels').value = '1';
    }
    fillAlgorithms();
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
      generate({ push: true });
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
    linkNote([]);
    generate({ push: true });
  });
  $('seed').addEventListener('input', () => { seedFrom = 'typed'; });
  $('solve').addEventListener('click', async () => {
    stopWork();
    stopAnimation();
    if (!maze) return;
    if (!maze.solution) {
      // A solver was chosen after this maze was made: make it again with one, then show.
      if (!$('solver').value) return;
      $('seed').value = String(maze.seed);
      seedFrom = 'typed';
      await generate({ push: true, showSolution: true });
      return;
    }
    stopWork();
    showSolution = !showSolution;
    finalWalls();
    drawWalls();
    drawSolution();
    updateDownloads();
    updateLink();
    status(showSolution ? solutionWords() : maze.about);
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
  $('stair-up').addEventListener('click', () => { climb(true); surface().focus(); });
  $('stair-down').addEventListener('click', () => { climb(false); surface().focus(); });
  $('print').addEventListener('click', printMaze);
  $('png-size').addEventListener('change', updateDownloads);
  $('corridor-width').addEventListener('change', updateDownloads);
  $('difficulty').addEventListener('change', () => {
    const k = Number($('difficulty').value);
    if (!k) return;
    $('width').value = String(2 ** k);
    $('height').value = String(2 ** k);
  });
  for (const id of ['width', 'height']) $(id).addEventListener('input', syncDifficulty);
  document.addEventListener('keydown', onKey);
  gestures($('maze'));
  gestures($('canvas-box'));
  $('zoom-in').addEventListener('click', () => zoomMiddle(1.5));
  $('zoom-out').addEventListener('click', () => zoomMiddle(1 / 1.5));
  $('zoom-fit').addEventListener('click', zoomFit);
  window.addEventListener('resize', () => {
    barHeight();
    if (canvasMode && model) sizeCanvas();
    relayoutLevels();
  });
  // Back and Forward (and an address edited by hand): the maze of that address.
  const follow = () => {
    const link = location.hash.slice(1);
    if (link === shownLink) return;
    shownLink = link;
    fromUrl();
    generate({ showSolution: linkSolution });
  };
  window.addEventListener('popstate', follow);
  window.addEventListener('hashchange', follow);
  await generate({ showSolution: linkSolution });
}

init();
