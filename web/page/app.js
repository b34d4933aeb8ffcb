// The page: positions and trees, their URL, the board and the tree's steps, the practice
// fields. Every answer comes from the engine (minimax-core in WebAssembly, in a worker);
// this file only asks and draws. The build puts before it: i18n.js, and the constants
// WASM_BASE64 (the module) and WORKER_SOURCE (wasm-bindgen's glue, then worker.js).

/* global STRINGS, LANGUAGES, fill, WASM_BASE64, WORKER_SOURCE */

'use strict';

// The lecture's trees (fixtures/trees/), by the names `?tree=` takes.
const LECTURE_TREES = {
  lecture: '[[3, 12, 8], [2, 4, 6], [14, 5, 2]]',
  labelled:
    '{"label": "A", "children": [{"label": "B", "children": [3, 12, 8]}, {"label": "C", "children": [2, 4, 6]}, {"label": "D", "children": [14, 5, 2]}]}',
  tie: '[[3, 5], [3, 1]]',
  reordered: '[[2, 4, 6], [14, 5, 2], [3, 12, 8]]',
  chance:
    '[{"label": "A", "chance": [[0.9, [2, 3]], [0.1, [1, 4]]]}, {"label": "B", "chance": [[0.9, [1, 3]], [0.1, [4, 4]]]}]',
  'three-players':
    '{"players": ["A", "B", "C"], "tree": [[[[1, 2, 6], [4, 2, 3]], [[6, 1, 2], [7, 4, 1]]], [[[5, 1, 1], [1, 5, 2]], [[7, 7, 1], [5, 4, 5]]]]}',
};

const DEFAULT_POSITION = { position: 'XX-/-OO/---' };
// Searches shorter than this show no progress bar (no flicker on 3x3).
const BUSY_AFTER_MS = 150;
// The pause before the machine answers, so that a player sees their own move first.
const MACHINE_DELAY_MS = 250;
// Playing the machine where pieces fall, each answer within this time (`--time-limit`),
// unless "exact, however long" is ticked: the game never stalls in the opening.
const MACHINE_BUDGET_MS = 3000;
// Against the machine, the player's own turn is searched this long at most, so the board takes
// a click at once (the values shown there are then the best found, not proven).
const PLAYER_BUDGET_MS = 300;
// The tree's figure is drawn for paper; on screen it is shown larger.
const FIGURE_SCALE = 1.35;

const $ = (id) => document.getElementById(id);

// ---------------------------------------------------------------------------------------
// The engine: one worker at a time; cancelling terminates it and starts a fresh one.

class Cancelled extends Error {
  constructor() {
    super('cancelled');
    this.name = 'Cancelled';
  }
}

class Engine {
  constructor(module) {
    this.module = module;
    this.pending = new Map();
    this.nextId = 1;
    this.start();
  }

  start() {
    const url = URL.createObjectURL(new Blob([WORKER_SOURCE], { type: 'text/javascript' }));
    this.worker = new Worker(url);
    URL.revokeObjectURL(url);
    this.ready = new Promise((resolve, reject) => {
      this.readyHooks = { resolve, reject };
    });
    this.worker.onmessage = (event) => this.receive(event.data);
    this.worker.onerror = (event) => {
      event.preventDefault();
      this.failAll(new Error(event.message || 'the engine stopped'));
      this.restart();
    };
    this.worker.postMessage({ type: 'init', module: this.module });
  }

  receive(message) {
    if (message.type === 'ready') {
      this.readyHooks.resolve();
      return;
    }
    if (message.type === 'failed') {
      this.readyHooks.reject(new Error(message.message));
      return;
    }
    const call = this.pending.get(message.id);
    if (!call) {
      return;
    }
    if (message.type === 'progress') {
      call.onProgress(message.done, message.total);
      return;
    }
    this.pending.delete(message.id);
    call.settled();
    if (message.type === 'result') {
      call.resolve(message.result);
    } else {
      call.reject(new Error(message.message));
      // A trapped instance cannot be trusted with the next call.
      this.restart();
    }
  }

