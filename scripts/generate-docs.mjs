// Writes action.yml, the reference page of each command (docs/reference/), the action's tables and the
// index's table of old spellings, .env.example and the GitLab component's inputs from the option
// table (src/settings/options.ts), so they cannot drift from the CLI. Run by scripts/build.mjs.
// The TypeScript renderers are bundled in memory by esbuild and imported from a data: URL:
// no build artefact, no tsx, about 50 ms.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = fileURLToPath(new URL("..", import.meta.url));

export async function loadRenderers() {
  const result = await build({
    entryPoints: [`${root}scripts/render-docs.ts`],
    bundle: true,
    write: false,
    platform: "node",
    format: "esm",
    target: "node22",
    logLevel: "warning",
    // yaml's CommonJS build calls require("process"): give the in-memory module a require().
    banner: {
      js: `import { createRequire } from "node:module";\nconst require = createRequire(${JSON.stringify(`${root}package.json`)});`,
    },
  });
  const code = result.outputFiles[0].text;
  return import(`data:text/javascript;base64,${Buffer.from(code).toString("base64")}`);
}

/**
 * Brings the generated documents up to date and returns the files that were stale. With `check`,
 * writes nothing: the caller fails on a stale file instead.
 */
export async function generateDocs({ check = false } = {}) {
  const docs = await loadRenderers();
  const stale = [];
  const update = (file, text) => {
    const path = `${root}${file}`;
    let current;
    try {
      current = readFileSync(path, "utf8");
    } catch {
      current = undefined;
    }
    if (current === text) return;
    stale.push(file);
    if (!check) writeFileSync(path, text);
  };
  update(docs.ACTION_YML, docs.renderActionYml());
  update(docs.ENV_EXAMPLE, docs.renderEnvExample());
  update(docs.REFERENCE, docs.renderReference(readFileSync(`${root}${docs.REFERENCE}`, "utf8")));
  for (const [command, file] of Object.entries(docs.COMMAND_REFERENCES)) {
    mkdirSync(dirname(`${root}${file}`), { recursive: true });
    update(file, docs.renderCommandReference(command));
  }
  update(
    docs.ACTION_REFERENCE,
    docs.renderActionReference(readFileSync(`${root}${docs.ACTION_REFERENCE}`, "utf8")),
  );
  update(
    docs.GITLAB_COMPONENT,
    docs.renderGitlabComponent(readFileSync(`${root}${docs.GITLAB_COMPONENT}`, "utf8")),
  );
  return stale;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const check = process.argv.includes("--check");
  const stale = await generateDocs({ check });
  if (stale.length > 0 && check) {
    console.error(
      `generate-docs: ${stale.join(", ")} out of date with src/settings/options.ts: run npm run build`,
    );
    process.exitCode = 1;
  } else if (stale.length > 0) console.log(`generate-docs: updated ${stale.join(", ")}`);
}
