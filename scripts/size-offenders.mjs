// Lists what breaks the size rule of the developers' guide: files in src/ over 400 lines, and
// functions (declarations, methods, arrows, function expressions) over 80 lines. A long function
// may stay when its leading comment says why; those are listed apart ("explained").
//   node scripts/size-offenders.mjs            human-readable list and counts
//   node scripts/size-offenders.mjs --json     the same as JSON
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";

const MAX_FILE_LINES = 400;
const MAX_FUNCTION_LINES = 80;
/** A leading comment that names the length as deliberate. */
const EXPLAINED =
  /\b(long|length|lines?)\b.*\b(because|why|kept|on purpose|deliberate)|why (it|this) is long/i;

const root = join(import.meta.dirname, "..");
const src = join(root, "src");

function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : name.endsWith(".ts") ? [path] : [];
  });
}

const files = [];
const functions = [];
for (const path of sourceFiles(src)) {
  const text = readFileSync(path, "utf8");
  const file = relative(root, path);
  const lines = text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
  if (lines > MAX_FILE_LINES) files.push({ file, lines });
  const sf = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const visit = (node) => {
    if (ts.isFunctionLike(node) && "body" in node && node.body) {
      const start = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
      const end = sf.getLineAndCharacterOfPosition(node.getEnd()).line;
      const length = end - start + 1;
      if (length > MAX_FUNCTION_LINES) {
        const owner = ts.isVariableDeclaration(node.parent) ? node.parent : node;
        const statement = ts.isVariableDeclaration(owner) ? owner.parent.parent : owner;
        const comments = ts.getLeadingCommentRanges(text, statement.getFullStart()) ?? [];
        const leading = comments.map((c) => text.slice(c.pos, c.end)).join("\n");
        const name =
          node.name?.getText(sf) ??
          (ts.isVariableDeclaration(owner) ? owner.name.getText(sf) : "(anonymous)");
        functions.push({ file, line: start + 1, name, lines: length, explained: EXPLAINED.test(leading) });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
}

if (process.argv.includes("--json")) {
  console.log(JSON.stringify({ files, functions }, null, 2));
} else {
  console.log(`files over ${MAX_FILE_LINES} lines: ${files.length}`);
  for (const f of files) console.log(`  ${f.file}: ${f.lines}`);
  const unexplained = functions.filter((f) => !f.explained);
  console.log(
    `functions over ${MAX_FUNCTION_LINES} lines: ${functions.length} (${unexplained.length} without a comment saying why)`,
  );
  for (const f of functions)
    console.log(`  ${f.file}:${f.line} ${f.name}: ${f.lines}${f.explained ? " (explained)" : ""}`);
}
