// Adapter: the webhook payload of the event that started the workflow (GITHUB_EVENT_PATH). The range
// (read-ci-environment.ts) and the action's trust policy both read it through here.
import { readFileSync } from "node:fs";
import { UserError } from "../core/errors.js";

/**
 * The payload, read at most once however many parts of a run ask (the range, the action's trust
 * policy, the pull request comment): every call of the reader returns the same read.
 */
export function eventReader(env: Record<string, string | undefined>): () => Promise<unknown> {
  let read: Promise<unknown> | undefined;
  return () => {
    read ??= readEventPayload(env);
    return read;
  };
}

/** The parsed payload, or undefined when GITHUB_EVENT_PATH is not set (a local run). */
export async function readEventPayload(env: Record<string, string | undefined>): Promise<unknown> {
  const path = env.GITHUB_EVENT_PATH;
  return path ? readEventFile(path) : undefined;
}

async function readEventFile(path: string): Promise<unknown> {
  let text: string;
  try {
    // Read once per run, at its start (eventReader): node:fs/promises is not loaded for it.
    text = readFileSync(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UserError(
      `GITHUB_EVENT_PATH ${path} cannot be read (${code === "ENOENT" ? "no such file" : (code ?? String(error))})`,
    );
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new UserError(`GITHUB_EVENT_PATH ${path} is not valid JSON: ${(error as Error).message}`);
  }
}