  /** Runs `op` with `args` in the worker; `onProgress(done, total)` while it works. */
  call(op, args, onProgress = () => {}) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => busy.show(id), BUSY_AFTER_MS);
      const settled = () => {
        clearTimeout(timer);
        busy.hide(id);
      };
      const progress = (done, total) => {
        busy.progress(id, done, total);
        onProgress(done, total);
      };
      this.pending.set(id, { resolve, reject, onProgress: progress, settled });
      this.worker.postMessage({ type: 'call', id, op, args });
    });
  }

  failAll(error) {
    for (const call of this.pending.values()) {
      call.settled();
      call.reject(error);
    }
    this.pending.clear();
  }

  restart() {
    this.worker.terminate();
    this.start();
  }

  /** Stops whatever the worker is doing; every pending call is rejected with Cancelled. */
  cancel() {
    this.failAll(new Cancelled());
    this.restart();
  }
}

const busy = {
  shown: new Set(),
  show(id) {
    this.shown.add(id);
    $('busy').hidden = false;
    $('progress').removeAttribute('value');
    $('progress-text').textContent = '';
  },
  progress(id, done, total) {
    if (!this.shown.has(id)) {
      return;
    }
    $('progress').max = Math.max(total, 1);
    $('progress').value = done;
    $('progress-text').textContent = fill(t('searching'), { done, total });
  },
  hide(id) {
    this.shown.delete(id);
    if (this.shown.size === 0) {
      $('busy').hidden = true;
    }
  },
};

let engine = null;

// ---------------------------------------------------------------------------------------
// Language and the URL.

const state = {
  lang: 'es',
  view: 'position',
  // The position being shown, as the bindings take it: {position, k, gravity, game, moves, first}.
  request: null,
  result: null,
  // The request `result` answers: while a search is under way, not `request`.
  answered: null,
  history: [],
  // The machine's side; 'next' when it was switched on during a search: the side not to
  // move, once the search says which that is.
  machine: null,
  hidden: false,
  positionToken: 0,
  tree: null,
  treeResult: null,
  step: 0,
  treeToken: 0,
};

function t(key) {
  const table = STRINGS[state.lang] || STRINGS.es;
  return key in table ? table[key] : STRINGS.en[key];
}

function applyLanguage() {
  document.documentElement.lang = state.lang;
  $('lang').value = state.lang;
  for (const element of document.querySelectorAll('[data-i18n]')) {
    element.textContent = t(element.dataset.i18n);
  }
  document.title = t('title');
}

function readUrl() {
  const params = new URLSearchParams(location.search);
  const lang = params.get('lang');
  state.lang = LANGUAGES.includes(lang) ? lang : 'es';
  state.hidden = params.get('exercise') === '1';
  const request = {};
  for (const name of ['position', 'game', 'moves', 'first']) {
    if (params.get(name) !== null && params.get(name) !== '') {
      request[name] = params.get(name);
    }
  }
  if (params.get('k')) {
    request.k = Number(params.get('k'));
  }
  if (params.get('gravity') === '1' || params.get('gravity') === 'true') {
    request.gravity = true;
  }
  if (request.game === 'connect4' && request.moves === undefined && request.position === undefined) {
    request.moves = '';
  }
  const tree = params.get('tree');
  state.tree = {
    tree: tree === null ? LECTURE_TREES.lecture : LECTURE_TREES[tree] || tree,
    algorithm: params.get('algorithm') || 'alphabeta',
    cutoff: params.get('cutoff') || 'inclusive',
    root: params.get('root') || 'max',
  };
  const named = tree !== null && LECTURE_TREES[tree] ? tree : null;
  state.treePreset = named || (tree === null ? 'lecture' : '');
  const hasPosition = Object.keys(request).length > 0;
  state.request = hasPosition ? request : { ...DEFAULT_POSITION };
  state.view = params.get('view') || (tree !== null && !hasPosition ? 'tree' : 'position');
}

function writeUrl() {
  const params = new URLSearchParams();
  if (state.lang !== 'es') {
    params.set('lang', state.lang);
  }
  if (state.view === 'tree') {
    const preset = Object.keys(LECTURE_TREES).find((name) => LECTURE_TREES[name] === state.tree.tree);
    params.set('tree', preset || state.tree.tree);
    for (const [name, fallback] of [['algorithm', 'alphabeta'], ['cutoff', 'inclusive'], ['root', 'max']]) {
      if (state.tree[name] !== fallback) {
        params.set(name, state.tree[name]);
      }
    }
  } else {
    for (const [name, value] of Object.entries(state.request)) {
      if (value === true) {
        params.set(name, '1');
      } else if (value !== undefined && value !== null && value !== false) {
        params.set(name, String(value));
      }
    }
  }
  if (state.hidden) {
    params.set('exercise', '1');
  }
  try {
    history.replaceState(null, '', `${location.pathname}?${params}`);
  } catch {
    // Some file:// set-ups refuse it; the page works the same without.
  }
}

