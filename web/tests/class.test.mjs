// The class page (`minimax check --format html`) opened from disk in headless Chromium: every
// figure's numbers, as drawn, checked against the JSON report's `class` summary of the same
// sheet; the students' table sorted and opened. Needs target/debug/minimax (`cargo build`).

import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { launch, missingChromium } from './browser.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const CLI = process.env.MINIMAX_BIN || join(ROOT, 'target', 'debug', 'minimax');
const SHEETS = ['fixtures/answers/class.csv', 'fixtures/answers/pruning-class.csv'];

const missing = missingChromium();
if (missing && process.env.CI) {
  throw new Error(`the browser tests must run in CI, but ${missing}`);
}
if (!missing && !existsSync(CLI)) {
  throw new Error(`${CLI} is missing: run \`cargo build\` first (\`make test\` does)`);
}

/** The JSON summary and the page of `sheet`, the page written to `dir`. */
function both(sheet, dir) {
  const path = join(ROOT, sheet);
  const json = JSON.parse(execFileSync(CLI, ['check', '--format', 'json', path], { encoding: 'utf8' }));
  const page = join(dir, `${sheet.replace(/\W/g, '_')}.html`);
  execFileSync(CLI, ['check', '--format', 'html', '--lang', 'en', '--out', page, path], { stdio: 'ignore' });
  return { summary: json.class, report: json, url: pathToFileURL(page).href };
}

describe('the class page in headless Chromium', { skip: missing ? `skipped: ${missing}` : false }, () => {
  let chromium;
  let page;
  let dir;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'minimax-class-page-'));
    chromium = await launch();
    page = await chromium.context.newPage();
    page.setDefaultTimeout(30000);
  });

  after(async () => {
    if (chromium) await chromium.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  for (const sheet of SHEETS) {
    test(`the histogram draws the distribution of ${sheet}`, async () => {
      const { summary, url } = both(sheet, dir);
      await page.goto(url);
      const bars = await page.$$eval('svg.histogram .bars rect', (rects) =>
        rects.map((r) => ({
          from: Number(r.dataset.from),
          to: Number(r.dataset.to),
          students: Number(r.dataset.students),
          height: r.getBBox().height,
        })),
      );
      assert.deepEqual(
        bars.map(({ from, to, students }) => ({ from, to, students })),
        summary.distribution.bins,
      );
      // Heights are proportional to the counts drawn.
      const tallest = bars.reduce((a, b) => (b.students > a.students ? b : a));
      for (const bar of bars) {
        assert.ok(Math.abs(bar.height - (bar.students / tallest.students) * tallest.height) < 0.5, JSON.stringify(bar));
      }
      const marks = await page.$$eval('svg.histogram .marks line', (lines) => lines.map((l) => Number(l.dataset.value)));
      assert.deepEqual(marks, [
        Math.round(summary.distribution.mean * 10) / 10,
        Math.round(summary.distribution.median * 10) / 10,
      ]);
      const title = await page.$eval('svg.histogram', (svg) => svg.querySelector('title').textContent);
      assert.match(title, /Distribution of points/);
    });

    test(`each position's verdicts, groups and mistakes are those of the JSON (${sheet})`, async () => {
      const { summary, url } = both(sheet, dir);
      await page.goto(url);
      for (const position of summary.positions) {
        const drawn = await page.$eval(`article[data-position="${position.position}"]`, (article) => ({
          segments: Array.from(article.querySelectorAll('svg.verdicts .segments rect')).map((r) => ({
            verdict: r.dataset.verdict,
            students: Number(r.dataset.students),
            width: r.getBBox().width,
          })),
          groups: Array.from(article.querySelectorAll('.groups li')).map((li) => ({
            answer: li.dataset.answer,
            count: Number(li.dataset.count),
            text: li.textContent,
          })),
          mistakes: Array.from(article.querySelectorAll('.mistakes li')).map((li) => [li.dataset.mistake, Number(li.dataset.students)]),
        }));
        assert.deepEqual(
          drawn.segments.map(({ verdict, students }) => ({ verdict, students })),
          position.verdicts,
        );
        const whole = drawn.segments.reduce((sum, s) => sum + s.width, 0);
        for (const segment of drawn.segments) {
          assert.ok(Math.abs(segment.width / whole - segment.students / position.answered) < 0.01);
        }
        assert.deepEqual(
          drawn.groups.map(({ answer, count }) => ({ answer, count })),
          position.groups.map(({ answer, count }) => ({ answer, count })),
        );
        for (const [index, group] of position.groups.entries()) {
          const words = group.count === 1 ? '1 student:' : `${group.count} students:`;
          assert.ok(drawn.groups[index].text.startsWith(words), drawn.groups[index].text);
          if (group.turns_into?.result === 'win') {
            const said = `${group.turns_into.winner} then wins in ${group.turns_into.moves}`;
            assert.ok(drawn.groups[index].text.includes(said), drawn.groups[index].text);
          }
        }
        assert.deepEqual(drawn.mistakes, position.mistakes.map((m) => [m.mistake, m.students.length]));
      }
      const ranked = await page.$$eval('svg.ranked .bars rect', (rects) => rects.map((r) => [r.dataset.position, Number(r.dataset.share)]));
      for (const [name, share] of ranked) {
        const position = summary.positions.find((p) => p.position === name);
        assert.ok(Math.abs(position.share - share) < 1e-3, name);
      }
      const classMistakes = await page.$$eval('svg.mistakes .bars rect', (rects) => rects.map((r) => [r.dataset.mistake, Number(r.dataset.students)]));
      assert.deepEqual(classMistakes, summary.mistakes.map((m) => [m.mistake, m.students.length]));
    });
  }

  test('the students table sorts by points and opens a student\'s feedback', async () => {
    const { report, url } = both(SHEETS[0], dir);
    await page.goto(url);
    const names = () => page.$$eval('table.students tr.row', (rows) => rows.map((r) => r.dataset.student));
    assert.deepEqual(await names(), report.students.map((s) => s.student));
    await page.click('table.students th:nth-child(2) button');
    const ascending = [...report.students].sort((a, b) => a.score - b.score).map((s) => s.student);
    assert.deepEqual(await names(), ascending);
    await page.click('table.students th:nth-child(2) button');
    const descending = [...report.students].sort((a, b) => b.score - a.score).map((s) => s.student);
    assert.deepEqual(await names(), descending);
    const julia = page.locator('tr.row[data-student="julia"]');
    const sheet = page.locator('tr.row[data-student="julia"] + tr.feedback');
    assert.equal(await sheet.isVisible(), false);
    await julia.click();
    assert.equal(await julia.getAttribute('aria-expanded'), 'true');
    assert.equal(await sheet.isVisible(), true);
    assert.match(await sheet.innerText(), /julia: 0 \/ 4/);
    assert.match(await sheet.innerText(), /Your answer: X 1 1/);
  });
});
