import { createRequire as __configRolloutCreateRequire } from 'node:module';
const require = __configRolloutCreateRequire(import.meta.url);
import {
  createStderrLog
} from "./chunk-B7PX2ZWS.js";
import {
  createClusterConnection,
  createGit,
  rawValuesFromEnv,
  renderReport,
  runInCi,
  toSettings
} from "./chunk-NTT7WH7C.js";
import "./chunk-CYVLK32L.js";
import "./chunk-7KT5MVTH.js";
import "./chunk-7NDVFXIG.js";
import "./chunk-7SIMHOYP.js";
import {
  EXIT_FAILED,
  EXIT_OK
} from "./chunk-IUTW6PJ2.js";
import "./chunk-SKWB4KID.js";
import "./chunk-7KQHYMKG.js";
import "./chunk-KIER4OVU.js";
import "./chunk-OC6EYEC3.js";
import "./chunk-HRGDZ7KG.js";
import "./chunk-VDSW2JPR.js";

// src/cli/run-cli-plan.ts
import { resolve } from "node:path";
async function runPlanFromArgs(args, env, io, state) {
  const settings = toSettings(rawValuesFromEnv(env), args.values);
  state.debug = settings.debug;
  const log = createStderrLog({ debug: settings.debug, color: io.color, write: io.stderr });
  const cluster = createClusterConnection(settings, env, {
    path: args.values.kubeconfig === void 0 ? "KUBECONFIG" : "--kubeconfig"
  });
  const git = await createGit(resolve(io.cwd, settings.repo));
  const report = await runInCi(settings, { env, git, cluster, log });
  io.stdout(renderReport(report, settings.output));
  return report.outcome === "failed" ? EXIT_FAILED : EXIT_OK;
}
export {
  runPlanFromArgs
};