// ---------------------------------------------------------------------------------------
// Words the engine gives in English, said in the page's language.

function outcomeText(outcome) {
  if (outcome === 'draw') {
    return t('draw');
  }
  const win = /^([XO]) wins in (\d+)$/.exec(outcome || '');
  return win ? fill(t('wins'), { side: win[1], n: win[2] }) : outcome;
}

function signed(value) {
  return value > 0 ? `+${value}` : value < 0 ? `−${-value}` : '0';
}

// ---------------------------------------------------------------------------------------
// Positions.

function fillPositionForm() {
  const request = state.request;
  const connect4 = request.game === 'connect4';
  $('game').value = connect4 ? 'connect4' : 'mnk';
  $('position-text').value = request.position || '';
  $('moves').value = request.moves || '';
  $('k').value = request.k || '';
  $('gravity').checked = Boolean(request.gravity);
  $('moves-field').hidden = !connect4;
  $('position-field').hidden = connect4 && request.position === undefined;
  $('position-help').hidden = $('position-field').hidden;
  $('k-field').hidden = connect4;
  $('gravity-field').hidden = connect4;
}

function requestFromForm() {
  const request = {};
  if ($('game').value === 'connect4') {
    request.game = 'connect4';
    const text = $('position-text').value.trim();
    if (!$('position-field').hidden && text) {
      request.position = text;
    } else {
      request.moves = $('moves').value.trim();
    }
    return request;
  }
  request.position = $('position-text').value;
  if ($('k').value) {
    request.k = Number($('k').value);
  }
  if ($('gravity').checked) {
    request.gravity = true;
  }
  if (state.request && state.request.first) {
    request.first = state.request.first;
  }
  return request;
}

/** Shows `request`'s position and every move's value; `remember` keeps the last for Undo. */

// The engine's answer to the newest of a kind of request (`tokenKey` counts them), or null
// when a newer one has replaced it or it failed (the failure is said, unless replaced).
async function latest(tokenKey, method, argument) {
  const token = ++state[tokenKey];
  try {
    const result = await engine.call(method, argument);
    return token === state[tokenKey] ? result : null;
  } catch (error) {
    if (token === state[tokenKey]) {
      say(error instanceof Cancelled ? t('cancelled') : String(error.message));
    }
    return null;
  }
}

async function showPosition(request, { remember = true, note = '', playerTurn = false } = {}) {
  if (remember && state.request && state.result) {
    state.history.push({ request: state.request, toMove: state.result.to_move });
  }
  state.request = request;
  writeUrl();
  fillPositionForm();
  $('machine-note').textContent = note;
  $('answer-verdict').textContent = '';
  $('answer-verdict').className = 'verdict';
  $('answer-detail').textContent = '';
  const result = await latest('positionToken', 'solvePosition', budgeted(request, playerTurn));
  if (result === null) {
    return;
  }
  state.result = result;
  state.answered = request;
  if (state.machine === 'next') {
    state.machine = result.ok && !result.over ? (result.to_move === 'X' ? 'O' : 'X') : null;
  }
  renderPosition();
  machineTurn();
}

/** Whether pieces fall in the position `request` names (the budget applies there). */
function falls(request) {
  return Boolean(request && (request.game === 'connect4' || request.gravity));
}

/** `request` with a time budget when playing the machine where pieces fall (the page's URL
 * never carries it): the machine's, or the shorter one of the player's own turn. */
function budgeted(request, playerTurn) {
  if (!state.machine || !falls(request) || $('exact-play').checked) {
    return request;
  }
  return { ...request, budget_ms: playerTurn ? PLAYER_BUDGET_MS : MACHINE_BUDGET_MS };
}

