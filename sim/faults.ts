// Injected failures: failNext() answers the next matching requests with an error Status,
// forbid() answers 403 for an RBAC verb on a resource until the server closes.
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

export class Faults {
  private readonly pending: PendingFailure[] = [];
  private readonly forbidden = new Set<string>();

  failNext(match: FailMatch, status: FailStatus, times = 1, retryAfterSeconds = 1): void {
    this.pending.push({ match, status, remaining: times, retryAfterSeconds });
  }

  forbid(verb: string, resource: string): void {
    this.forbidden.add(`${verb.toLowerCase()} ${resource.toLowerCase()}`);
  }

  /** Whether forbid() denies this RBAC verb on this resource ("deployments", "deployments/scale"). */
  denies(verb: string, resource: string): boolean {
    const key = resource.toLowerCase();
    return this.forbidden.has(`${verb.toLowerCase()} ${key}`) || this.forbidden.has(`* ${key}`);
  }

  /** The error to answer instead of serving this resource request, if any (consumes a failNext). */
  check(request: SimRequest, target: Target): StatusError | undefined {
    const { info, namespace, name, subresource } = target;
    const resource = subresource ? `${info.resource}/${subresource}` : info.resource;
    const verb = rbacVerb(request.verb);
    if (this.denies(verb, resource)) {
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
