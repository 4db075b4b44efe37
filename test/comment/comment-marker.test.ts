import { describe, expect, test } from "vitest";
import { commentMarker, encodeCommentId, isCommentFor } from "../../src/comment/comment-marker.js";

describe("encodeCommentId", () => {
  test.each([
    ["deploy/config-rollout", "deploy/config-rollout"],
    ["prod cluster", "prod%20cluster"],
    ["a-->b", "a-%2D%3Eb"],
    ["deploy: [prod, eu]", "deploy:%20%5Bprod,%20eu%5D".replace(",", "%2C")],
    ["zürich", "z%C3%BCrich"],
    ["line\nbreak", "line%0Abreak"],
  ])("%j -> %s", (id, encoded) => {
    expect(encodeCommentId(id)).toBe(encoded);
    expect(commentMarker(id)).toBe(`<!-- config-rollout:plan id=${encoded} -->`);
  });
});

describe("isCommentFor", () => {
  const marker = commentMarker("deploy/rollout");
  test.each([
    [`${marker}\n\n### config-rollout`, true],
    [`\r\n  ${marker}  \r\n### edited by a person\r\n\r\nand more`, true],
    [marker, true],
    [`Look: ${marker}`, false],
    [`> ${marker}`, false],
    [`text\n${marker}\n`, false],
    [`${commentMarker("deploy/other")}\n`, false],
    [`${marker.replace(" -->", "")}x -->\n`, false],
    ["", false],
  ])("%j: %s", (body, ours) => {
    expect(isCommentFor(body, "deploy/rollout")).toBe(ours);
  });
});
