// Which strings to register with the runner's log masker. The runner masks exactly the strings it
// is given, and a log line never holds a whole multi-line value: each secret is registered in every
// form a report could quote it in (core/secret-values.ts textForms).
import { textForms } from "../core/secret-values.js";

export function valuesToMask(secrets: readonly string[]): string[] {
  const out = new Set<string>();
  for (const secret of secrets) {
    const trimmed = secret.trim();
    if (trimmed !== "") for (const form of textForms(trimmed)) out.add(form);
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
