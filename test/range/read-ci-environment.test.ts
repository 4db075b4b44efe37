import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { UserError } from "../../src/core/errors.js";
import { eventReader } from "../../src/range/github-event.js";
import { readCiEnvironment } from "../../src/range/read-ci-environment.js";
import { resolveRange } from "../../src/range/resolve-range.js";
import { loadFixture } from "./ci-fixtures.js";

describe("readCiEnvironment", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "config-rollout-ci-"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  test("reads the GitHub event payload named by GITHUB_EVENT_PATH", async () => {
    const { env, event } = loadFixture("github", "push");
    const input = await readCiEnvironment({}, env);
    expect(input.event).toEqual(event);
    expect(input.env.GITHUB_EVENT_NAME).toBe("push");
  });

  test("does not carry unrelated variables such as secrets", async () => {
    const input = await readCiEnvironment(
      {},
      { GITLAB_CI: "true", CI_COMMIT_SHA: "abc", DB_PASSWORD: "hunter2" },
    );
    expect(input.env).toEqual({ GITLAB_CI: "true", CI_COMMIT_SHA: "abc" });
  });

  test("a missing event file is a clear error naming it", async () => {
    const path = join(dir, "nope.json");
    await expect(readCiEnvironment({}, { GITHUB_ACTIONS: "true", GITHUB_EVENT_PATH: path })).rejects.toThrow(
      new UserError(`GITHUB_EVENT_PATH ${path} cannot be read (no such file)`),
    );
  });

  test("an event file that is not JSON is a clear error naming it", async () => {
    const path = join(dir, "broken.json");
    await writeFile(path, "{ not json");
    const result = readCiEnvironment({}, { GITHUB_ACTIONS: "true", GITHUB_EVENT_PATH: path });
    await expect(result).rejects.toBeInstanceOf(UserError);
    await expect(result).rejects.toThrow(`GITHUB_EVENT_PATH ${path} is not valid JSON`);
  });

  test("with --base and --head given the event file is not needed", async () => {
    const input = await readCiEnvironment(
      { base: "a", head: "b" },
      { GITHUB_ACTIONS: "true", GITHUB_EVENT_PATH: join(dir, "nope.json") },
    );
    expect(input.event).toBeUndefined();
  });

  test("outside GitHub the event file is not read", async () => {
    const input = await readCiEnvironment({}, { GITHUB_EVENT_PATH: join(dir, "nope.json") });
    expect(input.event).toBeUndefined();
  });

  test("the event file is read once per run: the range takes the payload another part already read", async () => {
    const { env, event } = loadFixture("github", "push");
    const path = join(dir, "once.json");
    await writeFile(path, JSON.stringify(event));
    const readEvent = eventReader({ ...env, GITHUB_EVENT_PATH: path });
    const first = await readEvent();
    // Gone after the first read (the action's trust policy): the range must not read it again.
    await rm(path);
    const input = await readCiEnvironment({}, { ...env, GITHUB_EVENT_PATH: path }, readEvent);
    expect(input.event).toEqual(event);
    expect(await readEvent()).toBe(first);
  });

  test("the CI system is told once: the range follows what readCiEnvironment detected", async () => {
    const input = await readCiEnvironment({}, { GITLAB_CI: "true" });
    expect(input.ci).toBe("gitlab");
    expect((await readCiEnvironment({}, {})).ci).toBe("local");
    // resolveRange does not look at the variables again when the kind is given.
    expect(resolveRange({ ...input, env: { GITHUB_ACTIONS: "true" }, ci: "local" })).toMatchObject({
      kind: "first-parent",
      head: "HEAD",
    });
  });
});
