// Injected failures: failNext() answers the next matching requests with an error Status,
// forbid() answers 403 for an RBAC verb on a resource until the server closes (or, given
// resourceNames, for every object but those: a Role that grants the verb only by name), hang() reads the
// matching requests and never answers them (a stuck API server or a black-holed connection: the
// TCP connection stays open until the client gives up or the server closes), and randomFaults()
// turns on a seeded random mode for chaos tests: each resource request, with probability `rate`,
// gets one fault of the kinds a real API server or the network between produces:
//   500 InternalError; 429 TooManyRequests with Retry-After; 409 Conflict (patches only, others
//   get a 500); a slow answer (served normally after a delay); for watches, a stream that ends
//   soon after it starts, normally or by a reset connection.
// An error fault answers before the request is served, so nothing was written, as when an API
// server rejects a request. The same seed gives the same faults for the same request sequence.
// Stable surface (tests rely on it): randomFaults({ rate, seed, retryAfterSeconds?, slowMs? }),
// randomFaults(undefined) to turn it off, and the `fault` field on the recorded SimRequest.
import type { ResourceInfo } from "./resources.js";
import { rbacVerb, type Target } from "./routing.js";
import { forbidden, injectedFailure, type StatusError } from "./status.js";
import type { FailMatch, FailStatus, SimRequest } from "./types.js";

interface PendingFailure {
  match: FailMatch;
  status: FailStatus;
  remaining: number;
  retryAfterSeconds: number;
}

function kindMatches(wanted: string | undefined, info: ResourceInfo): boolean {
  if (wanted === undefined) return true;
  const lower = wanted.toLowerCase();
  return lower === info.kind.toLowerCase() || lower === info.resource || info.shortNames.includes(lower);
}

export interface RandomFaultOptions {
  /** Probability in [0, 1] that a resource request gets a fault. */
  rate: number;
  seed: number;
  /** Retry-After of an injected 429 (default 1). */
  retryAfterSeconds?: number;
  /** Delay of a slow answer (default 300 ms). */
  slowMs?: number;
}

/** What the server does instead of (or before) serving a request normally. */
export type FaultAction =
  | { type: "error"; error: StatusError }
  | { type: "slow"; delayMs: number }
  | { type: "drop-watch"; afterMs: number; abrupt: boolean };

/** mulberry32: a small seeded PRNG, so a failing chaos run can be replayed from its seed. */
function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class Faults {
  private readonly pending: PendingFailure[] = [];
  /** "verb resource" -> the names still allowed (a Role's resourceNames; empty: none). */
  private readonly forbidden = new Map<string, ReadonlySet<string>>();
  private readonly hung: FailMatch[] = [];
  private random: { options: RandomFaultOptions; next: () => number } | undefined;

  randomFaults(options: RandomFaultOptions | undefined): void {
    this.random = options ? { options, next: seededRandom(options.seed) } : undefined;
  }

  /** A random fault for this request, if the random mode is on and the dice say so. */
  pickRandom(request: SimRequest, target: Target): FaultAction | undefined {
    if (!this.random) return undefined;
    const { options, next } = this.random;
    if (next() >= options.rate) return undefined;
    const { info, namespace, name } = target;
    const verb = rbacVerb(request.verb);
    const roll = next();
    if (request.verb === "watch") {
      if (roll < 0.5) return { type: "drop-watch", afterMs: Math.floor(next() * 200), abrupt: roll < 0.25 };
      if (roll < 0.75) return { type: "slow", delayMs: options.slowMs ?? 300 };
      return { type: "error", error: injectedFailure(500, info, verb, namespace, name, 1) };
    }
    const retryAfter = options.retryAfterSeconds ?? 1;
    if (roll < 0.3)
      return { type: "error", error: injectedFailure(500, info, verb, namespace, name, retryAfter) };
    if (roll < 0.55)
      return { type: "error", error: injectedFailure(429, info, verb, namespace, name, retryAfter) };
    if (roll < 0.75) {
      const code = verb === "patch" ? 409 : 500;
      return { type: "error", error: injectedFailure(code, info, verb, namespace, name, retryAfter) };
    }
    return { type: "slow", delayMs: options.slowMs ?? 300 };
  }

  failNext(match: FailMatch, status: FailStatus, times = 1, retryAfterSeconds = 1): void {
    this.pending.push({ match, status, remaining: times, retryAfterSeconds });
  }

  hang(match: FailMatch): void {
    this.hung.push(match);
  }

  /**
   * Whether hang() holds this request unanswered: a match without a kind holds every request
   * (discovery, access reviews and watches included), one with a kind that resource's requests.
   */
  hangs(request: SimRequest, target: Target | undefined): boolean {
    return this.hung.some(
      (m) =>
        (m.verb === undefined || m.verb === request.verb) &&
        (m.kind === undefined || (target !== undefined && kindMatches(m.kind, target.info))) &&
        (m.name === undefined || m.name === target?.name),
    );
  }

  forbid(verb: string, resource: string, resourceNames: readonly string[] = []): void {
    this.forbidden.set(`${verb.toLowerCase()} ${resource.toLowerCase()}`, new Set(resourceNames));
  }

  /**
   * Whether forbid() denies this RBAC verb on this resource ("deployments", "deployments/scale")
   * for a request or access review naming `name`. As RBAC matches `resourceNames`, only a named
   * request can match them: one without a name (a list, a create by POST, a review that names no
   * object) is denied.
   */
  denies(verb: string, resource: string, name?: string): boolean {
    const key = resource.toLowerCase();
    return [`${verb.toLowerCase()} ${key}`, `* ${key}`].some((rule) => {
      const allowed = this.forbidden.get(rule);
      return allowed !== undefined && !(name !== undefined && allowed.has(name));
    });
  }

  /** The error to answer instead of serving this resource request, if any (consumes a failNext). */
  check(request: SimRequest, target: Target): StatusError | undefined {
    const { info, namespace, name, subresource } = target;
    const resource = subresource ? `${info.resource}/${subresource}` : info.resource;
    const verb = rbacVerb(request.verb);
    if (this.denies(verb, resource, name)) {
      return forbidden(verb, info, namespace, name);
    }
    const index = this.pending.findIndex(
      (p) =>
        (p.match.verb === undefined || p.match.verb === request.verb) &&
        kindMatches(p.match.kind, info) &&
        (p.match.name === undefined || p.match.name === name),
    );
    const hit = this.pending[index];
    if (!hit) return undefined;
    hit.remaining--;
    if (hit.remaining <= 0) this.pending.splice(index, 1);
    return injectedFailure(hit.status, info, verb, namespace, name, hit.retryAfterSeconds);
  }
}
