// Which strings to register with the runner's log masker. The runner masks exactly the strings it
// is given, and a log line never holds a whole multi-line value: a PEM key or a kubeconfig is only
// masked where each opaque line of it is registered too. Copies that appear JSON-escaped (a value
// quoted inside a JSON error body) are registered as well.

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
