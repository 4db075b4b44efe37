// tsx sim/cli.ts --kubeconfig PATH [--seed file.yaml ...] [--port N] [--step-ms N] [--crd argo-rollouts ...]
// Starts the simulated cluster, writes a kubeconfig, seeds objects, runs until SIGINT/SIGTERM.
import { type SimCrd, startSimCluster } from "./index.js";
import { readSeedFile } from "./seed-file.js";

interface CliArgs {
  kubeconfig: string;
  seeds: string[];
  port?: number;
  stepMs?: number;
  token?: string;
  crds: SimCrd[];
}

const USAGE =
  "usage: tsx sim/cli.ts --kubeconfig PATH [--seed FILE.yaml ...] [--port N] [--step-ms N] [--token T] [--crd argo-rollouts ...]";

function parseArgs(argv: string[]): CliArgs {
  const args: CliArgs = { kubeconfig: "", seeds: [], crds: [] };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = argv[i + 1];
    if (flag === "--help" || flag === "-h") throw new Error(USAGE);
    if (value === undefined) throw new Error(`${flag} needs a value\n${USAGE}`);
    i++;
    if (flag === "--kubeconfig") args.kubeconfig = value;
    else if (flag === "--seed") args.seeds.push(value);
    else if (flag === "--port") args.port = Number(value);
    else if (flag === "--step-ms") args.stepMs = Number(value);
    else if (flag === "--token") args.token = value;
    else if (flag === "--crd")
      args.crds.push(value as SimCrd); // unknown names fail at start, listing the known ones
    else throw new Error(`unknown flag ${flag}\n${USAGE}`);
  }
  if (!args.kubeconfig) throw new Error(`--kubeconfig is required\n${USAGE}`);
  return args;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const cluster = await startSimCluster({
    port: args.port,
    rolloutStepMs: args.stepMs,
    token: args.token,
    crds: args.crds,
  });
  for (const file of args.seeds) for (const obj of readSeedFile(file)) cluster.seed(obj);
  cluster.writeKubeconfig(args.kubeconfig);
  process.stdout.write(`${cluster.url}\n`);
  const stop = () => {
    void cluster.close().then(() => process.exit(0));
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`sim: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(2);
});
