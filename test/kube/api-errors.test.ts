import { ApiException } from "@kubernetes/client-node";
import { expect, test } from "vitest";
import { UserError } from "../../src/core/errors.js";
import { describeKubeError, type RequestDescription } from "../../src/kube/api-errors.js";
import { RequestTimeoutError } from "../../src/kube/retry.js";

const req: RequestDescription = {
  verb: "patch",
  resource: "deployments.apps",
  namespace: "prod",
  name: "web",
  context: "ci",
  server: "https://k8s.example:6443",
};

const status = (code: number, extra: Record<string, unknown>) =>
  JSON.stringify({ kind: "Status", apiVersion: "v1", status: "Failure", code, ...extra });

test.each<[string, unknown, number, string]>([
  [
    "401",
    new ApiException(401, "Unauthorized", undefined, {}),
    1,
    "the server rejected the credentials of context ci (401 Unauthorized)",
  ],
  [
    "403 with Status details",
    new ApiException(
      403,
      "x",
      status(403, {
        reason: "Forbidden",
        message: 'deployments.apps "web" is forbidden: User "ci" cannot patch resource "deployments"',
        details: { name: "web", group: "apps", kind: "deployments" },
      }),
      {},
    ),
    1,
    'forbidden: context ci cannot patch deployments.apps in namespace prod: deployments.apps "web" is forbidden: User "ci" cannot patch resource "deployments"',
  ],
  [
    "403 without a body",
    new ApiException(403, "x", undefined, {}),
    1,
    "forbidden: context ci cannot patch deployments.apps in namespace prod",
  ],
  [
    "404",
    new ApiException(404, "x", status(404, { reason: "NotFound" }), {}),
    1,
    'deployments.apps "web" not found in namespace prod (context ci)',
  ],
  [
    "500 after retries",
    new ApiException(500, "x", status(500, { reason: "InternalError", message: "etcd timeout" }), {}),
    6,
    'patch deployments.apps "web" in namespace prod failed (after 6 attempts): the API server answered 500 InternalError: etcd timeout',
  ],
  [
    "422 validation",
    new ApiException(
      422,
      "x",
      status(422, { reason: "Invalid", message: "spec.template: Invalid value" }),
      {},
    ),
    1,
    'patch deployments.apps "web" in namespace prod failed: the API server answered 422 Invalid: spec.template: Invalid value',
  ],
  [
    "connection refused",
    new TypeError("fetch failed", { cause: Object.assign(new Error("connect"), { code: "ECONNREFUSED" }) }),
    6,
    "cannot reach the Kubernetes API at https://k8s.example:6443 (context ci): ECONNREFUSED (after 6 attempts)",
  ],
  [
    "timeout",
    new RequestTimeoutError(30_000),
    1,
    'the Kubernetes API at https://k8s.example:6443 (context ci) did not answer patch deployments.apps "web" in namespace prod within 30s',
  ],
])("%s", (_name, error, attempts, message) => {
  const translated = describeKubeError(error, req, attempts);
  expect(translated).toBeInstanceOf(UserError);
  expect(translated.message).toBe(message);
});

test("the status code stays available to callers", () => {
  expect(describeKubeError(new ApiException(404, "x", undefined, {}), req).status).toBe(404);
});
