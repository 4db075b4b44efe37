// What `git grep` is given to search for. git tries every pattern of a search against every file,
// one pattern after another, so a search for 100 names as 100 fixed strings takes longer over a
// large tree than a search for one, and one for 3,000 names takes seconds. The names go in
// instead as a few alternations ("a|b|c"), each a single regular expression git matches in one
// pass: 100 names cost what one does, 3,000 names about twice that (bench/RESULTS.md).

/**
 * How the names are written:
 * - "perl": alternations git hands to PCRE2 (`-P`), the fastest where git was built with it;
 * - "extended": alternations as POSIX extended expressions (`-E`), for a git built without PCRE;
 * - "fixed": one fixed string per line (`-F`), for names a pattern cannot safely spell.
 */
export type PatternSyntax = "perl" | "extended" | "fixed";

/**
 * One alternation stays under this many characters: PCRE2 refuses a compiled pattern past 64 KiB
 * (git's default build) and slows well before it; measured on a 20,000-file tree, alternations of
 * 8,000-16,000 characters search fastest.
 */
const MAX_PATTERN_CHARS = 8_000;

/** The flag that tells git how to read the patterns. */
export const SYNTAX_FLAG: Record<PatternSyntax, string> = { perl: "-P", extended: "-E", fixed: "-F" };

/**
 * The syntax to search for `needles` with, given whether git takes Perl patterns. Alternations are
 * spelled only for printable ASCII, where escaping is exact in both regular-expression syntaxes
 * and no locale can change what a character matches; anything else is searched as fixed strings.
 */
export function patternSyntaxFor(needles: readonly string[], perlAvailable: boolean): PatternSyntax {
  if (!needles.every((needle) => /^[\x20-\x7e]+$/.test(needle))) return "fixed";
  return perlAvailable ? "perl" : "extended";
}

/** The lines of a `git grep -f -` pattern file that finds any of `needles` (none empty). */
export function grepPatternLines(needles: readonly string[], syntax: PatternSyntax): string[] {
  if (syntax === "fixed") return [...needles];
  const literalOf = syntax === "perl" ? escapePerl : escapeExtended;
  const lines: string[] = [];
  let current: string[] = [];
  let length = 0;
  for (const needle of needles) {
    const literal = literalOf(needle);
    if (current.length > 0 && length + literal.length + 1 > MAX_PATTERN_CHARS) {
      lines.push(current.join("|"));
      current = [];
      length = 0;
    }
    current.push(literal);
    length += literal.length + 1;
  }
  if (current.length > 0) lines.push(current.join("|"));
  return lines;
}

/** PCRE2: a backslash before any ASCII character that is not a letter or digit makes it literal. */
function escapePerl(text: string): string {
  return text.replace(/[^A-Za-z0-9]/g, "\\$&");
}

/** POSIX ERE defines a backslash only before its special characters; every other one is literal. */
function escapeExtended(text: string): string {
  return text.replace(/[.[\]\\()*+?{}|^$]/g, "\\$&");
}
