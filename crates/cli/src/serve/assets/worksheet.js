// maze serve: the worksheet panel. One click makes a PDF of mazes like the one on screen
// (its shape, size, style and options; its seed first, so the same panel makes the same
// sheets again): paper, landscape, a title, a name-and-date line, instructions, 1, 2, 4 or
// 6 mazes a sheet, several sheets, answer keys at the end several to a page, easy, medium
// or hard mazes by their score, and a printed book's trim size, bleed, page numbers, order
// (easiest first), title page and black ink.
// Every choice is a field of the request (`GET /api/render?format=pdf&count=...`, the
// same on the server and in the WebAssembly module); this file only fills them in.
'use strict';

/// The request's fields for the worksheet the panel describes, added to the maze on
/// screen's settings (`drawn`): a URLSearchParams of `/api/render`.
function worksheetQuery() {
  const perPage = Number($('ws-per-page').value) || 1;
  const pages = Math.max(1, Math.min(50, Math.floor(Number($('ws-pages').value) || 1)));
  const keys = $('ws-keys').checked;
  const s = { ...drawn, solve: keys ? (drawn.solve && drawn.solve !== 'off' ? drawn.solve : 'bfs') : '' };
  const extra = { format: 'pdf', count: String(perPage * pages) };
  const trim = $('ws-trim').value;
  if (trim) extra.trim = trim;
  else extra.paper = $('ws-paper').value + ($('ws-landscape').checked ? '-landscape' : '-portrait');
  const title = $('ws-title').value.trim();
  if (title) extra.title = title;
  const instructions = $('ws-instructions').value.trim();
  if (instructions) extra.instructions = instructions;
  if ($('ws-name').checked) extra['name-line'] = '1';
  if (perPage > 1) extra['per-page'] = String(perPage);
  if (keys && perPage * pages > 1) extra['keys-per-page'] = $('ws-keys-per-page').value;
  if ($('ws-hardness').value) extra.hardness = $('ws-hardness').value;
  if (trim && $('ws-bleed').checked) extra.bleed = '0.125in';
  if ($('ws-page-numbers').checked) extra['page-numbers'] = 'true';
  if ($('ws-order').checked && perPage * pages > 1) extra.order = 'difficulty';
  if ($('ws-front-page').checked) extra['front-page'] = 'true';
  if ($('ws-ink').checked) extra.ink = 'black';
  return query(s, extra);
}

/// The file name of the worksheet: its shape, size, first seed and number of mazes.
function worksheetName(count) {
  const sh = maze.shape;
  return `worksheet-${sh.kind}-${sh.width}x${sh.height}-seed${maze.seed}-${count}-mazes.pdf`;
}

/// Says what the PDF will hold, under the button.
function worksheetNote() {
  const perPage = Number($('ws-per-page').value) || 1;
  const pages = Math.max(1, Math.floor(Number($('ws-pages').value) || 1));
  const count = perPage * pages;
  const keys = $('ws-keys').checked;
  const keyPages = keys ? Math.ceil(count / (count > 1 ? Number($('ws-keys-per-page').value) : 1)) : 0;
  $('ws-keys-per-page').disabled = !keys;
  $('ws-paper').disabled = !!$('ws-trim').value;
  $('ws-landscape').disabled = !!$('ws-trim').value;
  $('ws-bleed').disabled = !$('ws-trim').value;
  $('ws-note').textContent = `${count} maze${count === 1 ? '' : 's'} like the one on screen on ${pages} sheet${pages === 1 ? '' : 's'}` +
    (keys ? `, then ${keyPages} page${keyPages === 1 ? '' : 's'} of answers` : '') + '.';
}

/// Makes the worksheet's PDF and saves it (a job of the page's: Cancel or a newer job
/// stops it).
async function makeWorksheet(ev) {
  ev.preventDefault();
  if (!drawn || !maze) return;
  const pages = Number($('ws-pages').value);
  if (!Number.isInteger(pages) || pages < 1 || pages > 50) {
    stopWork();
    fieldError('ws-pages', 'Sheets: enter a whole number from 1 to 50.');
    status('Sheets: enter a whole number from 1 to 50.', true);
    return;
  }
  clearFieldErrors();
  const q = worksheetQuery();
  const count = Number(new URLSearchParams(q).get('count'));
  await saveFile('/api/render?' + q, 'worksheet', worksheetName(count));
}

$('worksheet-form').addEventListener('submit', makeWorksheet);
for (const id of ['ws-per-page', 'ws-pages', 'ws-keys', 'ws-keys-per-page', 'ws-trim']) {
  $(id).addEventListener('input', worksheetNote);
  $(id).addEventListener('change', worksheetNote);
}
worksheetNote();
