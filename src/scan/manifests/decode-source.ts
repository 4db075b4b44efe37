// A repository file's bytes as text: UTF-8 without a BOM, or the problem that it is not text (NUL
// bytes, invalid UTF-8) or not the file itself (a Git LFS pointer). Shared by both parses.
import type { ManifestProblem } from "../../core/model.js";

/** The decoded text of a file (BOM dropped), or the problem that it is not text. */
export function decodeSource(
  file: string,
  text: string | Uint8Array,
): { source: string } | { problem: ManifestProblem } {
  const decoded = decodeText(text);
  if (decoded === undefined) {
    return {
      problem: {
        file,
        line: 1,
        col: 1,
        message: "not a text file (contains NUL bytes or invalid UTF-8)",
        severity: "error",
      },
    };
  }
  const lfs = LFS_POINTER.exec(decoded);
  if (lfs) {
    return {
      problem: {
        file,
        line: 1,
        col: 1,
        message: `a Git LFS pointer, not the file itself: its ${lfs[1]} bytes are in LFS storage, which is not read (config-rollout reads git objects), so what this file defines is not in this plan`,
        severity: "warning",
        unread: "a Git LFS pointer",
      },
    };
  }
  return { source: decoded.startsWith("\uFEFF") ? decoded.slice(1) : decoded };
}

/** Whether a file's text is a Git LFS pointer (what git holds for a file tracked by LFS). */
export function isLfsPointer(text: string): boolean {
  return LFS_POINTER.test(text);
}

/** What git commits for a file tracked by Git LFS (https://github.com/git-lfs/git-lfs/blob/main/docs/spec.md). */
const LFS_POINTER =
  /^version https:\/\/git-lfs\.github\.com\/spec\/v1\n(?:[a-z0-9.-]+ [^\n]*\n)*?size (\d+)\n/;

/** One decoder for every file: making one per file cost more than decoding a small file. */
const UTF8 = new TextDecoder("utf-8", { fatal: true });

/** undefined when the content is not text (NUL bytes, invalid UTF-8). */
function decodeText(text: string | Uint8Array): string | undefined {
  let s: string;
  if (typeof text === "string") {
    // U+FFFD is what a lenient decoder leaves for invalid UTF-8.
    s = text;
    if (s.includes("\uFFFD")) return undefined;
  } else {
    try {
      s = UTF8.decode(text);
    } catch {
      return undefined;
    }
  }
  return s.includes("\u0000") ? undefined : s;
}
