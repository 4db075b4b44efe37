// Refs come from flags, CI variables and event payloads: never let one be read as an option.

import { UserError } from "../core/errors.js";

export function assertSafeRef(ref: string): void {
  if (ref === "") throw new UserError("empty ref: expected a commit SHA, branch or tag");
  if (ref.startsWith("-")) throw new UserError(`ref ${JSON.stringify(ref)} must not start with '-'`);
  // A NUL or newline cannot be part of a ref name and would break line-based git input.
  if (/[\0\n\r]/.test(ref)) throw new UserError(`ref ${JSON.stringify(ref)} contains a control character`);
}
