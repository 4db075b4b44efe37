// --plan FILE and --plan-out FILE: the plan file's reading and writing around the pipeline. Every
// refusal of a plan (unreadable, unknown apiVersion, malformed, changed after it was written, made
// for another head than this checkout, a wrong --hash-key) happens here, before any request.
import { readFile, writeFile } from "node:fs/promises";
import { shortSha } from "../core/commit-sha.js";
import { UserError } from "../core/errors.js";
import type { Log } from "../core/log.js";
import { formatId, idKey } from "../core/model.js";
import { CLI_FLAGS, type OptionNaming } from "../core/option-naming.js";
import type { RunReport } from "../core/run-result.js";
import type { Git } from "../git/git.js";
import { type PlanDocument, parsePlanDocument } from "../plan/plan-document.js";
import type { ClusterAccess } from "../plan/repo-plan.js";
import type { RunSettings } from "../settings/settings.js";
import { applySavedPlan, checkPlanKey, guardedPlanOf } from "./apply-saved-plan.js";

async function readPlanFile(path: string): Promise<PlanDocument> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new UserError(`${path}: cannot read the plan file (${code})`);
  }
  return parsePlanDocument(text, path);
}

export async function writePlanFile(path: string, document: PlanDocument, log: Log): Promise<void> {
  try {
    await writeFile(path, `${JSON.stringify(document, null, 2)}\n`, { mode: 0o644 });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new UserError(`${path}: cannot write the plan file (${code})`);
  }
  log.info(
    `plan written to ${path}: ${document.workloads.length} workload(s) to restart, ${document.digest}`,
  );
}

/** The checkout this run is in, when it is in one: undefined for a directory without git. */
async function checkoutHead(openGit: () => Promise<Git>): Promise<string | undefined> {
  let git: Git;
  try {
    git = await openGit();
  } catch (error) {
    if (error instanceof UserError) return undefined;
    throw error;
  }
  return git.tryResolveCommit("HEAD");
}

interface SavedPlanRun {
  document: PlanDocument;
  /** Set for the versioned strategy: plan again from this checkout (it needs the configs' content). */
  replanFrom?: { base: string; head: string };
}

/** Read and check the plan before any request: exit 2 for every refusal. */
export async function loadSavedPlan(
  settings: RunSettings & { plan: string },
  openGit: () => Promise<Git>,
  naming: OptionNaming = CLI_FLAGS,
): Promise<SavedPlanRun> {
  const file = settings.plan;
  const document = await readPlanFile(file);
  const head = await checkoutHead(openGit);
  if (head !== undefined && head !== document.head) {
    throw new UserError(
      `${file}: the plan is for commit ${shortSha(document.head)}, but this checkout is at ${shortSha(head)}: apply it from a directory without git or from a checkout of its head`,
    );
  }
  checkPlanKey(document, file, settings.hashKey, naming);
  // The plan's strategy applies: another one asked for is refused, not ignored.
  if (settings.strategyExplicit && settings.strategy !== document.strategy) {
    throw new UserError(
      `${file}: ${naming.set("strategy", settings.strategy)} differs from the plan's strategy ${document.strategy}: a plan is applied with the strategy it was made with; drop ${naming.option("strategy")}, or make the plan again with ${naming.set("strategy", settings.strategy)}`,
    );
  }
  if (document.strategy === "versioned") {
    if (head === undefined) {
      throw new UserError(
        `${file}: --plan with the versioned strategy needs the checkout at the plan's head ${document.head} (its copies are made from the configs' content, which a plan file does not hold): check it out and set ${naming.option("repo")}`,
      );
    }
    return { document, replanFrom: { base: document.base, head: document.head } };
  }
  return { document };
}

/**
 * The versioned strategy re-plans from the checkout (within this job's guard rails): it must restart
 * what the plan says within the same guard rails, nothing else.
 */
export function sameWorkloads(
  document: PlanDocument,
  settings: RunSettings & { plan: string },
  planned: Array<{ id: PlanDocument["workloads"][number]["id"] }>,
  naming: OptionNaming = CLI_FLAGS,
): void {
  const file = settings.plan;
  const inBounds = guardedPlanOf(document, file, settings, naming).workloads.filter(
    (w) => w.action === "restart",
  );
  const inFile = new Set(inBounds.map((w) => idKey(w.id)));
  const now = new Set(planned.map((w) => idKey(w.id)));
  const extra = planned.find((w) => !inFile.has(idKey(w.id)));
  const missing = inBounds.find((w) => !now.has(idKey(w.id)));
  const differs = extra ?? missing;
  if (differs) {
    throw new UserError(
      `${file}: this checkout plans differently from the plan file (${formatId(differs.id)} ${extra ? "is not in the plan" : "is no longer planned"}); make the plan again`,
    );
  }
}

export function applySaved(
  run: SavedPlanRun,
  settings: RunSettings & { plan: string },
  connection: ClusterAccess,
  context: { log: Log; naming?: OptionNaming },
): Promise<RunReport> {
  return applySavedPlan(run.document, settings.plan, connection, { settings, ...context });
}
