// SelfSubjectAccessReview (POST /apis/authorization.k8s.io/v1/selfsubjectaccessreviews): "can I?"
// answered from the same forbid() rules the server enforces, so a client can check its permissions
// before writing and get the answer the real request would get (kubectl auth can-i uses it too).
import type { Faults } from "./faults.js";

export const ACCESS_REVIEW_PATH = "/apis/authorization.k8s.io/v1/selfsubjectaccessreviews";

interface ResourceAttributes {
  verb?: string;
  group?: string;
  resource?: string;
  subresource?: string;
  namespace?: string;
  name?: string;
}

/** The review as the API server returns it (201 Created, not stored). */
export function reviewAccess(body: string, faults: Faults): { status: number; payload: unknown } {
  let review: { spec?: { resourceAttributes?: ResourceAttributes; nonResourceAttributes?: unknown } };
  try {
    review = JSON.parse(body || "{}");
  } catch {
    return {
      status: 400,
      payload: {
        kind: "Status",
        apiVersion: "v1",
        status: "Failure",
        message: "the body of the request was in an unknown format",
        reason: "BadRequest",
        code: 400,
      },
    };
  }
  const attributes = review.spec?.resourceAttributes;
  const resource = attributes?.subresource
    ? `${attributes.resource}/${attributes.subresource}`
    : attributes?.resource;
  const denied =
    attributes !== undefined &&
    faults.denies(attributes.verb ?? "", resource ?? "", attributes.name || undefined);
  return {
    status: 201,
    payload: {
      kind: "SelfSubjectAccessReview",
      apiVersion: "authorization.k8s.io/v1",
      metadata: { creationTimestamp: null },
      spec: review.spec ?? {},
      status: denied
        ? { allowed: false, denied: true, reason: "forbidden by the simulated cluster's RBAC (forbid())" }
        : { allowed: true, reason: "allowed by the simulated cluster" },
    },
  };
}