function renderPosition() {
  const result = state.result;
  $('undo').disabled = state.history.length === 0;
  $('position-error').hidden = result.ok;
  $('solution').hidden = !result.ok || state.hidden;
  $('exercise-note').hidden = !result.ok || !state.hidden || !result.moves.length;
  $('position-reveal').hidden = !result.ok || !result.moves.length;
  $('position-reveal').textContent = state.hidden ? t('showSolution') : t('hideSolution');
  $('machine').setAttribute('aria-pressed', String(Boolean(state.machine)));
  $('machine').textContent = state.machine ? fill(t('machineOn'), { side: state.machine }) : t('machine');
  if (!result.ok) {
    $('position-report').textContent = result.report;
    $('position-status').textContent = '';
    $('board').replaceChildren();
    return;
  }
  if (result.over) {
    $('position-status').textContent = result.over.winner
      ? fill(t('gameOverWin'), { side: result.over.winner })
      : t('gameOverDraw');
  } else {
    $('position-status').textContent = fill(t('toMove'), { side: result.to_move });
  }
  drawBoard(result);
  $('practice-hint').textContent = t(result.gravity ? 'practiceHintColumn' : 'practiceHint');
  const body = $('moves-table').tBodies[0];
  body.replaceChildren();
  const table = $('moves-table');
  table.hidden = result.moves.length === 0;
  for (const move of result.moves) {
    const row = body.insertRow();
    if (move.move === result.answer) {
      row.className = 'chosen';
    } else if (result.optimal.includes(move.move)) {
      row.className = 'optimal';
    }
    row.insertCell().textContent = move.move === result.answer ? '›' : '';
    row.insertCell().textContent = move.move;
    row.insertCell().textContent = signed(move.value);
    row.insertCell().textContent = outcomeText(move.outcome);
  }
  if (result.answer) {
    $('answer-line').textContent = `${t('answer')}: ${result.answer}`;
    $('optimal-line').textContent = `${t('optimal')}: ${result.optimal.join(', ')}`;
    const won = /^([XO]) wins$/.exec(result.pv_end);
    const end = won ? fill(t('won'), { side: won[1] }) : result.pv_end === 'draw' ? t('draw') : result.pv_end;
    $('pv-line').textContent = `${t('pv')}: ${result.pv.join(', ')} (${end})`;
  } else {
    $('answer-line').textContent = '';
    $('optimal-line').textContent = '';
    $('pv-line').textContent = '';
  }
}

function drawBoard(result) {
  const board = $('board');
  board.replaceChildren();
  board.style.gridTemplateColumns = `1.6em repeat(${result.cols}, var(--cell))`;
  board.appendChild(document.createElement('span'));
  for (let c = 1; c <= result.cols; c++) {
    const number = document.createElement('span');
    number.className = 'coordinate';
    number.textContent = c;
    board.appendChild(number);
  }
  const byCell = new Map(result.moves.map((move) => [`${move.column} ${move.row}`, move]));
  const byColumn = new Map(result.moves.map((move) => [move.column, move]));
  const winning = new Set((result.over && result.over.line ? result.over.line : []).map(([c, r]) => `${c} ${r}`));
  for (let r = 1; r <= result.rows; r++) {
    const number = document.createElement('span');
    number.className = 'coordinate';
    number.textContent = result.gravity ? '' : r;
    board.appendChild(number);
    for (let c = 1; c <= result.cols; c++) {
      const mark = result.cells[r - 1][c - 1];
      const cell = document.createElement('button');
      cell.type = 'button';
      cell.className = 'cell';
      cell.setAttribute('aria-label', fill(t('cell'), { c, r }));
      // Where pieces fall, any empty cell of a column plays the column.
      const move = byCell.get(`${c} ${r}`) || (result.gravity && mark === '-' ? byColumn.get(c) : undefined);
      if (mark !== '-') {
        cell.textContent = mark;
        cell.classList.add(mark === 'X' ? 'x' : 'o');
        cell.disabled = true;
      } else if (!move) {
        cell.disabled = true;
      } else {
        const here = byCell.get(`${c} ${r}`);
        if (here && !state.hidden) {
          const badge = document.createElement('span');
          badge.className = `value v${Math.sign(here.value) + 1}`;
          badge.textContent = signed(here.value);
          cell.appendChild(badge);
          cell.title = `${here.move}: ${outcomeText(here.outcome)}`;
          if (here.move === result.answer) {
            cell.classList.add('chosen');
          } else if (result.optimal.includes(here.move)) {
            cell.classList.add('optimal');
          }
        }
        cell.addEventListener('click', () => playMove(move));
      }
      if (winning.has(`${c} ${r}`)) {
        cell.classList.add('winning');
      }
      board.appendChild(cell);
    }
  }
}

function nextRequest(move) {
  const request = state.request;
  if (request.moves !== undefined) {
    return { ...request, moves: `${request.moves}${move.column}` };
  }
  const next = { ...request, position: move.board_after };
  return next;
}

