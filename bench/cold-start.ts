// Benchmark 4: process start-up. `config-rollout --version`, a run whose diff changes no manifest
// (the common push), against `kubectl version --client` as a reference CLI and `node -e ""` as
// the runtime's own floor. Each command runs N times after one warm-up; medians and minimums.

import { commitNoManifestChange, type GeneratedRepo } from "./generate-repo.js";
import { cleanEnv, median, min, repeat, run } from "./measure.js";

export interface ColdStartFigures {
  command: string;
  medianMs: number;
  minMs: number;
}

export async function benchColdStart(
  workDir: string,
  repo: GeneratedRepo,
  cli: string,
  runs: number,
): Promise<{ figures: ColdStartFigures[]; noChangeOutcome: string }> {
  const range = commitNoManifestChange(repo);
  const env = cleanEnv(workDir);
  const noChangeArgs = [cli, "--base", range.base, "--head", range.head, "--output", "json"];
  const commands: Array<{ label: string; file: string; args: string[]; cwd?: string }> = [
    { label: 'node -e ""', file: process.execPath, args: ["-e", ""] },
    { label: "node dist/cli.js --version", file: process.execPath, args: [cli, "--version"] },
    { label: "node dist/cli.js --help", file: process.execPath, args: [cli, "--help"] },
    {
      label: "node dist/cli.js --base C~1 --head C --output json (no manifest changed)",
      file: process.execPath,
      args: noChangeArgs,
      cwd: repo.dir,
    },
    { label: "kubectl version --client", file: "kubectl", args: ["version", "--client"] },
  ];
  const figures: ColdStartFigures[] = [];
  for (const c of commands) {
    const results = await repeat(runs, 1, () => run(c.file, c.args, { cwd: c.cwd, env }));
    const wall = results.map((r) => r.wallMs);
    figures.push({ command: c.label, medianMs: median(wall), minMs: min(wall) });
  }
  const noChange = await run(process.execPath, noChangeArgs, { cwd: repo.dir, env });
  const outcome = (JSON.parse(noChange.stdout) as { outcome: string }).outcome;
  if (outcome !== "nothing-to-do")
    throw new Error(`no-change run: outcome ${outcome}, expected nothing-to-do`);
  return { figures, noChangeOutcome: outcome };
}
