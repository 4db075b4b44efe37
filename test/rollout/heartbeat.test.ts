// The progress line of a silent wait: due 30 s after the wait's last line, on the dot (a polling
// interval let the first one slip by up to 10 s), and never after the wait stopped.
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { startHeartbeat } from "../../src/rollout/heartbeat.js";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

test("the first progress line comes 30 s after the wait's last line, not up to 10 s later", () => {
  const lines: string[] = [];
  const beat = startHeartbeat(
    70_000,
    (waited, left) => `still waiting (waited ${waited}, ${left} left)`,
    (line) => lines.push(line),
  );
  vi.advanceTimersByTime(200);
  beat.printed(); // a status line of the wait itself at 0.2 s
  vi.advanceTimersByTime(29_999);
  expect(lines).toEqual([]);
  vi.advanceTimersByTime(1);
  expect(lines).toEqual(["still waiting (waited 30s, 40s left)"]);
  vi.advanceTimersByTime(30_000);
  expect(lines).toHaveLength(2);
  beat.stop();
  beat.printed();
  vi.advanceTimersByTime(120_000);
  expect(lines).toHaveLength(2);
});
