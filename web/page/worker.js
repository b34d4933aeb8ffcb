// The page's engine, off the main thread. wasm-bindgen's no-modules glue comes first in the
// same script and defines `wasm_bindgen`; the main thread compiles the WebAssembly once and
// sends the module here. Cancelling a search is the main thread terminating this worker.
//
// Protocol (every message is a plain object):
//   in:  {type: 'init', module}                     -> out: {type: 'ready'} or {type: 'failed', message}
//   in:  {type: 'call', id, op, args}               -> out: {type: 'progress', id, done, total}*,
//                                                          then {type: 'result', id, result}
//                                                          or {type: 'error', id, message}
// `args` and `result` are JSON-able objects: the bindings take and give JSON text.

/* global wasm_bindgen */

// Each op is the binding of the same name in web/src/lib.rs.
const OPS = {
  solveTree: 'solve_tree',
  treeFigure: 'tree_figure',
  diagnoseTreeAnswer: 'diagnose_tree_answer',
  generateTree: 'generate_tree',
  generatePosition: 'generate_position',
};

// Progress is posted at most this often (ms), so that a fast search is not slowed by it.
const PROGRESS_EVERY = 40;

self.onmessage = (event) => {
  const message = event.data;
  if (message.type === 'init') {
    try {
      wasm_bindgen.initSync({ module: message.module });
      self.postMessage({ type: 'ready' });
    } catch (error) {
      self.postMessage({ type: 'failed', message: String((error && error.message) || error) });
    }
    return;
  }
  const { id, op, args } = message;
  try {
    let result;
    if (op === 'solvePosition') {
      result = JSON.parse(searched(id, args).finish());
    } else if (op === 'benchPosition') {
      // A fresh search context each time, timed here (make bench-web).
      const started = performance.now();
      const search = new wasm_bindgen.PositionSearch(JSON.stringify(args));
      while (search.step()) {
        // every legal move, one at a time, as the page does
      }
      result = { search_ms: performance.now() - started };
      search.free();
    } else if (op === 'judgeAnswer') {
      result = JSON.parse(searched(id, args.position).judge(args.answer));
    } else if (OPS[op]) {
      result = JSON.parse(wasm_bindgen[OPS[op]](JSON.stringify(args)));
    } else {
      throw new Error(`unknown operation ${op}`);
    }
    self.postMessage({ type: 'result', id, result });
  } catch (error) {
    // A trap leaves the instance unusable: the main thread starts a fresh worker after this.
    self.postMessage({ type: 'error', id, message: String((error && error.message) || error) });
  }
};

// The last position searched, kept so that checking an answer to it searches nothing again.
let last = null;

/** The position `args` names with every legal move valued, one move at a time, saying how far
 * it has got. */
function searched(id, args) {
  const key = JSON.stringify(args);
  if (last && last.key === key) {
    return last.search;
  }
  if (last) {
    last.search.free();
    last = null;
  }
  const search = new wasm_bindgen.PositionSearch(key);
  const total = search.total();
  let said = performance.now();
  self.postMessage({ type: 'progress', id, done: 0, total });
  while (search.step()) {
    const now = performance.now();
    if (now - said >= PROGRESS_EVERY) {
      self.postMessage({ type: 'progress', id, done: search.done(), total });
      said = now;
    }
  }
  last = { key, search };
  return search;
}
