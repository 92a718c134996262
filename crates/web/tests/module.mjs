// The built module (scripts/build-wasm.sh's output, wasm-bindgen --target web) as the page's
// JavaScript sees it: `node crates/web/tests/module.mjs PKG_DIR`, run by scripts/test-wasm.sh.
// Checks what the exported functions return (text, a Uint8Array with the output-hash
// table's bytes: every case of tests/golden/cases.json, the table's requests that need no
// file) and that an error is thrown as its message string, not as a trap.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const pkg = resolve(process.argv[2] ?? "target/wasm/pkg");
const web = await import(pathToFileURL(resolve(pkg, "maze_web.js")).href);
web.initSync({ module: readFileSync(resolve(pkg, "maze_web_bg.wasm")) });

const here = dirname(fileURLToPath(import.meta.url));
const table = readFileSync(resolve(here, "../../cli/tests/golden/output-hashes.txt"), "utf8");
const hashOf = (name) => {
  const line = table.split("\n").find((l) => l.split(/\s+/)[0] === name);
  assert.ok(line, `no ${name} in the table`);
  return line.split(/\s+/)[1];
};
const sha256 = (bytes) => createHash("sha256").update(bytes).digest("hex");
let checks = 0;
const check = (what, f) => {
  f();
  checks += 1;
  console.log(`ok - ${what}`);
};

check("capabilities is JSON text", () => {
  const caps = JSON.parse(web.capabilities());
  assert.equal(typeof caps, "object");
  assert.ok(JSON.stringify(caps).includes('"hex"'));
});

check("render gives the table's bytes as a Uint8Array", () => {
  const cases = [
    ["hex.svg", { shape: "hex", width: 10, height: 8, seed: 4, solve: "bfs", format: "svg" }],
    ["square.png", { width: 12, height: 9, seed: 3, solve: "bfs", format: "png" }],
  ];
  for (const [name, request] of cases) {
    const bytes = web.render(JSON.stringify(request));
    assert.ok(bytes instanceof Uint8Array, name);
    assert.equal(sha256(bytes), hashOf(name), name);
  }
});

check("every case of the table without files gives the table's bytes", () => {
  const cases = JSON.parse(readFileSync(resolve(here, "golden/cases.json"), "utf8"));
  assert.ok(cases.length > 300, `only ${cases.length} cases`);
  const bad = [];
  for (const { name, request } of cases) {
    const json = JSON.stringify(request);
    try {
      const got = sha256(web.render(json));
      if (got !== hashOf(name)) bad.push(`${name}: ${got} differs from ${hashOf(name)} (${json})`);
    } catch (e) {
      bad.push(`${name}: ${e} (${json})`);
    }
  }
  assert.deepEqual(bad, [], `${bad.length} of ${cases.length} cases differ:\n${bad.join("\n")}`);
  console.log(`  (${cases.length} cases)`);
});

check("a request without a seed is made, differently each time", () => {
  const request = JSON.stringify({ width: 20, height: 20, format: "text" });
  const seen = new Set([0, 1, 2, 3].map(() => new TextDecoder().decode(web.render(request))));
  assert.ok(seen.size > 1, "four seedless mazes are all the same");
});

check("an error is thrown as its one-line message", () => {
  for (const request of ['{"width": 0}', '{"wdth": 5}', "{", '{"shape": "cube"}']) {
    let thrown;
    try {
      web.render(request);
    } catch (e) {
      thrown = e;
    }
    assert.equal(typeof thrown, "string", `${request}: ${thrown}`);
    assert.ok(thrown.length > 0 && !thrown.includes("\n"), `${request}: ${thrown}`);
  }
  // The module still works after an error.
  assert.equal(sha256(web.render(JSON.stringify({ shape: "hex", width: 10, height: 8, seed: 4, solve: "bfs", format: "svg" }))), hashOf("hex.svg"));
});

console.log(`${checks} checks passed`);
