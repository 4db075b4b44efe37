// Commit the files `stamp` changed and push them to a pull request's branch (the action's
// `commit: true`). Only when something changed: a second run finds nothing to commit and pushes
// nothing, so stamping cannot loop. The token goes to git through the environment
// (GIT_CONFIG_COUNT), never on a command line another process could read.

import { shortSha } from "../core/commit-sha.js";
import { UserError } from "../core/errors.js";
import { GitExitError, spawnGit } from "./spawn-git.js";

interface StampCommit {
  /** Paths relative to the repository root that stamp wrote. */
  files: readonly string[];
  message: string;
  /** The branch to push to (refs/heads/<branch> on `remote`). */
  branch: string;
  /** The commit the checkout must be on: the pull request's head. */
  expectedHead: string;
  remote?: string;
  /** The workflow's token; undefined uses whatever credentials the checkout left. */
  token?: string;
  /** Host the token is for (its http.<url>.extraheader): GITHUB_SERVER_URL. */
  serverUrl?: string;
}

export type StampCommitResult = { committed: false } | { committed: true; sha: string };

// biome-ignore lint/suspicious/noTemplateCurlyInString: the workflow expression the message asks for
const HEAD_REF = "${{ github.head_ref }}";

/** The identity GitHub shows for commits made with the workflow's token. */
const BOT = [
  "-c",
  "user.name=github-actions[bot]",
  "-c",
  "user.email=41898282+github-actions[bot]@users.noreply.github.com",
];

export async function commitStamps(
  root: string,
  request: StampCommit,
  /** --git-timeout: the push, for one, is stopped once it prints nothing for this long. */
  idleTimeoutMs: number,
): Promise<StampCommitResult> {
  const run = async (args: string[], env?: Record<string, string>) =>
    (await spawnGit(root, args, { idleTimeoutMs, ...(env ? { env } : {}) })).stdout.toString("utf8").trim();
  const head = await run(["rev-parse", "HEAD"]);
  if (head !== request.expectedHead) {
    throw new UserError(
      `commit: true: the checkout is at ${shortSha(head)}, not the pull request's head ${shortSha(request.expectedHead)} ` +
        `(actions/checkout checks out a merge commit by default): check out its branch with \`ref: ${HEAD_REF}\``,
    );
  }
  if (request.files.length === 0) return { committed: false };
  const pathspecs = ["--", ...request.files.map((f) => `:(literal)${f}`)];
  const status = await run(["status", "--porcelain", ...pathspecs]);
  if (status === "") return { committed: false };
  await run(["add", ...pathspecs]);
  await run([...BOT, "commit", "--quiet", "--no-verify", "-m", request.message, ...pathspecs]);
  const sha = await run(["rev-parse", "HEAD"]);
  try {
    const target = `HEAD:refs/heads/${request.branch}`;
    // actions/checkout leaves the same token as an extraheader: a second one would be refused.
    const own = await spawnGit(root, ["config", "--get-all", `http.${serverUrl(request)}.extraheader`], {
      okExitCodes: [1],
      idleTimeoutMs,
    });
    const env = own.exitCode === 0 ? undefined : tokenEnv(request);
    await run(["push", "--quiet", request.remote ?? "origin", target], env);
  } catch (error) {
    // A rejected push (the branch moved on, no contents: write permission) fails the step clearly.
    if (!(error instanceof GitExitError)) throw error;
    throw new UserError(
      `commit: true: pushing the stamps to ${request.branch} failed (${error.message.split("\n")[0]}); ` +
        "the job needs permissions: contents: write, and the branch must not have moved on since the checkout",
    );
  }
  return { committed: true, sha };
}

function tokenEnv(request: StampCommit): Record<string, string> | undefined {
  if (!request.token) return undefined;
  const url = serverUrl(request);
  const basic = Buffer.from(`x-access-token:${request.token}`, "utf8").toString("base64");
  return {
    GIT_CONFIG_COUNT: "1",
    GIT_CONFIG_KEY_0: `http.${url}.extraheader`,
    GIT_CONFIG_VALUE_0: `AUTHORIZATION: basic ${basic}`,
  };
}

function serverUrl(request: StampCommit): string {
  return `${(request.serverUrl ?? "https://github.com").replace(/\/+$/, "")}/`;
}
