// Writes the page as one self-contained HTML file: the styles, the scripts and the
// WebAssembly (base64) inlined, so that it opens from disk (file://) or from an LMS with no
// network and no server.
//
//   node web/build/inline.mjs PAGE_DIR GLUE_JS MODULE_WASM OUT_HTML
//
// GLUE_JS is wasm-bindgen's `--target no-modules` output; it and worker.js become the
// worker's source (started from a blob: URL), the rest runs on the page.

import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';

// The bound: one file a course platform takes as an upload.
const MAX_BYTES = 3 * 1024 * 1024;

const [pageDir, gluePath, wasmPath, outPath] = process.argv.slice(2);
if (!outPath) {
  console.error('usage: node inline.mjs PAGE_DIR GLUE_JS MODULE_WASM OUT_HTML');
  process.exit(2);
}

const read = (path) => readFileSync(path, 'utf8');
const page = (name) => read(join(pageDir, name));

/** Text safe inside <script> and <style>: nothing that closes the element early. */
function guard(text, element) {
  const closing = new RegExp(`</(${element})`, 'gi');
  return text.replace(closing, '<\\/$1');
}

const glue = read(gluePath);
const workerSource = `${glue}\n${page('worker.js')}`;
const wasm = readFileSync(wasmPath).toString('base64');

const script = [
  '"use strict";',
  `const WASM_BASE64 = ${JSON.stringify(wasm)};`,
  `const WORKER_SOURCE = ${JSON.stringify(workerSource)};`,
  page('i18n.js'),
  page('app.js'),
].join('\n');

let html = page('index.html');
const replace = (marker, content) => {
  if (!html.includes(marker)) {
    console.error(`${join(pageDir, 'index.html')}: the marker ${marker} is missing`);
    process.exit(2);
  }
  // A function, so that `$&` and friends in the content are not read as patterns.
  html = html.replace(marker, () => content);
};
replace('<!-- minimax: styles -->', `<style>\n${guard(page('style.css'), 'style')}\n</style>`);
replace('<!-- minimax: scripts -->', `<script>\n${guard(script, 'script')}\n</script>`);

const bytes = Buffer.byteLength(html);
if (bytes > MAX_BYTES) {
  console.error(`${outPath}: ${bytes} bytes, over the ${MAX_BYTES}-byte bound`);
  process.exit(1);
}
mkdirSync(dirname(outPath), { recursive: true });
writeFileSync(outPath, html);
console.log(`${outPath}: ${(bytes / 1024).toFixed(0)} KiB (WebAssembly ${(wasm.length / 1024).toFixed(0)} KiB as base64)`);
