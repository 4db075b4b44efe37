// The oldest Node line config-rollout runs on (package.json's engines): on an older one the
// Kubernetes client fails at its first request with an internal error, far from the cause.
const OLDEST_MAJOR = 22;

/** Why this Node cannot run config-rollout, or undefined when it can. */
export function unsupportedNode(version: string): string | undefined {
  if (Number(version.split(".")[0]) >= OLDEST_MAJOR) return undefined;
  return `config-rollout needs Node.js ${OLDEST_MAJOR} or newer, and this is Node.js ${version}: use a node:22 or node:24 image, or actions/setup-node with node-version 24`;
}