function playMove(move) {
  if (!state.result || !state.result.ok || state.result.over) {
    return;
  }
  if (state.machine && state.result.to_move === state.machine) {
    return; // the machine's turn
  }
  showPosition(nextRequest(move));
}

function machineTurn() {
  const result = state.result;
  if (!state.machine || !result.ok || result.over || result.to_move !== state.machine) {
    return;
  }
  const chosen = result.moves.find((move) => move.move === result.answer);
  const token = state.positionToken;
  setTimeout(() => {
    if (token === state.positionToken && chosen) {
      const note = result.exact === false
        ? fill(t('machinePlaysUnproven'), { move: chosen.move, seconds: MACHINE_BUDGET_MS / 1000 })
        : fill(t('machinePlays'), { move: chosen.move });
      showPosition(nextRequest(chosen), { note, playerTurn: true });
    }
  }, MACHINE_DELAY_MS);
}

function undo() {
  if (!state.history.length) {
    return;
  }
  let last = state.history.pop();
  // Against the machine, undo goes back to the player's own turn.
  if (state.machine && last.toMove === state.machine && state.history.length) {
    last = state.history.pop();
  }
  showPosition(last.request, { remember: false, playerTurn: Boolean(state.machine) });
}

function toggleMachine() {
  const result = state.result;
  if (state.machine) {
    state.machine = null;
  } else if (state.request && state.answered !== state.request) {
    // A search of the position is under way (an exact one, maybe minutes long): the machine
    // takes the side not to move, and the search starts again within the machine's budget.
    state.machine = 'next';
    $('machine').setAttribute('aria-pressed', 'true');
    if (falls(state.request)) {
      searchAgain();
    }
    return;
  } else if (result && result.ok && !result.over) {
    // The player keeps the side to move; the machine answers.
    state.machine = result.to_move === 'X' ? 'O' : 'X';
  }
  renderPosition();
}

/** Stops the search under way, if any, and searches the shown position again (with the
 * machine's budget, or without it, as now asked). */
function searchAgain() {
  if (!state.request || state.answered === state.request) {
    return;
  }
  engine.cancel();
  showPosition(state.request, { remember: false });
}

async function checkAnswer() {
  const answer = $('answer-input').value;
  let verdict;
  try {
    verdict = await engine.call('judgeAnswer', { position: state.request, answer });
  } catch (error) {
    say(error instanceof Cancelled ? t('cancelled') : String(error.message));
    return;
  }
  if (!verdict.ok) {
    $('answer-verdict').textContent = '';
    $('answer-detail').textContent = verdict.report;
    return;
  }
  $('answer-verdict').textContent = t(`verdict_${verdict.verdict}`);
  $('answer-verdict').className = `verdict ${verdict.verdict}`;
  $('answer-verdict').dataset.verdict = verdict.verdict;
  $('answer-detail').textContent = verdict.detail;
  if (state.hidden) {
    state.hidden = false;
    writeUrl();
    renderPosition();
  }
}

function range(text, fallback) {
  const found = /^\s*(-?\d+)\s*\.\.\s*(-?\d+)\s*$/.exec(text || '');
  return found ? [Number(found[1]), Number(found[2])] : fallback;
}

function seedFrom(input) {
  const given = input.value.trim();
  if (/^\d+$/.test(given)) {
    return Number(given);
  }
  const seed = Math.floor(Math.random() * 1e9);
  input.value = String(seed);
  return seed;
}

async function newPosition() {
  const [cols, rows] = $('gen-size').value.split('x').map(Number);
  const args = {
    cols,
    rows,
    empty: range($('gen-empty').value, [4, 6]),
    unique: $('gen-unique').checked,
    seed: seedFrom($('gen-seed')),
  };
  let generated;
  try {
    generated = await engine.call('generatePosition', args);
  } catch (error) {
    say(error instanceof Cancelled ? t('cancelled') : String(error.message));
    return;
  }
  if (!generated.ok) {
    say(generated.message);
    return;
  }
  $('gen-seed').value = '';
  state.hidden = true;
  state.machine = null;
  $('answer-input').value = '';
  const request = { position: generated.board };
  if (generated.k) {
    request.k = generated.k;
  }
  showPosition(request);
}

// ---------------------------------------------------------------------------------------
// Trees.

function fillTreeForm() {
  $('tree-text').value = state.tree.tree;
  $('tree-algorithm').value = state.tree.algorithm;
  $('tree-cutoff').value = state.tree.cutoff;
  $('tree-root').value = state.tree.root;
  $('tree-preset').value = state.treePreset || '';
}

