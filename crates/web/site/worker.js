// The page's engine without a server: the maze library compiled to WebAssembly
// (crates/web), run in this Web Worker so that drawing and input never wait for it.
// app.js's ask() posts { id, method, path, query, body } for one API request; the answer
// comes back as { id, status, type, name, bytes } with the bytes `maze serve` would send
// (errors too: a status and {"error": "..."}), after a { id, stage } message as each stage
// of the job starts ("making", "solving", "drawing"). A job that must stop is stopped by
// ending the worker (see stopWorker in app.js).
import init, { answer_watched } from './maze_web.js';

const ready = init({ module_or_path: new URL('maze_web_bg.wasm', import.meta.url) });

self.onmessage = async (e) => {
  const { id, method, path, query, body } = e.data;
  let reply;
  try {
    await ready;
    // Each stage of the job as it starts ("making", "solving", "drawing"), for the status line.
    const a = answer_watched(method, path, query, body ?? undefined, (stage) => self.postMessage({ id, stage }));
    const bytes = a.take_bytes();
    reply = { id, status: a.status, type: a.content_type, name: a.file_name, bytes };
    a.free();
  } catch (err) {
    // A trap (a bug: the module answers errors as messages) or a module that cannot load.
    const message = `internal error: the maze engine failed (${err && err.message ? err.message : err})`;
    const bytes = new TextEncoder().encode(JSON.stringify({ error: message }));
    // A module that trapped may be left in any state: the page starts a fresh worker.
    reply = { id, status: 500, type: 'application/json', name: null, bytes, restart: true };
  }
  self.postMessage(reply, [reply.bytes.buffer]);
};
