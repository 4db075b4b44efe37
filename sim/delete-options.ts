// DELETE requests may carry a DeleteOptions body instead of query parameters (`kubectl delete
// --dry-run=server` sends {"dryRun":["All"]} there); the real server honours either.
import { isRecord } from "./json.js";
import { badRequest } from "./status.js";

export function deleteDryRun(queryDryRun: boolean, body: string): boolean {
  if (queryDryRun || body.trim() === "") return queryDryRun;
  let options: unknown;
  try {
    options = JSON.parse(body);
  } catch (error) {
    throw badRequest(`error decoding DeleteOptions: ${(error as Error).message}`);
  }
  if (!isRecord(options) || options.dryRun === undefined) return false;
  const values = Array.isArray(options.dryRun) ? options.dryRun : [options.dryRun];
  for (const value of values) {
    if (value !== "All") throw badRequest(`Unsupported value: "${String(value)}": supported values: "All"`);
  }
  return values.length > 0;
}
