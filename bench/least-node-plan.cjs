// The least any plan written for Node can do, run as `node bench/least-node-plan.cjs BASE HEAD` in
// a repository: a measured floor for benchmark 1, beside git's own. It starts Node and runs the git
// processes a plan cannot skip, each as early as what it needs is known, and nothing else:
//   1. one `git rev-parse`: the work tree's root and both commits verified (a CI clone may lack one);
//   2. `git diff-tree` of the two commits, and beside it the head's whole-tree listing (a file of
//      the diff may belong to a kustomization or chart anywhere in the tree);
//   3. the changed files read at base and, beside it, at head (a plan compares the two), one
//      `git cat-file --batch` each; the config names cut out of the base side with a regular
//      expression (no YAML parse);
//   4. one `git grep` for those names at head, as one alternation (what the plan does: git tries
//      `-F` patterns one after another) with a core left free, and the files it finds read through
//      one `cat-file`.
// No parsing, no plan, no output. Plain JavaScript, no imports beyond Node's: the real CLI's own
// code (loading, parsing, planning, reporting) is what the plan takes beyond this. CommonJS, as
// dist/ is: as an ES module the same program took ~4 ms longer to start (bench/RESULTS.md).
//
// With `--read-yaml MODULE` (a CommonJS file exporting `parseSimpleYaml(text)`, the benchmark builds
// one from src/scan/manifests/fast-yaml.ts) it also loads that reader and parses every file it reads,
// as a plan must to compare configs and find their consumers, and prints how many it parsed. Still
// nothing else: no objects made of the documents, no comparison, no plan, no report.

"use strict";
const { spawn } = require("node:child_process");
const { availableParallelism } = require("node:os");

const args = process.argv.slice(2);
const readerPath = args[0] === "--read-yaml" ? args.splice(0, 2)[1] : undefined;
const [base, head] = args;
if (!base || !head || base.startsWith("-") || head.startsWith("-") || args.length !== 2) {
  process.stderr.write("usage: node bench/least-node-plan.cjs [--read-yaml MODULE] BASE HEAD\n");
  process.exit(2);
}
// Loaded first, as a CLI loads its code before it starts git.
const reader = readerPath ? require(readerPath) : undefined;
const decoder = new TextDecoder();
let parsed = 0;
/** Batches read, parsed once git is done: faster than parsing each as it arrives (see below). */
const batches = [];

/** Parse each object of `git cat-file --batch` output ("<oid> <type> <size>\n<content>\n"). */
function parseEach(batch) {
  for (let at = 0; at < batch.length; ) {
    const headerEnd = batch.indexOf(10, at);
    const header = batch.toString("latin1", at, headerEnd);
    const size = Number(header.slice(header.lastIndexOf(" ") + 1));
    const text = decoder.decode(batch.subarray(headerEnd + 1, headerEnd + 1 + size));
    // The benchmark's files are all plain manifests: a file the reader gives up on would make this
    // floor too low, so it stops here rather than measure less work than a plan does.
    if (reader.parseSimpleYaml(text) === undefined) throw new Error(`${header}: outside the reader's subset`);
    parsed++;
    at = headerEnd + 1 + size + 1;
  }
}

/** git with `args`; resolves with stdout bytes, rejects on exit codes other than 0 and `ok`. */
function git(args, { cwd, input, ok = [] } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn("git", args, {
      cwd,
      stdio: [input === undefined ? "ignore" : "pipe", "pipe", "inherit"],
    });
    const out = [];
    child.stdout.on("data", (chunk) => out.push(chunk));
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 || ok.includes(code)
        ? resolve(Buffer.concat(out))
        : reject(new Error(`git ${args[0]}: exit ${code}`)),
    );
    if (input !== undefined) child.stdin.end(input);
  });
}

/** Contents of `git cat-file --batch` output, as one string per object (headers and all). */
const readBlobs = (cwd, names) =>
  names.length === 0
    ? Promise.resolve("")
    : git(["cat-file", "--batch", "--buffer"], { cwd, input: `${names.join("\n")}\n` }).then((b) => {
        if (reader) batches.push(b);
        return b.toString();
      });

async function main() {
  const [root, baseSha, headSha] = (
    await git(["rev-parse", "--show-toplevel", `${base}^{commit}`, `${head}^{commit}`, "--"])
  )
    .toString()
    .split("\n");
  const listing = git(["ls-tree", "-r", "-z", "--full-tree", headSha], { cwd: root });
  const diff = (
    await git(["diff-tree", "-r", "-z", "--name-status", "-M", "--no-commit-id", baseSha, headSha, "--"], {
      cwd: root,
    })
  )
    .toString()
    .split("\0");
  // Records: status, path (a rename or copy adds its old path first).
  const changedAtBase = [];
  const changedAtHead = [];
  for (let i = 0; i < diff.length - 1; ) {
    const status = diff[i];
    const path = diff[i + 1];
    if (status.startsWith("R") || status.startsWith("C")) {
      changedAtBase.push(path);
      changedAtHead.push(diff[i + 2]);
      i += 3;
    } else {
      if (status !== "A") changedAtBase.push(path);
      if (status !== "D") changedAtHead.push(path);
      i += 2;
    }
  }
  const manifestsAt = (sha, paths) =>
    paths.filter((p) => /\.(ya?ml|json)$/.test(p)).map((p) => `${sha}:${p}`);
  const headTexts = readBlobs(root, manifestsAt(headSha, changedAtHead));
  const texts = await readBlobs(root, manifestsAt(baseSha, changedAtBase));
  const names = /kind:\s*(ConfigMap|Secret)\b/.test(texts)
    ? [...new Set([...texts.matchAll(/^ {2}name:\s*(\S+)/gm)].map((m) => m[1]))]
    : [];
  if (names.length > 0) {
    // One thread per core but one, as the plan searches (src/git/run-grep.ts).
    const threads = `--threads=${Math.max(1, availableParallelism() - 1)}`;
    const found = (
      await git(["grep", "-l", "-z", threads, "-P", "-f", "-", headSha, "--"], {
        cwd: root,
        ok: [1],
        input: `${names.map((n) => n.replace(/[^A-Za-z0-9]/g, "\\$&")).join("|")}\n`,
      })
    )
      .toString()
      .split("\0")
      .filter(Boolean);
    // The changed files were read at head already.
    const readAtHead = new Set(manifestsAt(headSha, changedAtHead));
    await readBlobs(
      root,
      found.filter((name) => !readAtHead.has(name)),
    );
  }
  await Promise.all([listing, headTexts]);
  // After the last git process: on 2 cores, parsing while git searched made both slower (5k files:
  // 103 vs 96 ms; 20k: 135 vs 127 ms), so this floor parses at the end. (The plan itself is faster
  // parsing as files arrive, 106 vs 113 ms at 5k: it has more to do while git runs.)
  if (reader) {
    for (const batch of batches) parseEach(batch);
    process.stdout.write(`parsed ${parsed}\n`);
  }
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.message : error}\n`);
  process.exit(1);
});