async function showTree(spec, { atEnd = false } = {}) {
  state.tree = spec;
  const preset = Object.keys(LECTURE_TREES).find((name) => LECTURE_TREES[name] === spec.tree);
  state.treePreset = preset || '';
  writeUrl();
  fillTreeForm();
  for (const field of ['value', 'move', 'pruned']) {
    $(`tree-${field}-verdict`).textContent = '';
    $(`tree-${field}-detail`).textContent = '';
  }
  const result = await latest('treeToken', 'solveTree', spec);
  if (result === null) {
    return;
  }
  state.treeResult = result;
  $('tree-error').hidden = result.ok;
  if (!result.ok) {
    $('tree-report').textContent = result.report;
    $('tree-figure').replaceChildren();
    $('tree-trace').replaceChildren();
    $('tree-result').textContent = '';
    $('tree-current').textContent = '';
    $('tree-counter').textContent = '';
    return;
  }
  goToStep(atEnd ? result.steps.length : 0);
}

/** One step of the search in words, in the page's language. */
function stepText(step) {
  const tree = state.treeResult;
  const name = tree.nodes[step.node].name;
  switch (step.event) {
    case 'cut':
      return step.pruned.length
        ? `${name}: ${step.test}: ${t('prune')} ${step.pruned.join(', ')}`
        : `${name}: ${step.test}: ${t('noChildrenLeft')}`;
    case 'leave': {
      // `leaf 1.1 = 3`, `2 returns 2`: the trace's two English words, said in the page's.
      const line = step.line.trim();
      const leaf = /^leaf (.*) = (.*)$/.exec(line);
      if (leaf) {
        return fill(t('leafIs'), { node: leaf[1], value: leaf[2] });
      }
      const back = /^(.*) returns (.*)$/.exec(line);
      return back ? fill(t('returns'), { node: back[1], value: back[2] }) : line;
    }
    default:
      return step.line.trim();
  }
}

async function goToStep(index) {
  const result = state.treeResult;
  if (!result || !result.ok) {
    return;
  }
  const total = result.steps.length;
  index = Math.max(0, Math.min(total, index));
  state.step = index;
  const token = state.treeToken;
  let figure;
  try {
    figure = await engine.call('treeFigure', { ...state.tree, step: index });
  } catch (error) {
    say(error instanceof Cancelled ? t('cancelled') : String(error.message));
    return;
  }
  if (token !== state.treeToken || index !== state.step) {
    return;
  }
  $('tree-figure').innerHTML = figure.svg;
  annotateFigure(index);
  $('tree-counter').textContent = `${result.algorithm} · ${fill(t('stepOf'), { i: index, n: total })}`;
  $('tree-back').disabled = index === 0;
  $('tree-restart').disabled = index === 0;
  $('tree-step').disabled = index === total;
  $('tree-solution').disabled = index === total;
  $('tree-current').textContent = index === 0 ? t('atStart') : stepText(result.steps[index - 1]);
  const trace = $('tree-trace');
  trace.replaceChildren();
  result.steps.slice(0, index).forEach((step, at) => {
    const item = document.createElement('li');
    item.textContent = stepText(step);
    item.style.paddingLeft = `${step.depth}em`;
    if (at === index - 1) {
      item.className = 'now';
      item.setAttribute('aria-current', 'step');
    }
    if (step.event === 'cut') {
      item.classList.add('cut');
    }
    trace.appendChild(item);
  });
  const last = trace.lastElementChild;
  if (last) {
    last.scrollIntoView({ block: 'nearest' });
  }
  $('tree-result').textContent = index === total ? resultText(result) : '';
}

/** The CLI's `minimax tree` lines, in the page's language. */
function resultText(result) {
  const words = { value: t('treeValue'), move: t('treeMove'), pruned: t('treePruned') };
  return result.text
    .split('\n')
    .map((line) => line.replace(/^(value|move|pruned):/, (_, word) => `${words[word]}:`))
    .join('\n')
    .trim();
}

/**
 * Writes (α, β) beside every node the search has entered up to `index`, and rings the node
 * of the current step. The figure's node groups come in the tree's node order.
 */
