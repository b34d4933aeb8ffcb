// minimax similar beside Dolos (@dodona/dolos-lib 3.5) on tests/similar/class, the class with
// known copies, each tool ignoring the starter. Run by benches/similar-dolos.sh, which installs
// Dolos into target/dolos. Prints both rankings side by side, each pair labelled, and whether
// every copy ranks above every independent pair in each.
import { execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";

const [root, minimax, bigClass] = process.argv.slice(2);
const require = createRequire(path.join(root, "target/dolos/package.json"));
const { Dolos } = await import(require.resolve("@dodona/dolos-lib"));

// With a third argument (the bench's 300 × 300 class, kept by SIMILAR_CLASS=DIR): both tools
// timed on it, whole processes, each once.
if (bigClass) {
  const starterFile = path.join(root, "tests/similar/starter/Minimax.java");
  const files = readdirSync(bigClass).sort().map((s) => path.join(bigClass, s, "Minimax/src/Minimax.java"));
  let t = process.hrtime.bigint();
  const big = await new Dolos({ language: "java" }).analyzePaths(files, starterFile);
  const pairs = big.allPairs().length;
  const dolosSeconds = Number(process.hrtime.bigint() - t) / 1e9;
  t = process.hrtime.bigint();
  execFileSync(minimax, ["similar", "--submissions", bigClass, "--base", path.dirname(starterFile), "--format", "json"], { stdio: ["ignore", "ignore", "inherit"] });
  const oursSeconds = Number(process.hrtime.bigint() - t) / 1e9;
  console.log(`${files.length} students: minimax similar ${oursSeconds.toFixed(2)} s, Dolos ${dolosSeconds.toFixed(2)} s (${pairs} pairs)`);
  process.exit(0);
}

const classDir = path.join(root, "tests/similar/class");
const starter = path.join(root, "tests/similar/starter/Minimax.java");
const students = readdirSync(classDir).sort();
const fileOf = (s) => path.join(classDir, s, "Minimax/src/Minimax.java");

// The same labels as tests/cli/similar.rs.
const ALBA = ["alba", "bruno", "carmen", "dario", "elisa"];
const origin = (s) => (ALBA.includes(s) ? "alba" : s);
function label(a, b) {
  const pair = (x, y) => (a === x && b === y) || (a === y && b === x);
  if ((ALBA.includes(a) && ALBA.includes(b)) || pair("fausto", "alba") || pair("fausto", "gloria")) return "copy";
  const fromFausto = (s) => ["alba", "fausto", "gloria"].includes(origin(s));
  if (origin(a) !== origin(b) && !(fromFausto(a) && fromFausto(b))) {
    return pair("julia", "kevin") ? "starter-only" : "independent";
  }
  return "copy-of-copy";
}
const key = (a, b) => [a, b].sort().join(" ~ ");

const dolos = new Dolos({ language: "java" });
const started = process.hrtime.bigint();
const report = await dolos.analyzePaths(students.map(fileOf), starter);
const dolosMs = Number(process.hrtime.bigint() - started) / 1e6;
const studentOf = (file) => path.relative(classDir, file.path).split(path.sep)[0];
const dolosScore = new Map();
for (const pair of report.allPairs()) {
  dolosScore.set(key(studentOf(pair.leftFile), studentOf(pair.rightFile)), pair.similarity);
}

const t0 = process.hrtime.bigint();
const csv = execFileSync(minimax, ["similar", "--submissions", classDir, "--base", path.dirname(starter), "--format", "csv", "--threshold", "0"], { encoding: "utf8" });
const minimaxMs = Number(process.hrtime.bigint() - t0) / 1e6;
const ours = new Map();
for (const line of csv.trim().split("\n").slice(1)) {
  const [a, b, score] = line.split(",");
  ours.set(key(a, b), Number(score));
}

const rows = [];
for (let i = 0; i < students.length; i++) {
  for (let j = i + 1; j < students.length; j++) {
    const [a, b] = [students[i], students[j]];
    rows.push({ pair: key(a, b), label: label(a, b), dolos: dolosScore.get(key(a, b)) ?? 0, minimax: ours.get(key(a, b)) ?? 0 });
  }
}
const rank = (tool) => {
  const sorted = [...rows].sort((x, y) => y[tool] - x[tool]);
  sorted.forEach((row, index) => (row[`${tool}Rank`] = index + 1));
  const copies = rows.filter((r) => r.label === "copy");
  const apart = rows.filter((r) => r.label === "independent" || r.label === "starter-only");
  const weakest = copies.reduce((x, y) => (y[tool] < x[tool] ? y : x));
  const closest = apart.reduce((x, y) => (y[tool] > x[tool] ? y : x));
  const below = copies.filter((c) => c[tool] <= closest[tool]).map((c) => c.pair);
  return { weakest, closest, below };
};
const verdicts = { dolos: rank("dolos"), minimax: rank("minimax") };
rows.sort((x, y) => y.minimax - x.minimax || y.dolos - x.dolos);
console.log("pair".padEnd(20), "label".padEnd(13), "minimax (rank)".padEnd(16), "dolos (rank)");
for (const r of rows) {
  console.log(r.pair.padEnd(20), r.label.padEnd(13), `${r.minimax.toFixed(3)} (${r.minimaxRank})`.padEnd(16), `${r.dolos.toFixed(3)} (${r.dolosRank})`);
}
for (const [tool, v] of Object.entries(verdicts)) {
  console.log(
    `${tool}: weakest copy ${v.weakest.pair} ${v.weakest[tool].toFixed(3)}, closest independent ${v.closest.pair} ${v.closest[tool].toFixed(3)}; ` +
      (v.below.length === 0 ? "every copy ranks above every independent pair" : `copies at or below it: ${v.below.join(", ")}`),
  );
}
console.log(`time: minimax ${minimaxMs.toFixed(0)} ms (whole process), dolos ${dolosMs.toFixed(0)} ms (analyzePaths in-process)`);
