// Adapter: the webhook payload of the event that started the workflow (GITHUB_EVENT_PATH).
import { readFile } from "node:fs/promises";
import { UserError } from "../errors.js";

/** The parsed payload, or undefined when GITHUB_EVENT_PATH is not set (a local run). */
export async function readEventPayload(env: Record<string, string | undefined>): Promise<unknown> {
  const path = env.GITHUB_EVENT_PATH;
  if (!path) return undefined;
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    throw new UserError(
      `GITHUB_EVENT_PATH ${path} cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`,
    );
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new UserError(`GITHUB_EVENT_PATH ${path} is not valid JSON: ${(error as Error).message}`);
  }
}
