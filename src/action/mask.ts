// Which strings to register with the runner's log masker. The runner masks exactly the strings it
// is given, and a log line never holds a whole multi-line value: a PEM key or a kubeconfig is only
// masked where each opaque line of it is registered too. Copies that appear JSON-escaped (a value
// quoted inside a JSON error body) are registered as well.

import { decodeKubeconfigData, describeCredential } from "../kube/kubeconfig-source.js";
import { OPTIONS } from "../settings/options.js";
import type { RawValues } from "../settings/settings.js";

/** Lines shorter than this are too common to mask without garbling the log. */
const MIN_LINE = 16;

export function valuesToMask(secrets: readonly string[]): string[] {
  const out = new Set<string>();
  for (const secret of secrets) {
    const trimmed = secret.trim();
    if (trimmed === "") continue;
    out.add(trimmed);
    const escaped = JSON.stringify(trimmed).slice(1, -1);
    if (escaped !== trimmed) out.add(escaped);
    for (const line of trimmed.split(/\r?\n/)) {
      const part = line.trim();
      // Opaque lines (base64 bodies, tokens) only: "apiVersion: v1" or "-----BEGIN ...-----" are not secret.
      if (part.length >= MIN_LINE && /^[A-Za-z0-9+/=_.~-]+$/.test(part)) out.add(part);
    }
  }
  return [...out];
}

/** The masker of one step: each value registered once (the runner would echo a mask command per call). */
export function createMasker(setSecret: (value: string) => void): (secrets: readonly string[]) => void {
  const masked = new Set<string>();
  return (secrets) => {
    for (const value of valuesToMask(secrets)) {
      if (masked.has(value)) continue;
      masked.add(value);
      setSecret(value);
    }
  };
}

/**
 * Mask before anything can be logged: the credential inputs as given, then every copy derived from
 * them (a base64 kubeconfig decoded; a credential pasted where a path belongs, never echoed).
 */
export function maskInputs(
  raw: RawValues,
  githubToken: string,
  mask: (secrets: readonly string[]) => void,
): void {
  mask([...OPTIONS.filter((o) => o.secret).map((o) => raw[o.name] ?? ""), githubToken]);
  if (raw["kubeconfig-data"]) mask([tryDecodeKubeconfig(raw["kubeconfig-data"])]);
  if (raw.kubeconfig && describeCredential(raw.kubeconfig))
    mask([raw.kubeconfig, tryDecodeKubeconfig(raw.kubeconfig)]);
}

/** The decoded text of a base64 kubeconfig, masked even when it is no valid kubeconfig. */
function tryDecodeKubeconfig(value: string): string {
  try {
    return decodeKubeconfigData(value, "kubeconfig-data");
  } catch {
    const decoded = Buffer.from(value.replace(/\s+/g, ""), "base64").toString("utf8");
    // A few bytes of decoded noise are no secret, and masking them would garble the log.
    return decoded.trim().length >= 16 ? decoded : "";
  }
}
