// Free of @kubernetes/client-node on purpose: the wait loop branches on it without loading the client.
import { UserError } from "../core/errors.js";

/** An API answer other than success, carried with its HTTP status for callers that branch on it. */
export class KubeApiError extends UserError {
  override name = "KubeApiError";
  constructor(
    message: string,
    readonly status: number | undefined,
  ) {
    super(message);
  }
}
