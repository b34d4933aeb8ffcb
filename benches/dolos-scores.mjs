// Dolos (@dodona/dolos-lib 3.5) on one set of files: prints every pair's similarity as JSON lines
// `[i, j, similarity]` (indexes into the arguments after the language). Called by
// benches/similar-eval.py, which times this whole process as Dolos' time.
// Usage: node dolos-scores.mjs ROOT LANGUAGE [--base FILE] FILE...
import path from "node:path";
import { createRequire } from "node:module";

const [root, language, ...rest] = process.argv.slice(2);
let base;
if (rest[0] === "--base") {
  base = rest[1];
  rest.splice(0, 2);
}
const files = rest;
const require = createRequire(path.join(root, "target/dolos/package.json"));
const { Dolos } = await import(require.resolve("@dodona/dolos-lib"));
const report = await new Dolos({ language }).analyzePaths(files, base);
const index = new Map(files.map((f, i) => [path.resolve(f), i]));
const lines = [];
for (const pair of report.allPairs()) {
  const i = index.get(path.resolve(pair.leftFile.path));
  const j = index.get(path.resolve(pair.rightFile.path));
  if (i !== undefined && j !== undefined) lines.push(JSON.stringify([i, j, pair.similarity]));
}
console.log(lines.join("\n"));
