// The page in a real browser: target/web/minimax.html opened from disk (file://) in headless
// Chromium, its answers compared with the CLI's (target/debug/minimax) on the same inputs.
// `make test` builds both first. Without Chromium the tests are skipped with the reason,
// except under CI (CI=1), where that is a failure.

import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync, mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { launch, missingChromium } from './browser.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const PAGE = process.env.MINIMAX_PAGE || join(ROOT, 'target', 'web', 'minimax.html');
const CLI = process.env.MINIMAX_BIN || join(ROOT, 'target', 'debug', 'minimax');
const fixture = (path) => readFileSync(join(ROOT, 'fixtures', path), 'utf8');

const missing = missingChromium();
if (missing && process.env.CI) {
  throw new Error(`the browser tests must run in CI, but ${missing}`);
}
if (!missing) {
  for (const [path, how] of [[PAGE, 'make web'], [CLI, 'cargo build']]) {
    if (!existsSync(path)) {
      throw new Error(`${path} is missing: run \`${how}\` first (\`make test\` does)`);
    }
  }
}

/** The CLI's stdout for `args` with `input` on stdin (exit status 0 expected). */
function cli(args, input = '') {
  return execFileSync(CLI, args, { input, encoding: 'utf8' });
}

/** The CLI's whole result, for inputs it refuses. */
function cliRun(args, input = '') {
  return spawnSync(CLI, args, { input, encoding: 'utf8' });
}

/** The page's URL for the query `params`. */
function url(params) {
  return `${pathToFileURL(PAGE).href}?${new URLSearchParams(params)}`;
}

