// Where config-rollout is published, in one place: coordinates.json holds the GitHub repository
// (OWNER/NAME: the action, the release tarballs, SECURITY.md's advisories), the GitLab project
// (HOST/GROUP/PROJECT: the template's include, the CI/CD component) and the npm package name. Until
// they are settled every file names them by a placeholder; this script fills them in everywhere
// (README, docs, the template, the component, examples, SECURITY.md, package.json). See
// docs/publishing.md.
//   node scripts/set-coordinates.mjs --github OWNER/NAME --gitlab HOST/GROUP/PROJECT [--npm NAME]
//       writes coordinates.json and fills every placeholder from it
//   node scripts/set-coordinates.mjs --check [--github OWNER/NAME]
//       exits 1 when a file still holds a placeholder (or, with --github, when the coordinates name
//       another repository); the release workflow runs it before it publishes anything

import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";

export const PLACEHOLDERS = {
  github: "<owner>/config-rollout",
  gitlab: "<gitlab-host>/<group>/config-rollout",
  npm: "config-rollout",
};
/** What is left when a placeholder was not filled: any of its parts. */
const LEFT_OVER = /<owner>|<group>|<gitlab-host>/;
const COORDINATES = "coordinates.json";
/** Folders whose files are the project's own code and tests, not what a user reads or installs. */
const SKIP = new Set([
  ".git",
  "node_modules",
  "dist",
  "src",
  "test",
  "sim",
  "bench",
  "scripts",
  "demo",
  ".tmp",
]);
const TEXT = /\.(md|ya?ml|json)$/;
/** The lockfile, the coordinates themselves, and the CHANGELOG, which tells the placeholders' history. */
const NOT_FILLED = new Set(["package-lock.json", COORDINATES, "CHANGELOG.md"]);

/** The files that can name a coordinate, as paths from the root. */
export function documents(root = ".") {
  const walk = (dir) =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return SKIP.has(entry.name) ? [] : walk(path);
      return TEXT.test(entry.name) && !NOT_FILLED.has(entry.name) ? [relative(root, path)] : [];
    });
  return walk(root).sort();
}

/** npm pack's file name for a package name: `@acme/x` packs to `acme-x-1.0.0.tgz`. */
function tarballStem(name) {
  return name.replace(/^@/, "").replace("/", "-");
}

/**
 * Every placeholder of a text, filled. The npm name is the package's own name, so only the places
 * that name the package (not the command, also called config-rollout) change: `npx config-rollout`,
 * `npm install config-rollout`, `config-rollout@<version>` and the tarball's file name.
 */
export function fill(text, coordinates) {
  const [host, ...path] = coordinates.gitlab.split("/");
  const [, placeholderPath] = /^[^/]+\/(.+)$/.exec(PLACEHOLDERS.gitlab);
  let filled = text
    .replaceAll(PLACEHOLDERS.gitlab, coordinates.gitlab)
    .replaceAll("<gitlab-host>", host)
    .replaceAll(placeholderPath, path.join("/"))
    .replaceAll(PLACEHOLDERS.github, coordinates.github);
  if (coordinates.npm !== PLACEHOLDERS.npm) {
    filled = filled
      .replace(/(\bnpx (?:--yes )?)config-rollout(?=@|\s)/g, `$1${coordinates.npm}`)
      .replace(/(\bnpm (?:install|i) (?:--save-dev |-D )?)config-rollout\b/g, `$1${coordinates.npm}`)
      .replace(
        /\bconfig-rollout-(?=\$\{?[A-Z_]+\}?\.tgz|\d+\.\d+\.\d+\.tgz|X\.Y\.Z\.tgz)/g,
        `${tarballStem(coordinates.npm)}-`,
      )
      .replace(/npmjs\.com\/package\/config-rollout\b/g, `npmjs.com/package/${coordinates.npm}`);
  }
  return filled;
}

function fillPackageJson(text, coordinates) {
  const pkg = JSON.parse(text);
  pkg.name = coordinates.npm;
  return `${JSON.stringify(JSON.parse(fill(JSON.stringify(pkg), coordinates)), null, 2)}\n`;
}

const SHAPES = {
  github: /^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/,
  gitlab: /^[A-Za-z0-9.-]+(:\d+)?(\/[A-Za-z0-9_.-]+){2,}$/,
  npm: /^(@[a-z0-9-~][a-z0-9-._~]*\/)?[a-z0-9-~][a-z0-9-._~]*$/,
};

function usage(message) {
  process.stderr.write(
    `${message ? `${message}\n` : ""}usage: node scripts/set-coordinates.mjs --github OWNER/NAME --gitlab HOST/GROUP/PROJECT [--npm NAME]\n` +
      "       node scripts/set-coordinates.mjs --check [--github OWNER/NAME]\n",
  );
  return 2;
}

function parse(argv) {
  const options = { check: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--check") options.check = true;
    else if (["--github", "--gitlab", "--npm"].includes(arg) && argv[i + 1] !== undefined) {
      options[arg.slice(2)] = argv[++i];
    } else return { error: `unexpected argument ${JSON.stringify(arg)}` };
  }
  for (const key of ["github", "gitlab", "npm"]) {
    if (options[key] !== undefined && !SHAPES[key].test(options[key]))
      return { error: `--${key} ${JSON.stringify(options[key])} is not a ${key} coordinate` };
  }
  return options;
}

export function main(argv, root = ".") {
  const options = parse(argv);
  if (options.error) return usage(options.error);
  const file = join(root, COORDINATES);
  const current = JSON.parse(readFileSync(file, "utf8"));
  if (options.check) {
    const problems = [];
    if (LEFT_OVER.test(JSON.stringify(current))) problems.push(`${COORDINATES} still holds a placeholder`);
    if (options.github && current.github !== options.github)
      problems.push(`${COORDINATES} names ${current.github}, not ${options.github}`);
    for (const path of documents(root)) {
      const text = readFileSync(join(root, path), "utf8");
      const line = text.split("\n").findIndex((l) => LEFT_OVER.test(l));
      if (line !== -1)
        problems.push(`${path}:${line + 1}: a placeholder is left: ${text.split("\n")[line].trim()}`);
    }
    for (const problem of problems) process.stderr.write(`${problem}\n`);
    if (problems.length > 0) {
      process.stderr.write(
        "set them: node scripts/set-coordinates.mjs --github OWNER/NAME --gitlab HOST/GROUP/PROJECT\n",
      );
      return 1;
    }
    return 0;
  }
  if (!options.github || !options.gitlab) return usage("--github and --gitlab are required");
  const coordinates = { github: options.github, gitlab: options.gitlab, npm: options.npm ?? current.npm };
  // Filled from the placeholders: a second run would have none left to fill.
  if (!LEFT_OVER.test(JSON.stringify(current))) {
    process.stderr.write(
      `${COORDINATES} is set already (${current.github}, ${current.gitlab}): edit the files by hand\n`,
    );
    return 1;
  }
  for (const path of documents(root)) {
    const full = join(root, path);
    const text = readFileSync(full, "utf8");
    const filled = path === "package.json" ? fillPackageJson(text, coordinates) : fill(text, coordinates);
    if (filled !== text) {
      writeFileSync(full, filled);
      process.stdout.write(`${path}\n`);
    }
  }
  writeFileSync(file, `${JSON.stringify(coordinates, null, 2)}\n`);
  return 0;
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  process.exitCode = main(process.argv.slice(2));
}
