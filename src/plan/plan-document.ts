// The plan file (--plan-out, --plan): what a run decided, made once and applied per cluster. A
// versioned JSON schema holding names, commits, digests and restart values, never a config value,
// Secret data or a credential. Its `digest` covers the rest of the document: an edit by hand, a
// truncated upload or a merge gone wrong is refused, not applied. It detects accidents, not an
// attacker (who can recompute it): the artifact store's access control is what protects a plan.
import { createHash, createHmac } from "node:crypto";
import { canonicalJson } from "../core/config-content.js";
import { configHash } from "../core/config-hash.js";
import { UserError } from "../core/errors.js";
import {
  type ConfigChange,
  type ConfigContent,
  type ConfigKind,
  type ConfigReference,
  idKey,
  type ObjectId,
} from "../core/model.js";

export const PLAN_API_VERSION = "config-rollout.io/v1";
export const PLAN_KIND = "Plan";
/** What a --hash-key is checked against, so a wrong key is refused before any request. */
const KEY_CHECK_TEXT = "config-rollout.io/v1 plan key check";

type PlanStrategy = "annotation" | "env" | "versioned";

/** The strategies a plan file can carry (gitops writes nothing, so it has no plan to apply; settings refuse it). */
export function planStrategyOf(strategy: PlanStrategy | "gitops"): PlanStrategy {
  if (strategy === "gitops") throw new UserError("--strategy gitops has no plan file to write");
  return strategy;
}

/** How one workload is restarted: the exact value its pod template gets. */
export type PlannedChange =
  | { annotation: string; hash: string }
  | { env: string }
  | { repoint: Array<{ config: ObjectId; copy: string }> };

/** What the plan file keeps of a changed config: where it is and which keys changed (names only). */
type SharedChangeFields = Pick<ConfigChange, "id" | "status" | "file" | "line" | "keys" | "ignored">;

interface PlanFileConfig extends SharedChangeFields {
  /** The digest of the content the cluster must hold before anything restarts (not for a deleted config). */
  digest?: string;
}

export interface PlanFileWorkload {
  id: ObjectId;
  source: "repo" | "cluster";
  reason: string;
  references: Array<ConfigReference & { config: ObjectId; changedKeys: string[] }>;
  change: PlannedChange;
}

export interface PlanDocument {
  apiVersion: typeof PLAN_API_VERSION;
  kind: typeof PLAN_KIND;
  base: string;
  head: string;
  strategy: PlanStrategy;
  configs: PlanFileConfig[];
  workloads: PlanFileWorkload[];
  /** Set when Secret digests are keyed with --hash-key: the apply job must pass the same key. */
  keyCheck?: string;
  /**
   * Where objects naming no namespace were planned, when not `default` (a kubeconfig context's, or
   * --namespace): a versioned plan is made again at apply time in it, wherever that job's context points.
   */
  namespace?: string;
  /** sha256 of the canonical JSON of every other field. */
  digest: string;
}

/** What a config change and a plan file's config share: names and places, never content. */
export function sharedChangeFields(c: SharedChangeFields): SharedChangeFields {
  return {
    id: c.id,
    status: c.status,
    file: c.file,
    line: c.line,
    keys: c.keys,
    ...(c.ignored ? { ignored: true } : {}),
  };
}

/** The digest of a config's content: keyed (HMAC) for a Secret, so a plan reader cannot test guesses. */
export function configDigest(id: ObjectId, content: ConfigContent, key?: Buffer): string {
  // The whole content: the cluster must hold exactly what the plan was made from.
  const config = { id: id as ObjectId & { kind: ConfigKind }, keys: "all" as const };
  const hex = configHash([config], new Map([[idKey(id), content]]), key);
  // A Secret's digest is keyed (plan-out.ts refuses a plan with a Secret and no --hash-key).
  if (hex === undefined) throw new Error(`no key for the digest of ${idKey(id)}`);
  return key ? `hmac-sha256:${hex}` : `sha256:${hex}`;
}

export function keyCheckOf(key: Buffer): string {
  return `hmac-sha256:${createHmac("sha256", key).update(KEY_CHECK_TEXT).digest("hex")}`;
}

function bodyDigest(document: Omit<PlanDocument, "digest"> & { digest?: unknown }): string {
  const { digest: _ignored, ...body } = document;
  return `sha256:${createHash("sha256").update(canonicalJson(body), "utf8").digest("hex")}`;
}

export function sealPlan(body: Omit<PlanDocument, "digest">): PlanDocument {
  return { ...body, digest: bodyDigest(body) };
}

/** The plan of a run with no range to compare (a first commit): nothing to restart. */
export function emptyPlanDocument(head: string, strategy: PlanStrategy): PlanDocument {
  return sealPlan({
    apiVersion: PLAN_API_VERSION,
    kind: PLAN_KIND,
    base: head,
    head,
    strategy,
    configs: [],
    workloads: [],
  });
}

/** Parse and check a plan file's text; every refusal names the file and the field (exit 2). */
/**
 * Where JSON text first opens an array or object deeper than `limit` (strings skipped, escapes
 * included), or undefined. Linear, no recursion: it runs on text nobody has checked yet.
 */
function nestingBeyond(text: string, limit: number): number | undefined {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      // A backslash: the next character is escaped (a quote there does not end the string).
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return i;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return undefined;
}