function annotateFigure(index) {
  const svg = $('tree-figure').querySelector('svg');
  const result = state.treeResult;
  if (!svg) {
    return;
  }
  svg.setAttribute('role', 'img');
  // The figure's title states the root's value: not before the search has found it.
  const title = svg.querySelector(':scope > text');
  if (title && index < result.steps.length) {
    title.remove();
  }
  const shapes = svg.querySelectorAll('g.nodes > g.node');
  const windows = new Map();
  for (const step of result.steps.slice(0, index)) {
    if (step.alpha !== null && step.beta !== null) {
      windows.set(step.node, [step.alpha, step.beta]);
    }
  }
  const ns = 'http://www.w3.org/2000/svg';
  const layer = document.createElementNS(ns, 'g');
  layer.setAttribute('class', 'annotations');
  svg.appendChild(layer);
  const current = index > 0 ? result.steps[index - 1].node : null;
  shapes.forEach((shape, id) => {
    const box = shape.getBBox();
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    if (id === current) {
      const ring = document.createElementNS(ns, 'circle');
      ring.setAttribute('cx', x);
      ring.setAttribute('cy', y);
      ring.setAttribute('r', Math.max(box.width, box.height) / 2 + 6);
      ring.setAttribute('class', 'current-node');
      layer.appendChild(ring);
    }
    const window = windows.get(id);
    if (window && result.nodes[id].children.length) {
      const label = document.createElementNS(ns, 'text');
      label.setAttribute('x', x);
      // Above the ring when the node is the step's.
      label.setAttribute('y', box.y - (id === current ? 11 : 5));
      label.setAttribute('text-anchor', 'middle');
      label.setAttribute('class', 'window');
      label.textContent = `(${window[0]}, ${window[1]})`;
      layer.appendChild(label);
    }
  });
  // Room above the root for its window, and a size that reads from the back of a room.
  const view = svg.viewBox.baseVal;
  if (view && view.height) {
    svg.setAttribute('viewBox', `${view.x} ${view.y - 14} ${view.width} ${view.height + 14}`);
    svg.setAttribute('width', String(Math.round(view.width * FIGURE_SCALE)));
    svg.setAttribute('height', String(Math.round((view.height + 14) * FIGURE_SCALE)));
  }
}

async function checkTreeAnswers() {
  const spec = state.tree;
  for (const field of ['value', 'move', 'pruned']) {
    const answer = $(`tree-${field}`).value;
    const verdictOut = $(`tree-${field}-verdict`);
    const detailOut = $(`tree-${field}-detail`);
    if (!answer.trim()) {
      verdictOut.textContent = '';
      detailOut.textContent = '';
      continue;
    }
    let judged;
    try {
      judged = await engine.call('diagnoseTreeAnswer', { ...spec, field, answer });
    } catch (error) {
      say(error instanceof Cancelled ? t('cancelled') : String(error.message));
      return;
    }
    if (!judged.ok) {
      detailOut.textContent = judged.report;
      continue;
    }
    verdictOut.textContent = t(`verdict_${judged.verdict}`);
    verdictOut.className = `verdict ${judged.verdict}`;
    verdictOut.dataset.verdict = judged.verdict;
    if (judged.diagnosis) {
      verdictOut.dataset.diagnosis = judged.diagnosis;
    } else {
      delete verdictOut.dataset.diagnosis;
    }
    detailOut.textContent = judged.verdict === 'right' ? '' : treeDetail(field, judged);
  }
}

/** The grader's sentence: as it is in English, by the diagnosis's code elsewhere. */
function treeDetail(field, judged) {
  const sentences = t('diagnosis');
  if (!sentences || judged.answer === null) {
    return judged.detail;
  }
  const key = fill(t('key'), { key: judged.key === 'none' ? t('none') : judged.key });
  if (judged.diagnosis && sentences[judged.diagnosis]) {
    return `${fill(sentences[judged.diagnosis], { field: t('fieldName')[field] })}; ${key}`;
  }
  return key;
}

async function newTree() {
  const args = {
    depth: Number($('gen-depth').value) || 3,
    branching: Number($('gen-branching').value) || 2,
    values: range($('gen-values').value, [0, 20]),
    distinct: $('gen-distinct').checked,
    pruned: range($('gen-pruned').value, null),
    seed: seedFrom($('gen-tree-seed')),
  };
  let generated;
  try {
    generated = await engine.call('generateTree', args);
  } catch (error) {
    say(error instanceof Cancelled ? t('cancelled') : String(error.message));
    return;
  }
  if (!generated.ok) {
    say(generated.message);
    return;
  }
  $('gen-tree-seed').value = '';
  for (const field of ['value', 'move', 'pruned']) {
    $(`tree-${field}`).value = '';
  }
  showTree({ ...state.tree, tree: generated.tree, algorithm: 'alphabeta' });
}

