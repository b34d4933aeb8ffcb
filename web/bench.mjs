// The WebAssembly beside the native binary on the same positions: `make bench-web`.
// The page's engine (in its worker, in headless Chromium) and `minimax --stats` (release
// build) each value every legal move of the position, each run in a fresh search context;
// the figures are medians of RUNS runs (default 5) of the search alone.

import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { launch, missingChromium } from './tests/browser.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const PAGE = join(ROOT, 'target', 'web', 'minimax.html');
const NATIVE = process.env.MINIMAX_BIN || join(ROOT, 'target', 'release', 'minimax');
const RUNS = Number(process.env.RUNS || 5);

const POSITIONS = [
  { name: 'empty 3x3 (alpha-beta)', request: { position: '---/---/---' }, args: [], input: '---/---/---' },
  {
    name: 'empty 4x4, k 4 (solver)',
    request: { position: '----/----/----/----', k: 4 },
    args: ['--k', '4'],
    input: '----/----/----/----',
  },
  {
    name: 'Connect Four, 15 stones (columns)',
    request: { game: 'connect4', moves: '551455216743151' },
    args: ['--game', 'connect4'],
    input: '{"moves": "551455216743151"}',
  },
];

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** `minimax --stats` says the search's time on stderr: `time: 13.896 ms (...)`. */
function nativeMs(position) {
  const run = spawnSync(NATIVE, ['--stats', ...position.args], { input: position.input, encoding: 'utf8' });
  const found = /time: ([\d.]+) ms/.exec(run.stderr);
  if (run.status !== 0 || !found) {
    throw new Error(`${NATIVE} --stats ${position.args.join(' ')}: ${run.stderr}`);
  }
  return Number(found[1]);
}

async function main() {
  const missing = missingChromium();
  if (missing) {
    console.error(`bench-web needs Chromium: ${missing}`);
    process.exit(2);
  }
  const chromium = await launch();
  try {
    const page = await chromium.context.newPage();
    await page.goto(`${pathToFileURL(PAGE).href}?lang=en`);
    await page.waitForSelector('body[data-ready="true"]');
    console.log(`${'position'.padEnd(36)} ${'wasm ms'.padStart(9)} ${'native ms'.padStart(10)} ${'ratio'.padStart(6)}`);
    for (const position of POSITIONS) {
      const wasm = [];
      const native = [];
      for (let i = 0; i < RUNS; i++) {
        // eslint-disable-next-line no-undef
        const result = await page.evaluate((request) => engine.call('benchPosition', request), position.request);
        wasm.push(result.search_ms);
        if (!process.env.WASM_ONLY) {
          native.push(nativeMs(position));
        }
      }
      const [w, n] = [median(wasm), native.length ? median(native) : NaN];
      console.log(`${position.name.padEnd(36)} ${w.toFixed(1).padStart(9)} ${n.toFixed(1).padStart(10)} ${(w / n).toFixed(2).padStart(6)}`);
    }
  } finally {
    await chromium.close();
  }
}

main();
