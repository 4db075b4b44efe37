import { ApiException } from "@kubernetes/client-node";
import { describe, expect, test } from "vitest";
import {
  isRetryable,
  RequestTimeoutError,
  retryAfterSeconds,
  retryDelayMs,
  withRetries,
} from "../../src/kube/retry.js";

const api = (code: number, headers: Record<string, string> = {}) =>
  new ApiException(code, "x", undefined, headers);
// What undici's fetch throws when the socket fails: TypeError "fetch failed", the errno error as cause.
const fetchError = (code: string) =>
  new TypeError("fetch failed", { cause: Object.assign(new Error(`connect ${code}`), { code }) });

describe("isRetryable", () => {
  test.each<[string, unknown, boolean]>([
    ["409 conflict", api(409), true],
    ["429 throttled", api(429), true],
    ["500", api(500), true],
    ["503", api(503), true],
    ["timeout", new RequestTimeoutError(1000), true],
    ["connection refused", fetchError("ECONNREFUSED"), true],
    ["connection reset", fetchError("ECONNRESET"), true],
    ["socket closed by the server", fetchError("UND_ERR_SOCKET"), true],
    ["400", api(400), false],
    ["401", api(401), false],
    ["403", api(403), false],
    ["404", api(404), false],
    ["422", api(422), false],
    ["a bug", new TypeError("x is undefined"), false],
  ])("%s → %s", (_name, error, expected) => {
    expect(isRetryable(error)).toBe(expected);
  });
});

test.each<[Record<string, string>, number | undefined]>([
  [{ "retry-after": "3" }, 3],
  [{ "retry-after": " 0 " }, 0],
  [{ "retry-after": "Wed, 21 Oct 2015 07:28:00 GMT" }, undefined],
  [{}, undefined],
])("Retry-After %j → %s seconds", (headers, expected) => {
  expect(retryAfterSeconds(api(429, headers))).toBe(expected);
});

describe("retryDelayMs", () => {
  const policy = { retries: 5, baseDelayMs: 100, maxDelayMs: 1000 };
  test.each<[number, number, number, number]>([
    // attempt, random, expected delay
    [0, 0, 50, 0],
    [0, 1, 100, 0],
    [3, 1, 800, 0],
    [3, 0, 400, 0],
    [10, 1, 1000, 0],
    [10, 0, 500, 0],
  ])("attempt %i with random %f → %i ms", (attempt, random, expected) => {
    expect(retryDelayMs(attempt, undefined, { ...policy, random: () => random })).toBe(expected);
  });

  test("Retry-After wins over a shorter backoff, within its cap", () => {
    expect(retryDelayMs(0, 2, { ...policy, random: () => 1 })).toBe(2000);
    expect(retryDelayMs(0, 600, { ...policy, random: () => 1 })).toBe(30_000);
    expect(retryDelayMs(0, 600, { ...policy, random: () => 1, maxRetryAfterMs: 5000 })).toBe(5000);
  });
});

describe("withRetries", () => {
  const noSleep = { sleep: async () => {}, random: () => 0 };

  test("retries transient failures and returns the eventual answer", async () => {
    const errors = [api(500), api(429), fetchError("ECONNRESET")];
    let calls = 0;
    const result = await withRetries(
      async () => {
        calls++;
        const error = errors.shift();
        if (error) throw error;
        return "ok";
      },
      { retries: 5, ...noSleep },
    );
    expect(result).toBe("ok");
    expect(calls).toBe(4);
  });

  test("starts no retry whose backoff would end at or after the deadline: the last error is final", async () => {
    let clock = 0;
    let calls = 0;
    const failing = withRetries(
      async () => {
        calls++;
        clock += 1_000; // each attempt takes 1 s
        throw new RequestTimeoutError(1_000);
      },
      {
        retries: 5,
        random: () => 0,
        now: () => clock,
        deadlineAt: 2_200,
        sleep: async (ms) => {
          clock += ms;
        },
      },
    );
    await expect(failing).rejects.toBeInstanceOf(RequestTimeoutError);
    // 1 s + 100 ms backoff + 1 s = 2.1 s; the next backoff (200 ms) would end past 2.2 s.
    expect(calls).toBe(2);
    expect(clock).toBe(2_100);
  });

  test("gives up after the retries are used, with the last error", async () => {
    let calls = 0;
    const failing = withRetries(
      async () => {
        calls++;
        throw api(503);
      },
      { retries: 2, ...noSleep },
    );
    await expect(failing).rejects.toMatchObject({ code: 503 });
    expect(calls).toBe(3);
  });

  test("does not retry a final answer", async () => {
    let calls = 0;
    const failing = withRetries(
      async () => {
        calls++;
        throw api(403);
      },
      { retries: 5, ...noSleep },
    );
    await expect(failing).rejects.toMatchObject({ code: 403 });
    expect(calls).toBe(1);
  });

  test("sleeps as long as Retry-After asks", async () => {
    const slept: number[] = [];
    let calls = 0;
    await withRetries(
      async () => {
        if (calls++ === 0) throw api(429, { "retry-after": "4" });
        return "ok";
      },
      { retries: 1, random: () => 0, sleep: async (ms) => void slept.push(ms) },
    );
    expect(slept).toEqual([4000]);
  });
});