/** Judges answers as `minimax check` does, on a sheet of inline positions. */
function cliCheck(rows) {
  const dir = mkdtempSync(join(tmpdir(), 'minimax-web-check-'));
  try {
    const csv = ['student,position,answer', ...rows.map(([position, answer], i) => `s${i},"${position}","${answer}"`)];
    writeFileSync(join(dir, 'answers.csv'), `${csv.join('\n')}\n`);
    const report = JSON.parse(cli(['check', '--format', 'json', join(dir, 'answers.csv')]));
    return report.students.flatMap((student) => student.results);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the page in headless Chromium', { skip: missing ? `skipped: ${missing}` : false }, () => {
  let chromium;
  let page;

  before(async () => {
    chromium = await launch();
    page = await chromium.context.newPage();
    page.setDefaultTimeout(30000);
  });

  after(async () => {
    if (chromium) {
      await chromium.close();
    }
  });

  async function open(params) {
    await page.goto(url(params));
    await page.waitForSelector('body[data-ready="true"]');
  }

  async function answerLine() {
    await page.waitForFunction(() => /^Answer: /.test(document.getElementById('answer-line').textContent));
    return page.textContent('#answer-line');
  }

  async function tableRows() {
    return page.$$eval('#moves-table tbody tr', (rows) =>
      rows.map((row) => [...row.cells].slice(1).map((cell) => cell.textContent)),
    );
  }

  test('is one file under 3 MB that loads nothing from elsewhere', () => {
    const html = readFileSync(PAGE, 'utf8');
    assert.ok(statSync(PAGE).size < 3 * 1024 * 1024, `${statSync(PAGE).size} bytes`);
    assert.doesNotMatch(html, /<(script|link|img)[^>]+(src|href)=/i);
  });

  for (const name of ['estado1', 'estado2', 'estado3', 'ejemplo']) {
    test(`the sheet's ${name} shows the CLI's answer, optimal moves and every move's value`, async () => {
      const text = fixture(`${name}.txt`);
      const expected = JSON.parse(cli(['--json'], text));
      await open({ lang: 'en', position: text });
      assert.equal(await answerLine(), `Answer: ${expected.player} ${expected.column} ${expected.row}`);
      assert.equal(await page.textContent('#optimal-line'), `Optimal: ${expected.optimal.join(', ')}`);
      const signed = (v) => (v > 0 ? `+${v}` : v < 0 ? `−${-v}` : '0');
      assert.deepEqual(
        await tableRows(),
        expected.moves.map((m) => [m.move, signed(m.value), m.outcome]),
      );
      const explain = cli(['--explain'], text);
      const line = /principal variation: (.*)/.exec(explain)[1];
      assert.equal(await page.textContent('#pv-line'), `Principal variation: ${line}`);
    });
  }

  test('a click on a cell plays that move for the side to move, and Undo takes it back', async () => {
    await open({ lang: 'en', position: 'XX-/-OO/---' });
    await answerLine();
    assert.equal(await page.textContent('#position-status'), 'X to move');
    await page.getByRole('button', { name: 'column 3, row 1', exact: true }).click();
    await page.waitForFunction(() => document.getElementById('position-status').textContent.startsWith('Game over'));
    assert.equal(await page.textContent('#position-status'), 'Game over: X has won');
    assert.equal(await page.getByRole('button', { name: 'column 3, row 1', exact: true }).textContent(), 'X');
    assert.match(page.url(), /position=XXX%2F-OO%2F---/);
    await page.getByRole('button', { name: 'Undo' }).click();
    await page.waitForFunction(() => document.getElementById('position-status').textContent === 'X to move');
    assert.equal(await answerLine(), 'Answer: X 3 1');
  });

  test('the machine answers each move with the CLI\'s choice', async () => {
    await open({ lang: 'en', position: '---/---/---' });
    await answerLine();
    await page.getByRole('button', { name: 'Play against the machine' }).click();
    await page.getByRole('button', { name: 'column 2, row 2', exact: true }).click();
    await page.waitForFunction(() => /The machine plays/.test(document.getElementById('machine-note').textContent));
    const expected = cli([], '---/-X-/---').trim();
    assert.equal(await page.textContent('#machine-note'), `The machine plays ${expected}.`);
    await page.waitForFunction(() => document.getElementById('position-status').textContent === 'X to move');
  });

  // The machine's budget (MACHINE_BUDGET_MS in web/page/app.js) and the allowance for a
  // loaded machine: the page's pause (0.25 s), the worker's start and the table's allocation.
  const BUDGET_MS = 3000;
  const MARGIN_MS = 4000;
  // The player's turn against the machine (PLAYER_BUDGET_MS), with an allowance well short of
  // the machine's budget, so that a player's turn searched as long as the machine's fails.
  const PLAYER_BUDGET_MS = 300;
  const PLAYER_MARGIN_MS = 2000;

  test('playing the machine at Connect Four, an opening it cannot solve is answered within its budget', async () => {
    // 44444 and 444441 take the exact search many seconds (7 and 9 s natively on one thread;
    // every opening of up to four stones is in the book, of depth 4); switched on while the
    // page's exact search of 44444 runs, the machine searches again
    // within its budget.
    await open({ lang: 'en', game: 'connect4', moves: '44444' });
    let started = Date.now();
    await page.getByRole('button', { name: 'Play against the machine' }).click();
    assert.match(await answerLine(), /^Answer: O [1-7]$/);
    assert.ok(Date.now() - started < BUDGET_MS + MARGIN_MS, `the position: ${Date.now() - started} ms`);
    assert.equal(await page.textContent('#machine'), 'The machine plays X');
    started = Date.now();
    await page.getByRole('button', { name: 'column 1, row 1', exact: true }).click();
    await page.waitForFunction(() => /The machine plays/.test(document.getElementById('machine-note').textContent));
    assert.ok(Date.now() - started < BUDGET_MS + MARGIN_MS, `the machine's move: ${Date.now() - started} ms`);
    // After 44444 and the human's O 1, the machine plays X.
    assert.match(await page.textContent('#machine-note'), /^The machine plays X [1-7] \(the best found in 3 s, not proven\)\.$/);
    // The player's own turn is searched within PLAYER_BUDGET_MS (0.3 s): the board takes a
    // click long before the machine's budget would have passed.
    started = Date.now();
    await page.waitForFunction(() => document.getElementById('position-status').textContent === 'O to move');
    assert.ok(Date.now() - started < PLAYER_BUDGET_MS + PLAYER_MARGIN_MS, `the player's turn: ${Date.now() - started} ms`);
  });

  test('with "Exact, however long" ticked the machine waits for the proof, and unticked answers within its budget', async () => {
    // 44444 takes the exact search 7 s natively on one thread (every opening of up to four
    // stones is answered at once by the book, of depth 4).
    await open({ lang: 'en', game: 'connect4', moves: '44444' });
    await page.getByLabel('Exact, however long').check();
    await page.getByRole('button', { name: 'Play against the machine' }).click();
    // Still searching exactly after twice the budget.
    await page.waitForTimeout(2 * BUDGET_MS);
    assert.equal(await page.isVisible('#busy'), true);
    assert.equal(await page.textContent('#answer-line'), '');
    const started = Date.now();
    await page.getByLabel('Exact, however long').uncheck();
    assert.match(await answerLine(), /^Answer: O [1-7]$/);
    assert.ok(Date.now() - started < BUDGET_MS + MARGIN_MS, `${Date.now() - started} ms`);
  });

  // An opening such as 4453 takes the solver most of a minute (natively too): the form of
  // the URL is the same with 15 stones.
  test('Connect Four from its moves (?game=connect4&moves=...) is valued as the CLI values it', async () => {
    const moves = '551455216743151';
    const expected = JSON.parse(cli(['--game', 'connect4', '--json'], `{"moves": "${moves}"}`));
    await open({ lang: 'en', game: 'connect4', moves });
    assert.equal(await answerLine(), `Answer: ${expected.player} ${expected.column}`);
    assert.equal(await page.textContent('#optimal-line'), `Optimal: ${expected.optimal.join(', ')}`);
    const rows = await tableRows();
    assert.deepEqual(rows.map((row) => [row[0], row[2]]), expected.moves.map((m) => [m.move, m.outcome]));
    // A click anywhere in a column drops a piece there.
    const column = expected.moves[0].move.split(' ')[1];
    await page.getByRole('button', { name: `column ${column}, row 1`, exact: true }).click();
    await page.waitForURL(new RegExp(`moves=${moves}${column}(&|$)`));
  });

  test('a mid-game Connect Four position (25 stones) gets the CLI\'s answer', async () => {
    const moves = '1352617527327214671133227';
    const expected = JSON.parse(cli(['--game', 'connect4', '--json'], `{"moves": "${moves}"}`));
    await open({ lang: 'en', game: 'connect4', moves });
    assert.equal(await answerLine(), `Answer: ${expected.player} ${expected.column}`);
    assert.equal(await page.textContent('#optimal-line'), `Optimal: ${expected.optimal.join(', ')}`);
  });

  test('a bad position shows the CLI\'s message and values no move', async () => {
    const text = fixture('invalid/counts-apart.txt');
    const run = cliRun([], text);
    assert.equal(run.status, 2);
    await open({ lang: 'en', position: text });
    await page.waitForSelector('#position-error:not([hidden])');
    const report = await page.textContent('#position-report');
    // The CLI names its input (`minimax: <stdin>: `); the page says the rest the same.
    assert.equal(`minimax: <stdin>: ${report.trim()}`, run.stderr.trim());
    assert.equal(await page.locator('#board button').count(), 0);
    assert.equal(await page.locator('#moves-table tbody tr').count(), 0);
  });

  test('answers to a position get the grader\'s verdict and explanation', async () => {
    const position = 'XX-/-OO/---';
    const answers = ['X 1 2', 'X 1 3', 'X 1 1', 'O 3 1'];
    const expected = cliCheck(answers.map((answer) => [position, answer]));
    await open({ lang: 'en', position });
    await answerLine();
    for (const [i, answer] of answers.entries()) {
      await page.getByLabel('Answer', { exact: true }).fill(answer);
      await page.getByRole('button', { name: 'Check' }).click();
      await page.waitForFunction(
        (verdict) => document.getElementById('answer-verdict').dataset.verdict === verdict,
        expected[i].verdict,
      );
      assert.equal(await page.textContent('#answer-detail'), expected[i].detail, answer);
      await page.evaluate(() => delete document.getElementById('answer-verdict').dataset.verdict);
    }
  });

  test('the lecture tree stepped through alpha-beta shows (α, β), the cut, and the CLI\'s result', async () => {
    const tree = fixture('trees/lecture.json');
    const lines = cli(['tree', '--trace'], tree).split('\n\n')[0].split('\n').slice(1).map((line) => line.trim());
    await open({ lang: 'en', tree: 'lecture' });
    await page.waitForSelector('#tree-figure svg');
    assert.equal(await page.textContent('#tree-counter'), `alphabeta · Step 0 of ${lines.length}`);
    const seen = [];
    const windows = [];
    for (let i = 1; i <= lines.length; i++) {
      await page.getByRole('button', { name: 'Step', exact: true }).click();
      await page.waitForFunction((n) => document.getElementById('tree-counter').textContent.includes(`Step ${n} `), i);
      seen.push(await page.textContent('#tree-current'));
      windows.push(await page.$$eval('#tree-figure svg .window', (labels) => labels.map((l) => l.textContent)));
    }
    // The CLI's trace, line for line; a cut says the condition that fired and what it prunes.
    assert.deepEqual(seen, lines.map((line) => line.replace(': cut, pruning ', ': prune ')));
    assert.ok(seen.includes('2: v = 2 ≤ α = 3: prune 2.2, 2.3'), seen.join('\n'));
    // MIN node 2 is entered with α = 3, β = +∞, and the figure says so beside it.
    const entered = lines.findIndex((line) => line.startsWith('MIN 2'));
    assert.ok(windows[entered].includes('(3, +∞)'), windows[entered].join(' '));
    assert.equal(await page.getByRole('button', { name: 'Step', exact: true }).isDisabled(), true);
    assert.equal((await page.textContent('#tree-result')).trim(), cli(['tree'], tree).trim());
    const dashed = (svg) => (svg.match(/stroke-dasharray/g) || []).length;
    const figure = await page.innerHTML('#tree-figure');
    assert.equal(dashed(figure), dashed(cli(['tree', '--format', 'svg'], tree)));
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await page.waitForFunction((n) => document.getElementById('tree-counter').textContent.includes(`Step ${n} `), lines.length - 1);
    assert.equal(await page.textContent('#tree-result'), '');
  });

  test('Show solution draws the tree as `tree --format svg` does, with the strict cutoff too', async () => {
    const tree = fixture('trees/tie.json');
    await open({ lang: 'en', tree, cutoff: 'strict' });
    await page.waitForSelector('#tree-figure svg');
    await page.getByRole('button', { name: 'Show solution' }).click();
    await page.waitForFunction(() => document.getElementById('tree-result').textContent !== '');
    assert.equal((await page.textContent('#tree-result')).trim(), cli(['tree', '--cutoff', 'strict'], tree).trim());
    const figure = await page.$eval('#tree-figure svg', (svg) => {
      svg.querySelector('.annotations').remove();
      return svg.outerHTML;
    });
    const expected = cli(['tree', '--cutoff', 'strict', '--format', 'svg'], tree);
    const shapes = (svg) => (svg.match(/<(polygon|rect|line)\b/g) || []).length;
    assert.equal(shapes(figure), shapes(expected));
  });

  test('wrong pruning answers get the diagnosis `minimax check` gives', async () => {
    const report = JSON.parse(cli(['check', '--format', 'json', join(ROOT, 'fixtures', 'answers', 'pruning.csv')]));
    const result = (student, field) =>
      report.students.find((s) => s.student === student).results.find((r) => r.field === field);
    await open({ lang: 'en', tree: 'lecture' });
    await page.waitForSelector('#tree-figure svg');
    await page.getByLabel('Value', { exact: true }).fill('6');
    await page.getByLabel('Move', { exact: true }).fill('1');
    await page.getByLabel('Pruned', { exact: true }).fill('ninguno');
    await page.getByRole('button', { name: 'Check' }).click();
    await page.waitForFunction(() => document.getElementById('tree-pruned-verdict').dataset.verdict);
    const verdict = (field) => page.getAttribute(`#tree-${field}-verdict`, 'data-verdict');
    assert.equal(await verdict('value'), 'wrong');
    assert.equal(await page.textContent('#tree-value-detail'), result('dani', 'value').detail);
    assert.equal(await page.getAttribute('#tree-value-verdict', 'data-diagnosis'), 'root-min');
    assert.equal(await verdict('move'), 'right');
    assert.equal(await verdict('pruned'), 'wrong');
    assert.equal(await page.getAttribute('#tree-pruned-verdict', 'data-diagnosis'), result('beto', 'pruned').diagnosis);
    assert.equal(await page.textContent('#tree-pruned-detail'), result('beto', 'pruned').detail);
  });

  test('the practice fields are in Spanish by default, and their diagnosis too', async () => {
    await open({ tree: 'lecture' });
    await page.waitForSelector('#tree-figure svg');
    assert.equal(await page.getAttribute('html', 'lang'), 'es');
    await page.getByLabel('Podados', { exact: true }).fill('ninguno');
    await page.getByRole('button', { name: 'Comprobar' }).click();
    await page.waitForFunction(() => document.getElementById('tree-pruned-verdict').dataset.verdict);
    assert.equal(await page.textContent('#tree-pruned-verdict'), 'mal');
    assert.match(await page.textContent('#tree-pruned-detail'), /minimax sin poda.*la respuesta es 2\.2, 2\.3/);
    await page.selectOption('#lang', 'pt');
    await page.waitForURL(/lang=pt/);
    assert.equal(await page.getByRole('button', { name: 'Passo', exact: true }).count(), 1);
  });

  test('New exercise draws the tree `generate tree` draws with the same options, and puts it in the URL', async () => {
    await open({ lang: 'en', tree: 'lecture' });
    await page.waitForSelector('#tree-figure svg');
    await page.fill('#gen-depth', '2');
    await page.fill('#gen-branching', '2');
    await page.fill('#gen-values', '0..20');
    await page.fill('#gen-pruned', '1..1');
    await page.fill('#gen-tree-seed', '1');
    await page.getByRole('button', { name: 'New exercise' }).click();
    await page.waitForURL(/tree=%5B/);
    const generated = JSON.parse(
      cli(['generate', 'tree', '--depth', '2', '--branching', '2', '--seed', '1', '--distinct', '--pruned', '1..1', '--values', '0..20']),
    );
    const shown = JSON.parse(new URL(page.url()).searchParams.get('tree'));
    assert.deepEqual(shown, generated.tree);
    // The link opens the same exercise.
    await open({ lang: 'en', tree: JSON.stringify(shown) });
    await page.waitForSelector('#tree-figure svg');
    assert.deepEqual(JSON.parse(await page.inputValue('#tree-text')), generated.tree);
  });

  test('New exercise draws a position `generate positions` draws, its values hidden until asked', async () => {
    await open({ lang: 'en' });
    await answerLine();
    await page.selectOption('#gen-size', '3x3');
    await page.fill('#gen-empty', '4..6');
    await page.check('#gen-unique');
    await page.fill('#gen-seed', '3');
    await page.getByRole('button', { name: 'New exercise' }).click();
    await page.waitForURL(/exercise=1/);
    const generated = JSON.parse(
      cli(['generate', 'positions', '--count', '1', '--seed', '3', '--unique', '--empty', '4..6', '--format', 'json']),
    )[0];
    assert.equal(new URL(page.url()).searchParams.get('position'), generated.board);
    assert.equal(await page.isVisible('#solution'), false);
    await page.getByRole('button', { name: 'Show solution' }).click();
    assert.equal(await answerLine(), `Answer: ${generated.optimal[0]}`);
  });

  test('a long search shows its progress and can be cancelled, and the page goes on', async () => {
    await open({ lang: 'en', position: '-----/-----/-----/-----/-----', k: '4' });
    await page.waitForSelector('#busy:not([hidden])');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForFunction(() => document.getElementById('notice').textContent === 'Search cancelled.');
    assert.equal(await page.isVisible('#busy'), false);
    await page.click('text=ejemplo');
    assert.equal(await answerLine(), 'Answer: X 3 1');
  });
});