// ---------------------------------------------------------------------------------------
// Views and wiring.

function say(text) {
  $('notice').textContent = text;
}

function showView(view) {
  state.view = view;
  $('view-position').hidden = view !== 'position';
  $('view-tree').hidden = view !== 'tree';
  $('tab-position').setAttribute('aria-selected', String(view === 'position'));
  $('tab-tree').setAttribute('aria-selected', String(view === 'tree'));
  writeUrl();
  if (view === 'position' && !state.result) {
    showPosition(state.request, { remember: false });
  }
  if (view === 'tree' && !state.treeResult) {
    showTree(state.tree);
  }
}

function wire() {
  $('lang').addEventListener('change', () => {
    state.lang = $('lang').value;
    applyLanguage();
    writeUrl();
    if (state.result) {
      renderPosition();
    }
    if (state.treeResult && state.treeResult.ok) {
      goToStep(state.step);
    }
  });
  $('tab-position').addEventListener('click', () => showView('position'));
  $('tab-tree').addEventListener('click', () => showView('tree'));
  $('cancel').addEventListener('click', () => engine.cancel());
  $('position-form').addEventListener('submit', (event) => {
    event.preventDefault();
    state.hidden = false;
    showPosition(requestFromForm());
  });
  $('game').addEventListener('change', () => {
    const connect4 = $('game').value === 'connect4';
    $('moves-field').hidden = !connect4;
    $('position-field').hidden = connect4;
    $('position-help').hidden = connect4;
    $('k-field').hidden = connect4;
    $('gravity-field').hidden = connect4;
  });
  for (const button of document.querySelectorAll('[data-sheet]')) {
    button.addEventListener('click', () => {
      state.hidden = false;
      showPosition({ position: button.dataset.sheet });
    });
  }
  $('undo').addEventListener('click', undo);
  $('machine').addEventListener('click', toggleMachine);
  // "Exact, however long" ticked or not during the machine's search: searched again so.
  $('exact-play').addEventListener('change', () => {
    if (state.machine && falls(state.request)) {
      searchAgain();
    }
  });
  $('position-reveal').addEventListener('click', () => {
    state.hidden = !state.hidden;
    writeUrl();
    renderPosition();
  });
  $('answer-check').addEventListener('click', checkAnswer);
  $('answer-input').addEventListener('keydown', (event) => {
    if (event.key === 'Enter') {
      checkAnswer();
    }
  });
  $('gen-position').addEventListener('click', newPosition);
  $('tree-form').addEventListener('submit', (event) => {
    event.preventDefault();
    showTree({
      tree: $('tree-text').value,
      algorithm: $('tree-algorithm').value,
      cutoff: $('tree-cutoff').value,
      root: $('tree-root').value,
    });
  });
  $('tree-preset').addEventListener('change', () => {
    const tree = LECTURE_TREES[$('tree-preset').value];
    if (tree) {
      showTree({ ...state.tree, tree });
    }
  });
  for (const id of ['tree-algorithm', 'tree-cutoff', 'tree-root']) {
    $(id).addEventListener('change', () => {
      showTree({
        ...state.tree,
        algorithm: $('tree-algorithm').value,
        cutoff: $('tree-cutoff').value,
        root: $('tree-root').value,
      });
    });
  }
  $('tree-step').addEventListener('click', () => goToStep(state.step + 1));
  $('tree-back').addEventListener('click', () => goToStep(state.step - 1));
  $('tree-restart').addEventListener('click', () => goToStep(0));
  $('tree-solution').addEventListener('click', () => goToStep(Infinity));
  $('tree-check').addEventListener('click', checkTreeAnswers);
  $('gen-tree').addEventListener('click', newTree);
}

async function main() {
  readUrl();
  applyLanguage();
  wire();
  try {
    const bytes = Uint8Array.from(atob(WASM_BASE64), (c) => c.charCodeAt(0));
    const module = await WebAssembly.compile(bytes);
    engine = new Engine(module);
    await engine.ready;
  } catch (error) {
    $('loading').hidden = true;
    $('engine-error').hidden = false;
    $('engine-error').textContent = `WebAssembly: ${error.message}`;
    return;
  }
  $('loading').hidden = true;
  document.body.dataset.ready = 'true';
  fillTreeForm();
  fillPositionForm();
  showView(state.view);
}

main();