/** Deeper than any plan config-rollout writes (about 6 levels): a deeper file is refused unread. */
const MAX_PLAN_NESTING = 64;

export function parsePlanDocument(text: string, file: string): PlanDocument {
  // Before JSON.parse: the checks and the digest walk the value recursively, and 100,000 nested
  // arrays would end in a stack overflow instead of this refusal.
  const deep = nestingBeyond(text, MAX_PLAN_NESTING);
  if (deep !== undefined) {
    throw new UserError(
      `${file}: not a plan file: nested more than ${MAX_PLAN_NESTING} levels deep (at character ${deep + 1})`,
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new UserError(`${file}: not a plan file: not valid JSON (${reason})`);
  }
  const bad = (field: string, expected: string) =>
    new UserError(`${file}: malformed plan: ${field} must be ${expected}`);
  if (!isRecord(value)) throw bad("the document", "a JSON object");
  if (value.apiVersion !== PLAN_API_VERSION) {
    throw new UserError(
      `${file}: unknown plan apiVersion ${JSON.stringify(value.apiVersion ?? null)}: this config-rollout reads ${PLAN_API_VERSION}`,
    );
  }
  if (value.kind !== PLAN_KIND) throw bad("kind", `"${PLAN_KIND}"`);
  for (const field of ["base", "head"] as const) {
    if (typeof value[field] !== "string" || !/^[0-9a-f]{40}([0-9a-f]{24})?$/.test(value[field] as string))
      throw bad(field, "a full commit SHA");
  }
  if (!["annotation", "env", "versioned"].includes(value.strategy as string))
    throw bad("strategy", "one of annotation, env, versioned");
  if (typeof value.digest !== "string") throw bad("digest", "a string");
  if (value.keyCheck !== undefined && typeof value.keyCheck !== "string") throw bad("keyCheck", "a string");
  if (value.namespace !== undefined && typeof value.namespace !== "string")
    throw bad("namespace", "a string");
  if (!Array.isArray(value.configs)) throw bad("configs", "a list");
  for (const [i, c] of value.configs.entries()) checkConfig(c, `configs[${i}]`, bad);
  if (!Array.isArray(value.workloads)) throw bad("workloads", "a list");
  for (const [i, w] of value.workloads.entries()) checkWorkload(w, `workloads[${i}]`, bad);
  const document = value as unknown as PlanDocument;
  if (bodyDigest(document) !== document.digest) {
    throw new UserError(
      `${file}: the plan does not match its digest: it was changed after --plan-out wrote it (or cut short); make the plan again`,
    );
  }
  return document;
}

type Bad = (field: string, expected: string) => UserError;

function checkId(value: unknown, field: string, bad: Bad): void {
  if (!isRecord(value)) throw bad(field, "an object with kind, namespace and name");
  for (const key of ["kind", "namespace", "name"])
    if (typeof value[key] !== "string" || value[key] === "")
      throw bad(`${field}.${key}`, "a non-empty string");
}

function checkConfig(value: unknown, field: string, bad: Bad): void {
  if (!isRecord(value)) throw bad(field, "an object");
  checkId(value.id, `${field}.id`, bad);
  if (!["modified", "added", "deleted"].includes(value.status as string))
    throw bad(`${field}.status`, "one of modified, added, deleted");
  if (typeof value.file !== "string") throw bad(`${field}.file`, "a string");
  if (typeof value.line !== "number") throw bad(`${field}.line`, "a number");
  if (!Array.isArray(value.keys) || !value.keys.every((k) => typeof k === "string"))
    throw bad(`${field}.keys`, "a list of strings");
  if (value.digest !== undefined && !/^(sha256|hmac-sha256):[0-9a-f]{64}$/.test(String(value.digest)))
    throw bad(`${field}.digest`, "sha256:<64 hex digits> or hmac-sha256:<64 hex digits>");
}

function checkWorkload(value: unknown, field: string, bad: Bad): void {
  if (!isRecord(value)) throw bad(field, "an object");
  checkId(value.id, `${field}.id`, bad);
  if (value.source !== "repo" && value.source !== "cluster") throw bad(`${field}.source`, "repo or cluster");
  if (typeof value.reason !== "string") throw bad(`${field}.reason`, "a string");
  if (!Array.isArray(value.references)) throw bad(`${field}.references`, "a list");
  const change = value.change;
  if (!isRecord(change)) throw bad(`${field}.change`, "an object");
  if ("hash" in change) {
    if (typeof change.annotation !== "string" || !/^[0-9a-f]{64}$/.test(String(change.hash)))
      throw bad(`${field}.change`, "{annotation, hash} with a 64-hex-digit hash");
  } else if ("env" in change) {
    if (typeof change.env !== "string" || change.env === "")
      throw bad(`${field}.change.env`, "a variable name");
  } else if ("repoint" in change) {
    if (!Array.isArray(change.repoint)) throw bad(`${field}.change.repoint`, "a list");
    change.repoint.forEach((r, i) => {
      if (!isRecord(r) || typeof r.copy !== "string")
        throw bad(`${field}.change.repoint[${i}].copy`, "a string");
      checkId(r.config, `${field}.change.repoint[${i}].config`, bad);
    });
  } else {
    throw bad(`${field}.change`, "one of {annotation, hash}, {env}, {repoint}");
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
