#!/usr/bin/env node
import { createRequire as __configRolloutCreateRequire } from 'node:module';
const require = __configRolloutCreateRequire(import.meta.url);
import {
  keepWritingAfterReaderLeft,
  useColor
} from "./chunks/chunk-B7PX2ZWS.js";
import {
  OPTIONS,
  VERSION
} from "./chunks/chunk-7KT5MVTH.js";
import "./chunks/chunk-7NDVFXIG.js";
import {
  EXIT_OK,
  UserError,
  exitCodeFor
} from "./chunks/chunk-IUTW6PJ2.js";
import "./chunks/chunk-VDSW2JPR.js";

// src/settings/help.ts
var EXIT_CODES = [
  "0  every rollout finished, or nothing had to restart",
  "1  a rollout failed or timed out, or an internal error",
  "2  bad input or configuration (flags, manifests under --strict, git, kubeconfig)"
];
function helpText() {
  const lines = [
    "config-rollout \u2014 restart exactly the Kubernetes workloads whose ConfigMaps or Secrets changed",
    "",
    "Usage: config-rollout [flags]",
    "",
    "Compares two commits, finds ConfigMaps/Secrets whose content changed, restarts the Deployments,",
    "StatefulSets and DaemonSets that consume them, and waits for each rollout.",
    "",
    "Flags:"
  ];
  for (const option of OPTIONS) {
    const names = `${option.short ? `-${option.short}, ` : "    "}--${option.name}`;
    const value = option.type === "boolean" ? "" : ` ${option.placeholder ?? option.choices?.join("|") ?? "VALUE"}`;
    lines.push(`  ${names}${value}`);
    lines.push(`        ${option.description}`);
    const facts = [
      option.default !== void 0 && option.default !== "" ? `default: ${option.default}` : void 0,
      option.env ? `env: ${option.env}` : void 0
    ].filter(Boolean);
    if (facts.length > 0) lines.push(`        (${facts.join("; ")})`);
  }
  lines.push("  -h, --help", "        Show this help.", "  -V, --version", "        Print the version.");
  lines.push("", "Exit codes:", ...EXIT_CODES.map((line) => `  ${line}`));
  lines.push(
    "",
    "Docs: README.md \u2014 quick starts for GitHub Actions, GitLab CI and the CLI, RBAC, troubleshooting."
  );
  return `${lines.join("\n")}
`;
}

// src/settings/parse-args.ts
function parseArgs(argv) {
  const values = {};
  let help = false;
  let version = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--help" || arg === "-h") {
      help = true;
      continue;
    }
    if (arg === "--version" || arg === "-V") {
      version = true;
      continue;
    }
    if (!arg.startsWith("-") || arg === "-" || arg === "--") {
      throw new UserError(`unexpected argument "${arg}" (config-rollout takes only flags; see --help)`);
    }
    const eq = arg.indexOf("=");
    const flag = eq === -1 ? arg : arg.slice(0, eq);
    const inline = eq === -1 ? void 0 : arg.slice(eq + 1);
    const negated = flag.startsWith("--no-") ? findOption(flag.slice(5)) : void 0;
    if (negated?.type === "boolean" && inline === void 0) {
      values[negated.name] = "false";
      continue;
    }
    const spec = flag.startsWith("--") ? findOption(flag.slice(2)) : OPTIONS.find((o) => `-${o.short}` === flag);
    if (!spec) throw new UserError(`unknown flag ${flag}${suggestion(flag)}; see --help`);
    if (spec.type === "boolean") {
      values[spec.name] = inline ?? "true";
      continue;
    }
    if (inline !== void 0) {
      values[spec.name] = inline;
      continue;
    }
    const next = argv[i + 1];
    if (spec.name === "dry-run" && (next === void 0 || !spec.choices?.includes(next))) {
      values[spec.name] = "client";
      continue;
    }
    if (next === void 0) throw new UserError(`${flag} needs a value`);
    values[spec.name] = next;
    i++;
  }
  return { values, help, version };
}
function findOption(name) {
  return OPTIONS.find((o) => o.name === name);
}
function suggestion(flag) {
  const name = flag.replace(/^-+/, "");
  const close = OPTIONS.map((o) => o.name).find((candidate) => editDistance(candidate, name) <= 2);
  return close ? ` (did you mean --${close}?)` : "";
}
function editDistance(a, b) {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length];
}

// src/cli/run-cli.ts
async function runCli(argv, env, io) {
  const state = { debug: env.CONFIG_ROLLOUT_DEBUG === "true" };
  try {
    const args = parseArgs(argv);
    if (args.help) return print(io, helpText());
    if (args.version) return print(io, `config-rollout ${VERSION}
`);
    const { runPlanFromArgs } = await import("./chunks/run-cli-plan-YJ5EPDPR.js");
    return await runPlanFromArgs(args, env, io, state);
  } catch (error) {
    const [{ escapeForCiLog }, { describeError }] = await Promise.all([
      import("./chunks/ci-log-text-7C4CF3MZ.js"),
      import("./chunks/error-line-WWMBKOAZ.js")
    ]);
    io.stderr(`${escapeForCiLog(describeError(error, state.debug))}
`);
    return exitCodeFor(error);
  }
}
function print(io, text) {
  io.stdout(text);
  return EXIT_OK;
}

// src/cli/main.ts
keepWritingAfterReaderLeft(process.stdout);
keepWritingAfterReaderLeft(process.stderr);
runCli(process.argv.slice(2), process.env, {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  color: useColor(process.stderr, process.env),
  cwd: process.cwd()
}).then((code) => {
  process.exitCode = code;
});
