// Until the project's GitHub location is known, its files name it "<owner>/config-rollout" (package.json's
// repository fields, the GitLab template's default download URL, the README's examples).
//   node scripts/set-repository.mjs OWNER/NAME          replaces the placeholder with the real location
//   node scripts/set-repository.mjs --check OWNER/NAME  exits 1 unless package.json and the GitLab
//                                                       templates name OWNER/NAME (the release workflow
//                                                       runs it: npm provenance and the templates' default
//                                                       command need the real location)

import { readdirSync, readFileSync, writeFileSync } from "node:fs";

const PLACEHOLDER = "<owner>/config-rollout";
// Files a release ships or documents the location in; the package's own metadata and templates first.
const SHIPPED = ["package.json", ".gitlab-ci-template.yml", "templates/config-rollout.yml"];
const DOCUMENTED = [
  "README.md",
  "SECURITY.md",
  ...filesIn("docs", ".md"),
  ...filesIn("examples/github", ".yml"),
  ...filesIn("examples/gitlab", ".yml"),
];

/** The files of a folder with an ending, as paths from the root ([] when the folder is missing). */
function filesIn(dir, ending) {
  try {
    return readdirSync(dir)
      .filter((name) => name.endsWith(ending))
      .map((name) => `${dir}/${name}`);
  } catch {
    return [];
  }
}

function usage() {
  process.stderr.write("usage: node scripts/set-repository.mjs [--check] OWNER/NAME\n");
  return 2;
}

export function main(argv) {
  const check = argv[0] === "--check";
  const repository = check ? argv[1] : argv[0];
  if (argv.length !== (check ? 2 : 1) || !/^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/.test(repository ?? "")) {
    return usage();
  }
  if (check) {
    const problems = [];
    const pkg = JSON.parse(readFileSync("package.json", "utf8"));
    const expected = `git+https://github.com/${repository}.git`;
    if (pkg.repository?.url !== expected) {
      problems.push(
        `package.json: repository.url is ${JSON.stringify(pkg.repository?.url)}, expected ${expected}`,
      );
    }
    for (const file of SHIPPED) {
      if (readFileSync(file, "utf8").includes(PLACEHOLDER))
        problems.push(`${file} still names ${PLACEHOLDER}`);
    }
    for (const problem of problems) process.stderr.write(`${problem}\n`);
    if (problems.length > 0) {
      process.stderr.write(`run: node scripts/set-repository.mjs ${repository}, and commit the result\n`);
      return 1;
    }
    return 0;
  }
  for (const file of [...SHIPPED, ...DOCUMENTED]) {
    let text;
    try {
      text = readFileSync(file, "utf8");
    } catch (error) {
      if (error?.code === "ENOENT") continue;
      throw error;
    }
    const replaced = text.replaceAll(PLACEHOLDER, repository);
    if (replaced !== text) {
      writeFileSync(file, replaced);
      process.stdout.write(`${file}: ${PLACEHOLDER} -> ${repository}\n`);
    }
  }
  return 0;
}

process.exitCode = main(process.argv.slice(2));
