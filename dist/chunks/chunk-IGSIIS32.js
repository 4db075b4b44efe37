import { createRequire as __configRolloutCreateRequire } from 'node:module';
const require = __configRolloutCreateRequire(import.meta.url);
import {
  OPTIONS,
  USER_AGENT
} from "./chunk-7KT5MVTH.js";
import {
  findKubeConfigSource
} from "./chunk-7SIMHOYP.js";
import {
  WORKLOAD_GENERATION_ANNOTATION,
  WORKLOAD_KINDS,
  arrayField,
  describeType,
  field,
  isRecord,
  isRestartable,
  isWorkloadKind,
  liveConfigContent,
  podTemplateOf,
  restartableKinds,
  rolloutStatus,
  runningPodTemplateOf,
  skipReasonForKind,
  specUpdateMessage,
  stringField,
  workloadKind,
  workloadKindOf
} from "./chunk-R54AWBXI.js";
import {
  escapeForCiLog,
  escapeJsonForCiLog
} from "./chunk-7NDVFXIG.js";
import {
  ClusterAccessError,
  RolloutFailure,
  UserError,
  isExpectedError
} from "./chunk-IUTW6PJ2.js";
import {
  __commonJS,
  __require,
  __toESM
} from "./chunk-VDSW2JPR.js";

// node_modules/picomatch/lib/constants.js
var require_constants = __commonJS({
  "node_modules/picomatch/lib/constants.js"(exports, module) {
    "use strict";
    var WIN_SLASH = "\\\\/";
    var WIN_NO_SLASH = `[^${WIN_SLASH}]`;
    var DEFAULT_MAX_EXTGLOB_RECURSION = 0;
    var DOT_LITERAL = "\\.";
    var PLUS_LITERAL = "\\+";
    var QMARK_LITERAL = "\\?";
    var SLASH_LITERAL = "\\/";
    var ONE_CHAR = "(?=.)";
    var QMARK = "[^/]";
    var END_ANCHOR = `(?:${SLASH_LITERAL}|$)`;
    var START_ANCHOR = `(?:^|${SLASH_LITERAL})`;
    var DOTS_SLASH = `${DOT_LITERAL}{1,2}${END_ANCHOR}`;
    var NO_DOT = `(?!${DOT_LITERAL})`;
    var NO_DOTS = `(?!${START_ANCHOR}${DOTS_SLASH})`;
    var NO_DOT_SLASH = `(?!${DOT_LITERAL}{0,1}${END_ANCHOR})`;
    var NO_DOTS_SLASH = `(?!${DOTS_SLASH})`;
    var QMARK_NO_DOT = `[^.${SLASH_LITERAL}]`;
    var STAR = `${QMARK}*?`;
    var SEP = "/";
    var POSIX_CHARS = {
      DOT_LITERAL,
      PLUS_LITERAL,
      QMARK_LITERAL,
      SLASH_LITERAL,
      ONE_CHAR,
      QMARK,
      END_ANCHOR,
      DOTS_SLASH,
      NO_DOT,
      NO_DOTS,
      NO_DOT_SLASH,
      NO_DOTS_SLASH,
      QMARK_NO_DOT,
      STAR,
      START_ANCHOR,
      SEP
    };
    var WINDOWS_CHARS = {
      ...POSIX_CHARS,
      SLASH_LITERAL: `[${WIN_SLASH}]`,
      QMARK: WIN_NO_SLASH,
      STAR: `${WIN_NO_SLASH}*?`,
      DOTS_SLASH: `${DOT_LITERAL}{1,2}(?:[${WIN_SLASH}]|$)`,
      NO_DOT: `(?!${DOT_LITERAL})`,
      NO_DOTS: `(?!(?:^|[${WIN_SLASH}])${DOT_LITERAL}{1,2}(?:[${WIN_SLASH}]|$))`,
      NO_DOT_SLASH: `(?!${DOT_LITERAL}{0,1}(?:[${WIN_SLASH}]|$))`,
      NO_DOTS_SLASH: `(?!${DOT_LITERAL}{1,2}(?:[${WIN_SLASH}]|$))`,
      QMARK_NO_DOT: `[^.${WIN_SLASH}]`,
      START_ANCHOR: `(?:^|[${WIN_SLASH}])`,
      END_ANCHOR: `(?:[${WIN_SLASH}]|$)`,
      SEP: "\\"
    };
    var POSIX_REGEX_SOURCE = {
      __proto__: null,
      alnum: "a-zA-Z0-9",
      alpha: "a-zA-Z",
      ascii: "\\x00-\\x7F",
      blank: " \\t",
      cntrl: "\\x00-\\x1F\\x7F",
      digit: "0-9",
      graph: "\\x21-\\x7E",
      lower: "a-z",
      print: "\\x20-\\x7E ",
      punct: "\\-!\"#$%&'()\\*+,./:;<=>?@[\\]^_`{|}~",
      space: " \\t\\r\\n\\v\\f",
      upper: "A-Z",
      word: "A-Za-z0-9_",
      xdigit: "A-Fa-f0-9"
    };
    module.exports = {
      DEFAULT_MAX_EXTGLOB_RECURSION,
      MAX_LENGTH: 1024 * 64,
      POSIX_REGEX_SOURCE,
      // regular expressions
      REGEX_BACKSLASH: /\\(?![*+?^${}(|)[\]])/g,
      REGEX_NON_SPECIAL_CHARS: /^[^@![\].,$*+?^{}()|\\/]+/,
      REGEX_SPECIAL_CHARS: /[-*+?.^${}(|)[\]]/,
      REGEX_SPECIAL_CHARS_BACKREF: /(\\?)((\W)(\3*))/g,
      REGEX_SPECIAL_CHARS_GLOBAL: /([-*+?.^${}(|)[\]])/g,
      REGEX_REMOVE_BACKSLASH: /(?:\[.*?[^\\]\]|\\(?=.))/g,
      // Replace globs with equivalent patterns to reduce parsing time.
      REPLACEMENTS: {
        __proto__: null,
        "***": "*",
        "**/**": "**",
        "**/**/**": "**"
      },
      // Digits
      CHAR_0: 48,
      /* 0 */
      CHAR_9: 57,
      /* 9 */
      // Alphabet chars.
      CHAR_UPPERCASE_A: 65,
      /* A */
      CHAR_LOWERCASE_A: 97,
      /* a */
      CHAR_UPPERCASE_Z: 90,
      /* Z */
      CHAR_LOWERCASE_Z: 122,
      /* z */
      CHAR_LEFT_PARENTHESES: 40,
      /* ( */
      CHAR_RIGHT_PARENTHESES: 41,
      /* ) */
      CHAR_ASTERISK: 42,
      /* * */
      // Non-alphabetic chars.
      CHAR_AMPERSAND: 38,
      /* & */
      CHAR_AT: 64,
      /* @ */
      CHAR_BACKWARD_SLASH: 92,
      /* \ */
      CHAR_CARRIAGE_RETURN: 13,
      /* \r */
      CHAR_CIRCUMFLEX_ACCENT: 94,
      /* ^ */
      CHAR_COLON: 58,
      /* : */
      CHAR_COMMA: 44,
      /* , */
      CHAR_DOT: 46,
      /* . */
      CHAR_DOUBLE_QUOTE: 34,
      /* " */
      CHAR_EQUAL: 61,
      /* = */
      CHAR_EXCLAMATION_MARK: 33,
      /* ! */
      CHAR_FORM_FEED: 12,
      /* \f */
      CHAR_FORWARD_SLASH: 47,
      /* / */
      CHAR_GRAVE_ACCENT: 96,
      /* ` */
      CHAR_HASH: 35,
      /* # */
      CHAR_HYPHEN_MINUS: 45,
      /* - */
      CHAR_LEFT_ANGLE_BRACKET: 60,
      /* < */
      CHAR_LEFT_CURLY_BRACE: 123,
      /* { */
      CHAR_LEFT_SQUARE_BRACKET: 91,
      /* [ */
      CHAR_LINE_FEED: 10,
      /* \n */
      CHAR_NO_BREAK_SPACE: 160,
      /* \u00A0 */
      CHAR_PERCENT: 37,
      /* % */
      CHAR_PLUS: 43,
      /* + */
      CHAR_QUESTION_MARK: 63,
      /* ? */
      CHAR_RIGHT_ANGLE_BRACKET: 62,
      /* > */
      CHAR_RIGHT_CURLY_BRACE: 125,
      /* } */
      CHAR_RIGHT_SQUARE_BRACKET: 93,
      /* ] */
      CHAR_SEMICOLON: 59,
      /* ; */
      CHAR_SINGLE_QUOTE: 39,
      /* ' */
      CHAR_SPACE: 32,
      /*   */
      CHAR_TAB: 9,
      /* \t */
      CHAR_UNDERSCORE: 95,
      /* _ */
      CHAR_VERTICAL_LINE: 124,
      /* | */
      CHAR_ZERO_WIDTH_NOBREAK_SPACE: 65279,
      /* \uFEFF */
      /**
       * Create EXTGLOB_CHARS
       */
      extglobChars(chars) {
        return {
          "!": { type: "negate", open: "(?:(?!(?:", close: `))${chars.STAR})` },
          "?": { type: "qmark", open: "(?:", close: ")?" },
          "+": { type: "plus", open: "(?:", close: ")+" },
          "*": { type: "star", open: "(?:", close: ")*" },
          "@": { type: "at", open: "(?:", close: ")" }
        };
      },
      /**
       * Create GLOB_CHARS
       */
      globChars(win32) {
        return win32 === true ? WINDOWS_CHARS : POSIX_CHARS;
      }
    };
  }
});

// node_modules/picomatch/lib/utils.js
var require_utils = __commonJS({
  "node_modules/picomatch/lib/utils.js"(exports) {
    "use strict";
    var {
      REGEX_BACKSLASH,
      REGEX_REMOVE_BACKSLASH,
      REGEX_SPECIAL_CHARS,
      REGEX_SPECIAL_CHARS_GLOBAL
    } = require_constants();
    exports.isObject = (val) => val !== null && typeof val === "object" && !Array.isArray(val);
    exports.hasRegexChars = (str) => REGEX_SPECIAL_CHARS.test(str);
    exports.isRegexChar = (str) => str.length === 1 && exports.hasRegexChars(str);
    exports.escapeRegex = (str) => str.replace(REGEX_SPECIAL_CHARS_GLOBAL, "\\$1");
    exports.toPosixSlashes = (str) => str.replace(REGEX_BACKSLASH, "/");
    exports.isWindows = () => {
      if (typeof navigator !== "undefined" && navigator.platform) {
        const platform = navigator.platform.toLowerCase();
        return platform === "win32" || platform === "windows";
      }
      if (typeof process !== "undefined" && process.platform) {
        return process.platform === "win32";
      }
      return false;
    };
    exports.removeBackslashes = (str) => {
      return str.replace(REGEX_REMOVE_BACKSLASH, (match) => {
        return match === "\\" ? "" : match;
      });
    };
    exports.escapeLast = (input, char, lastIdx) => {
      const idx = input.lastIndexOf(char, lastIdx);
      if (idx === -1) return input;
      if (input[idx - 1] === "\\") return exports.escapeLast(input, char, idx - 1);
      return `${input.slice(0, idx)}\\${input.slice(idx)}`;
    };
    exports.removePrefix = (input, state = {}) => {
      let output = input;
      if (output.startsWith("./")) {
        output = output.slice(2);
        state.prefix = "./";
      }
      return output;
    };
    exports.wrapOutput = (input, state = {}, options = {}) => {
      const prepend = options.contains ? "" : "^";
      const append = options.contains ? "" : "$";
      let output = `${prepend}(?:${input})${append}`;
      if (state.negated === true) {
        output = `(?:^(?!${output}).*$)`;
      }
      return output;
    };
    exports.basename = (path, { windows } = {}) => {
      const segs = path.split(windows ? /[\\/]/ : "/");
      const last = segs[segs.length - 1];
      if (last === "") {
        return segs[segs.length - 2];
      }
      return last;
    };
  }
});

// node_modules/picomatch/lib/scan.js
var require_scan = __commonJS({
  "node_modules/picomatch/lib/scan.js"(exports, module) {
    "use strict";
    var utils = require_utils();
    var {
      CHAR_ASTERISK,
      /* * */
      CHAR_AT,
      /* @ */
      CHAR_BACKWARD_SLASH,
      /* \ */
      CHAR_COMMA,
      /* , */
      CHAR_DOT,
      /* . */
      CHAR_EXCLAMATION_MARK,
      /* ! */
      CHAR_FORWARD_SLASH,
      /* / */
      CHAR_LEFT_CURLY_BRACE,
      /* { */
      CHAR_LEFT_PARENTHESES,
      /* ( */
      CHAR_LEFT_SQUARE_BRACKET,
      /* [ */
      CHAR_PLUS,
      /* + */
      CHAR_QUESTION_MARK,
      /* ? */
      CHAR_RIGHT_CURLY_BRACE,
      /* } */
      CHAR_RIGHT_PARENTHESES,
      /* ) */
      CHAR_RIGHT_SQUARE_BRACKET
      /* ] */
    } = require_constants();
    var isPathSeparator = (code) => {
      return code === CHAR_FORWARD_SLASH || code === CHAR_BACKWARD_SLASH;
    };
    var depth = (token) => {
      if (token.isPrefix !== true) {
        token.depth = token.isGlobstar ? Infinity : 1;
      }
    };
    var scan = (input, options) => {
      const opts = options || {};
      const length = input.length - 1;
      const scanToEnd = opts.parts === true || opts.tokens === true || opts.scanToEnd === true;
      const slashes = [];
      const tokens = [];
      const parts = [];
      let str = input;
      let index = -1;
      let start = 0;
      let lastIndex = 0;
      let isBrace = false;
      let isBracket = false;
      let isGlob = false;
      let isExtglob = false;
      let isGlobstar = false;
      let braceEscaped = false;
      let backslashes = false;
      let negated = false;
      let negatedExtglob = false;
      let finished = false;
      let braces = 0;
      let prev;
      let code;
      let token = { value: "", depth: 0, isGlob: false };
      const eos = () => index >= length;
      const peek = () => str.charCodeAt(index + 1);
      const advance = () => {
        prev = code;
        return str.charCodeAt(++index);
      };
      while (index < length) {
        code = advance();
        let next;
        if (code === CHAR_BACKWARD_SLASH) {
          backslashes = token.backslashes = true;
          code = advance();
          if (code === CHAR_LEFT_CURLY_BRACE) {
            braceEscaped = true;
          }
          continue;
        }
        if (braceEscaped === true || code === CHAR_LEFT_CURLY_BRACE) {
          braces++;
          while (eos() !== true && (code = advance())) {
            if (code === CHAR_BACKWARD_SLASH) {
              backslashes = token.backslashes = true;
              advance();
              continue;
            }
            if (code === CHAR_LEFT_CURLY_BRACE) {
              braces++;
              continue;
            }
            if (braceEscaped !== true && code === CHAR_DOT && (code = advance()) === CHAR_DOT) {
              isBrace = token.isBrace = true;
              isGlob = token.isGlob = true;
              finished = true;
              if (scanToEnd === true) {
                continue;
              }
              break;
            }
            if (braceEscaped !== true && code === CHAR_COMMA) {
              isBrace = token.isBrace = true;
              isGlob = token.isGlob = true;
              finished = true;
              if (scanToEnd === true) {
                continue;
              }
              break;
            }
            if (code === CHAR_RIGHT_CURLY_BRACE) {
              braces--;
              if (braces === 0) {
                braceEscaped = false;
                isBrace = token.isBrace = true;
                finished = true;
                break;
              }
            }
          }
          if (scanToEnd === true) {
            continue;
          }
          break;
        }
        if (code === CHAR_FORWARD_SLASH) {
          slashes.push(index);
          tokens.push(token);
          token = { value: "", depth: 0, isGlob: false };
          if (finished === true) continue;
          if (prev === CHAR_DOT && index === start + 1) {
            start += 2;
            continue;
          }
          lastIndex = index + 1;
          continue;
        }
        if (opts.noext !== true) {
          const isExtglobChar = code === CHAR_PLUS || code === CHAR_AT || code === CHAR_ASTERISK || code === CHAR_QUESTION_MARK || code === CHAR_EXCLAMATION_MARK;
          if (isExtglobChar === true && peek() === CHAR_LEFT_PARENTHESES) {
            isGlob = token.isGlob = true;
            isExtglob = token.isExtglob = true;
            finished = true;
            if (code === CHAR_EXCLAMATION_MARK && index === start) {
              negatedExtglob = true;
            }
            if (scanToEnd === true) {
              let parens = 0;
              while (eos() !== true && (code = advance())) {
                if (code === CHAR_BACKWARD_SLASH) {
                  backslashes = token.backslashes = true;
                  advance();
                  continue;
                }
                if (code === CHAR_LEFT_PARENTHESES) {
                  parens++;
                  continue;
                }
                if (code === CHAR_RIGHT_PARENTHESES && --parens === 0) {
                  finished = true;
                  break;
                }
              }
              continue;
            }
            break;
          }
        }
        if (code === CHAR_ASTERISK) {
          if (prev === CHAR_ASTERISK) isGlobstar = token.isGlobstar = true;
          isGlob = token.isGlob = true;
          finished = true;
          if (scanToEnd === true) {
            continue;
          }
          break;
        }
        if (code === CHAR_QUESTION_MARK) {
          isGlob = token.isGlob = true;
          finished = true;
          if (scanToEnd === true) {
            continue;
          }
          break;
        }
        if (code === CHAR_LEFT_SQUARE_BRACKET) {
          while (eos() !== true && (next = advance())) {
            if (next === CHAR_BACKWARD_SLASH) {
              backslashes = token.backslashes = true;
              advance();
              continue;
            }
            if (next === CHAR_RIGHT_SQUARE_BRACKET) {
              isBracket = token.isBracket = true;
              isGlob = token.isGlob = true;
              finished = true;
              break;
            }
          }
          if (scanToEnd === true) {
            continue;
          }
          break;
        }
        if (opts.nonegate !== true && code === CHAR_EXCLAMATION_MARK && index === start) {
          negated = token.negated = true;
          start++;
          continue;
        }
        if (opts.noparen !== true && code === CHAR_LEFT_PARENTHESES) {
          isGlob = token.isGlob = true;
          if (scanToEnd === true) {
            let parens = 1;
            while (eos() !== true && (code = advance())) {
              if (code === CHAR_BACKWARD_SLASH) {
                backslashes = token.backslashes = true;
                advance();
                continue;
              }
              if (code === CHAR_LEFT_PARENTHESES) {
                parens++;
                continue;
              }
              if (code === CHAR_RIGHT_PARENTHESES && --parens === 0) {
                finished = true;
                break;
              }
            }
            continue;
          }
          break;
        }
        if (isGlob === true) {
          finished = true;
          if (scanToEnd === true) {
            continue;
          }
          break;
        }
      }
      if (opts.noext === true) {
        isExtglob = false;
        isGlob = false;
      }
      let base = str;
      let prefix = "";
      let glob = "";
      if (start > 0) {
        prefix = str.slice(0, start);
        str = str.slice(start);
        lastIndex -= start;
      }
      if (base && isGlob === true && lastIndex > 0) {
        base = str.slice(0, lastIndex);
        glob = str.slice(lastIndex);
      } else if (isGlob === true) {
        base = "";
        glob = str;
      } else {
        base = str;
      }
      if (base && base !== "" && base !== "/" && base !== str) {
        if (isPathSeparator(base.charCodeAt(base.length - 1))) {
          base = base.slice(0, -1);
        }
      }
      if (opts.unescape === true) {
        if (glob) glob = utils.removeBackslashes(glob);
        if (base && backslashes === true) {
          base = utils.removeBackslashes(base);
        }
      }
      const state = {
        prefix,
        input,
        start,
        base,
        glob,
        isBrace,
        isBracket,
        isGlob,
        isExtglob,
        isGlobstar,
        negated,
        negatedExtglob
      };
      if (opts.tokens === true) {
        state.maxDepth = 0;
        if (!isPathSeparator(code)) {
          tokens.push(token);
        }
        state.tokens = tokens;
      }
      if (opts.parts === true || opts.tokens === true) {
        let prevIndex;
        for (let idx = 0; idx < slashes.length; idx++) {
          const n2 = prevIndex !== void 0 ? prevIndex + 1 : start;
          const i = slashes[idx];
          const value2 = input.slice(n2, i);
          if (opts.tokens) {
            if (idx === 0 && start !== 0) {
              tokens[idx].isPrefix = true;
              tokens[idx].value = prefix;
            } else {
              tokens[idx].value = value2;
            }
            depth(tokens[idx]);
            state.maxDepth += tokens[idx].depth;
          }
          if (i >= start) {
            parts.push(value2);
            prevIndex = i;
          }
        }
        const n = prevIndex !== void 0 ? prevIndex + 1 : start;
        const value = input.slice(n);
        parts.push(value);
        if (opts.tokens && prevIndex && prevIndex + 1 < input.length) {
          tokens[tokens.length - 1].value = value;
          depth(tokens[tokens.length - 1]);
          state.maxDepth += tokens[tokens.length - 1].depth;
        }
        state.slashes = slashes;
        state.parts = parts;
      }
      return state;
    };
    module.exports = scan;
  }
});

// node_modules/picomatch/lib/parse.js
var require_parse = __commonJS({
  "node_modules/picomatch/lib/parse.js"(exports, module) {
    "use strict";
    var constants2 = require_constants();
    var utils = require_utils();
    var {
      MAX_LENGTH,
      POSIX_REGEX_SOURCE,
      REGEX_NON_SPECIAL_CHARS,
      REGEX_SPECIAL_CHARS_BACKREF,
      REPLACEMENTS
    } = constants2;
    var expandRange = (args, options) => {
      if (typeof options.expandRange === "function") {
        return options.expandRange(...args, options);
      }
      args.sort();
      const value = `[${args.join("-")}]`;
      try {
        new RegExp(value);
      } catch (ex) {
        return args.map((v) => utils.escapeRegex(v)).join("..");
      }
      return value;
    };
    var syntaxError = (type, char) => {
      return `Missing ${type}: "${char}" - use "\\\\${char}" to match literal characters`;
    };
    var splitTopLevel = (input) => {
      const parts = [];
      let bracket = 0;
      let paren = 0;
      let quote = 0;
      let value = "";
      let escaped = false;
      for (const ch of input) {
        if (escaped === true) {
          value += ch;
          escaped = false;
          continue;
        }
        if (ch === "\\") {
          value += ch;
          escaped = true;
          continue;
        }
        if (ch === '"') {
          quote = quote === 1 ? 0 : 1;
          value += ch;
          continue;
        }
        if (quote === 0) {
          if (ch === "[") {
            bracket++;
          } else if (ch === "]" && bracket > 0) {
            bracket--;
          } else if (bracket === 0) {
            if (ch === "(") {
              paren++;
            } else if (ch === ")" && paren > 0) {
              paren--;
            } else if (ch === "|" && paren === 0) {
              parts.push(value);
              value = "";
              continue;
            }
          }
        }
        value += ch;
      }
      parts.push(value);
      return parts;
    };
    var isPlainBranch = (branch) => {
      let escaped = false;
      for (const ch of branch) {
        if (escaped === true) {
          escaped = false;
          continue;
        }
        if (ch === "\\") {
          escaped = true;
          continue;
        }
        if (/[?*+@!()[\]{}]/.test(ch)) {
          return false;
        }
      }
      return true;
    };
    var normalizeSimpleBranch = (branch) => {
      let value = branch.trim();
      let changed = true;
      while (changed === true) {
        changed = false;
        if (/^@\([^\\()[\]{}|]+\)$/.test(value)) {
          value = value.slice(2, -1);
          changed = true;
        }
      }
      if (!isPlainBranch(value)) {
        return;
      }
      return value.replace(/\\(.)/g, "$1");
    };
    var hasRepeatedCharPrefixOverlap = (branches) => {
      const values = branches.map(normalizeSimpleBranch).filter(Boolean);
      for (let i = 0; i < values.length; i++) {
        for (let j = i + 1; j < values.length; j++) {
          const a = values[i];
          const b = values[j];
          const char = a[0];
          if (!char || a !== char.repeat(a.length) || b !== char.repeat(b.length)) {
            continue;
          }
          if (a === b || a.startsWith(b) || b.startsWith(a)) {
            return true;
          }
        }
      }
      return false;
    };
    var parseRepeatedExtglob = (pattern, requireEnd = true) => {
      if (pattern[0] !== "+" && pattern[0] !== "*" || pattern[1] !== "(") {
        return;
      }
      let bracket = 0;
      let paren = 0;
      let quote = 0;
      let escaped = false;
      for (let i = 1; i < pattern.length; i++) {
        const ch = pattern[i];
        if (escaped === true) {
          escaped = false;
          continue;
        }
        if (ch === "\\") {
          escaped = true;
          continue;
        }
        if (ch === '"') {
          quote = quote === 1 ? 0 : 1;
          continue;
        }
        if (quote === 1) {
          continue;
        }
        if (ch === "[") {
          bracket++;
          continue;
        }
        if (ch === "]" && bracket > 0) {
          bracket--;
          continue;
        }
        if (bracket > 0) {
          continue;
        }
        if (ch === "(") {
          paren++;
          continue;
        }
        if (ch === ")") {
          paren--;
          if (paren === 0) {
            if (requireEnd === true && i !== pattern.length - 1) {
              return;
            }
            return {
              type: pattern[0],
              body: pattern.slice(2, i),
              end: i
            };
          }
        }
      }
    };
    var buildCharClassStar = (chars) => {
      const source2 = chars.length === 1 ? utils.escapeRegex(chars[0]) : `[${chars.map((ch) => utils.escapeRegex(ch)).join("")}]`;
      return `${source2}*`;
    };
    var getStarExtglobSequenceChars = (pattern) => {
      let index = 0;
      const chars = [];
      while (index < pattern.length) {
        const match = parseRepeatedExtglob(pattern.slice(index), false);
        if (!match || match.type !== "*") {
          return;
        }
        const branches = splitTopLevel(match.body).map((branch2) => branch2.trim());
        if (branches.length !== 1) {
          return;
        }
        const branch = normalizeSimpleBranch(branches[0]);
        if (!branch || branch.length !== 1) {
          return;
        }
        chars.push(branch);
        index += match.end + 1;
      }
      if (chars.length < 1) {
        return;
      }
      return chars;
    };
    var repeatedExtglobRecursion = (pattern) => {
      let depth = 0;
      let value = pattern.trim();
      let match = parseRepeatedExtglob(value);
      while (match) {
        depth++;
        value = match.body.trim();
        match = parseRepeatedExtglob(value);
      }
      return depth;
    };
    var analyzeRepeatedExtglob = (body, options) => {
      if (options.maxExtglobRecursion === false) {
        return { risky: false };
      }
      const max = typeof options.maxExtglobRecursion === "number" ? options.maxExtglobRecursion : constants2.DEFAULT_MAX_EXTGLOB_RECURSION;
      const branches = splitTopLevel(body).map((branch) => branch.trim());
      if (branches.length > 1) {
        if (branches.some((branch) => branch === "") || branches.some((branch) => /^[*?]+$/.test(branch)) || hasRepeatedCharPrefixOverlap(branches)) {
          return { risky: true };
        }
      }
      const safeChars = [];
      let sawStarSequence = false;
      let combinable = true;
      for (const branch of branches) {
        const chars = getStarExtglobSequenceChars(branch);
        if (chars) {
          sawStarSequence = true;
          safeChars.push(...chars);
          continue;
        }
        const literal = normalizeSimpleBranch(branch);
        if (literal && literal.length === 1) {
          safeChars.push(literal);
          continue;
        }
        combinable = false;
        if (repeatedExtglobRecursion(branch) > max) {
          return { risky: true };
        }
      }
      if (sawStarSequence) {
        return combinable ? { risky: true, safeOutput: buildCharClassStar([...new Set(safeChars)]) } : { risky: true };
      }
      return { risky: false };
    };
    var parse2 = (input, options) => {
      if (typeof input !== "string") {
        throw new TypeError("Expected a string");
      }
      input = REPLACEMENTS[input] || input;
      const opts = { ...options };
      const max = typeof opts.maxLength === "number" ? Math.min(MAX_LENGTH, opts.maxLength) : MAX_LENGTH;
      let len = input.length;
      if (len > max) {
        throw new SyntaxError(`Input length: ${len}, exceeds maximum allowed length: ${max}`);
      }
      const bos = { type: "bos", value: "", output: opts.prepend || "" };
      const tokens = [bos];
      const capture = opts.capture ? "" : "?:";
      const PLATFORM_CHARS = constants2.globChars(opts.windows);
      const EXTGLOB_CHARS = constants2.extglobChars(PLATFORM_CHARS);
      const {
        DOT_LITERAL,
        PLUS_LITERAL,
        SLASH_LITERAL,
        ONE_CHAR,
        DOTS_SLASH,
        NO_DOT,
        NO_DOT_SLASH,
        NO_DOTS_SLASH,
        QMARK,
        QMARK_NO_DOT,
        STAR,
        START_ANCHOR
      } = PLATFORM_CHARS;
      const globstar = (opts2) => {
        return `(${capture}(?:(?!${START_ANCHOR}${opts2.dot ? DOTS_SLASH : DOT_LITERAL}).)*?)`;
      };
      const nodot = opts.dot ? "" : NO_DOT;
      const qmarkNoDot = opts.dot ? QMARK : QMARK_NO_DOT;
      let star = opts.bash === true ? globstar(opts) : STAR;
      if (opts.capture) {
        star = `(${star})`;
      }
      if (typeof opts.noext === "boolean") {
        opts.noextglob = opts.noext;
      }
      const state = {
        input,
        index: -1,
        start: 0,
        dot: opts.dot === true,
        consumed: "",
        output: "",
        prefix: "",
        backtrack: false,
        negated: false,
        brackets: 0,
        braces: 0,
        parens: 0,
        quotes: 0,
        globstar: false,
        tokens
      };
      input = utils.removePrefix(input, state);
      len = input.length;
      const extglobs = [];
      const braces = [];
      const stack = [];
      let prev = bos;
      let value;
      const eos = () => state.index === len - 1;
      const peek = state.peek = (n = 1) => input[state.index + n];
      const advance = state.advance = () => input[++state.index] || "";
      const remaining = () => input.slice(state.index + 1);
      const consume = (value2 = "", num = 0) => {
        state.consumed += value2;
        state.index += num;
      };
      const append = (token) => {
        state.output += token.output != null ? token.output : token.value;
        consume(token.value);
      };
      const negate = () => {
        let count = 1;
        while (peek() === "!" && (peek(2) !== "(" || peek(3) === "?")) {
          advance();
          state.start++;
          count++;
        }
        if (count % 2 === 0) {
          return false;
        }
        state.negated = true;
        state.start++;
        return true;
      };
      const increment = (type) => {
        state[type]++;
        stack.push(type);
      };
      const decrement = (type) => {
        state[type]--;
        stack.pop();
      };
      const push = (tok) => {
        if (prev.type === "globstar") {
          const isBrace = state.braces > 0 && (tok.type === "comma" || tok.type === "brace");
          const isExtglob = tok.extglob === true || extglobs.length && (tok.type === "pipe" || tok.type === "paren");
          if (tok.type !== "slash" && tok.type !== "paren" && !isBrace && !isExtglob) {
            state.output = state.output.slice(0, -prev.output.length);
            prev.type = "star";
            prev.value = "*";
            prev.output = star;
            state.output += prev.output;
          }
        }
        if (extglobs.length && tok.type !== "paren") {
          extglobs[extglobs.length - 1].inner += tok.value;
        }
        if (tok.value || tok.output) append(tok);
        if (prev && prev.type === "text" && tok.type === "text") {
          prev.output = (prev.output || prev.value) + tok.value;
          prev.value += tok.value;
          return;
        }
        tok.prev = prev;
        tokens.push(tok);
        prev = tok;
      };
      const extglobOpen = (type, value2) => {
        const token = { ...EXTGLOB_CHARS[value2], conditions: 1, inner: "" };
        token.prev = prev;
        token.parens = state.parens;
        token.output = state.output;
        token.startIndex = state.index;
        token.tokensIndex = tokens.length;
        const output = (opts.capture ? "(" : "") + token.open;
        increment("parens");
        push({ type, value: value2, output: state.output ? "" : ONE_CHAR });
        push({ type: "paren", extglob: true, value: advance(), output });
        extglobs.push(token);
      };
      const extglobClose = (token) => {
        const literal = input.slice(token.startIndex, state.index + 1);
        const body = input.slice(token.startIndex + 2, state.index);
        const analysis = analyzeRepeatedExtglob(body, opts);
        if ((token.type === "plus" || token.type === "star") && analysis.risky) {
          const safeOutput = analysis.safeOutput ? (token.output ? "" : ONE_CHAR) + (opts.capture ? `(${analysis.safeOutput})` : analysis.safeOutput) : void 0;
          const open = tokens[token.tokensIndex];
          open.type = "text";
          open.value = literal;
          open.output = safeOutput || utils.escapeRegex(literal);
          for (let i = token.tokensIndex + 1; i < tokens.length; i++) {
            tokens[i].value = "";
            tokens[i].output = "";
            delete tokens[i].suffix;
          }
          state.output = token.output + open.output;
          state.backtrack = true;
          push({ type: "paren", extglob: true, value, output: "" });
          decrement("parens");
          return;
        }
        let output = token.close + (opts.capture ? ")" : "");
        let rest;
        if (token.type === "negate") {
          let extglobStar = star;
          if (token.inner && token.inner.length > 1 && token.inner.includes("/")) {
            extglobStar = globstar(opts);
          }
          if (extglobStar !== star || eos() || /^\)+$/.test(remaining())) {
            output = token.close = `)$))${extglobStar}`;
          }
          if (token.inner.includes("*") && (rest = remaining()) && /^\.[^\\/.]+$/.test(rest)) {
            const expression = parse2(rest, { ...options, fastpaths: false }).output;
            output = token.close = `)${expression})${extglobStar})`;
          }
          if (token.prev.type === "bos") {
            state.negatedExtglob = true;
          }
        }
        push({ type: "paren", extglob: true, value, output });
        decrement("parens");
      };
      if (opts.fastpaths !== false && !/(^[*!]|[/()[\]{}"])/.test(input)) {
        let backslashes = false;
        let output = input.replace(REGEX_SPECIAL_CHARS_BACKREF, (m, esc, chars, first, rest, index) => {
          if (first === "\\") {
            backslashes = true;
            return m;
          }
          if (first === "?") {
            if (esc) {
              return esc + first + (rest ? QMARK.repeat(rest.length) : "");
            }
            if (index === 0) {
              return qmarkNoDot + (rest ? QMARK.repeat(rest.length) : "");
            }
            return QMARK.repeat(chars.length);
          }
          if (first === ".") {
            return DOT_LITERAL.repeat(chars.length);
          }
          if (first === "*") {
            if (esc) {
              return esc + first + (rest ? star : "");
            }
            return star;
          }
          return esc ? m : `\\${m}`;
        });
        if (backslashes === true) {
          if (opts.unescape === true) {
            output = output.replace(/\\/g, "");
          } else {
            output = output.replace(/\\+/g, (m) => {
              return m.length % 2 === 0 ? "\\\\" : m ? "\\" : "";
            });
          }
        }
        if (output === input && opts.contains === true) {
          state.output = input;
          return state;
        }
        state.output = utils.wrapOutput(output, state, options);
        return state;
      }
      while (!eos()) {
        value = advance();
        if (value === "\0") {
          continue;
        }
        if (value === "\\") {
          const next = peek();
          if (next === "/" && opts.bash !== true) {
            continue;
          }
          if (next === "." || next === ";") {
            continue;
          }
          if (!next) {
            value += "\\";
            push({ type: "text", value });
            continue;
          }
          const match = /^\\+/.exec(remaining());
          let slashes = 0;
          if (match && match[0].length > 2) {
            slashes = match[0].length;
            state.index += slashes;
            if (slashes % 2 !== 0) {
              value += "\\";
            }
          }
          if (opts.unescape === true) {
            value = advance();
          } else {
            value += advance();
          }
          if (state.brackets === 0) {
            push({ type: "text", value });
            continue;
          }
        }
        if (state.brackets > 0 && (value !== "]" || prev.value === "[" || prev.value === "[^")) {
          if (opts.posix !== false && value === ":") {
            const inner = prev.value.slice(1);
            if (inner.includes("[")) {
              prev.posix = true;
              if (inner.includes(":")) {
                const idx = prev.value.lastIndexOf("[");
                const pre = prev.value.slice(0, idx);
                const rest2 = prev.value.slice(idx + 2);
                const posix = POSIX_REGEX_SOURCE[rest2];
                if (posix) {
                  prev.value = pre + posix;
                  state.backtrack = true;
                  advance();
                  if (!bos.output && tokens.indexOf(prev) === 1) {
                    bos.output = ONE_CHAR;
                  }
                  continue;
                }
              }
            }
          }
          if (value === "[" && peek() !== ":" || value === "-" && peek() === "]") {
            value = `\\${value}`;
          }
          if (value === "]" && (prev.value === "[" || prev.value === "[^")) {
            value = `\\${value}`;
          }
          if (opts.posix === true && value === "!" && prev.value === "[") {
            value = "^";
          }
          prev.value += value;
          append({ value });
          continue;
        }
        if (state.quotes === 1 && value !== '"') {
          value = utils.escapeRegex(value);
          prev.value += value;
          append({ value });
          continue;
        }
        if (value === '"') {
          state.quotes = state.quotes === 1 ? 0 : 1;
          if (opts.keepQuotes === true) {
            push({ type: "text", value });
          }
          continue;
        }
        if (value === "(") {
          increment("parens");
          push({ type: "paren", value });
          continue;
        }
        if (value === ")") {
          if (state.parens === 0 && opts.strictBrackets === true) {
            throw new SyntaxError(syntaxError("opening", "("));
          }
          const extglob = extglobs[extglobs.length - 1];
          if (extglob && state.parens === extglob.parens + 1) {
            extglobClose(extglobs.pop());
            continue;
          }
          push({ type: "paren", value, output: state.parens ? ")" : "\\)" });
          decrement("parens");
          continue;
        }
        if (value === "[") {
          if (opts.nobracket === true || !remaining().includes("]")) {
            if (opts.nobracket !== true && opts.strictBrackets === true) {
              throw new SyntaxError(syntaxError("closing", "]"));
            }
            value = `\\${value}`;
          } else {
            increment("brackets");
          }
          push({ type: "bracket", value });
          continue;
        }
        if (value === "]") {
          if (opts.nobracket === true || prev && prev.type === "bracket" && prev.value.length === 1) {
            push({ type: "text", value, output: `\\${value}` });
            continue;
          }
          if (state.brackets === 0) {
            if (opts.strictBrackets === true) {
              throw new SyntaxError(syntaxError("opening", "["));
            }
            push({ type: "text", value, output: `\\${value}` });
            continue;
          }
          decrement("brackets");
          const prevValue = prev.value.slice(1);
          if (prev.posix !== true && prevValue[0] === "^" && !prevValue.includes("/")) {
            value = `/${value}`;
          }
          prev.value += value;
          append({ value });
          if (opts.literalBrackets === false || utils.hasRegexChars(prevValue)) {
            continue;
          }
          const escaped = utils.escapeRegex(prev.value);
          state.output = state.output.slice(0, -prev.value.length);
          if (opts.literalBrackets === true) {
            state.output += escaped;
            prev.value = escaped;
            continue;
          }
          prev.value = `(${capture}${escaped}|${prev.value})`;
          state.output += prev.value;
          continue;
        }
        if (value === "{" && opts.nobrace !== true) {
          increment("braces");
          const open = {
            type: "brace",
            value,
            output: "(",
            outputIndex: state.output.length,
            tokensIndex: state.tokens.length
          };
          braces.push(open);
          push(open);
          continue;
        }
        if (value === "}") {
          const brace = braces[braces.length - 1];
          if (opts.nobrace === true || !brace) {
            push({ type: "text", value, output: value });
            continue;
          }
          let output = ")";
          if (brace.dots === true) {
            const arr = tokens.slice();
            const range = [];
            for (let i = arr.length - 1; i >= 0; i--) {
              tokens.pop();
              if (arr[i].type === "brace") {
                break;
              }
              if (arr[i].type !== "dots") {
                range.unshift(arr[i].value);
              }
            }
            output = expandRange(range, opts);
            state.backtrack = true;
          }
          if (brace.comma !== true && brace.dots !== true) {
            const out = state.output.slice(0, brace.outputIndex);
            const toks = state.tokens.slice(brace.tokensIndex);
            brace.value = brace.output = "\\{";
            value = output = "\\}";
            state.output = out;
            for (const t of toks) {
              state.output += t.output || t.value;
            }
          }
          push({ type: "brace", value, output });
          decrement("braces");
          braces.pop();
          continue;
        }
        if (value === "|") {
          if (extglobs.length > 0) {
            extglobs[extglobs.length - 1].conditions++;
          }
          push({ type: "text", value });
          continue;
        }
        if (value === ",") {
          let output = value;
          const brace = braces[braces.length - 1];
          if (brace && stack[stack.length - 1] === "braces") {
            brace.comma = true;
            output = "|";
          }
          push({ type: "comma", value, output });
          continue;
        }
        if (value === "/") {
          if (prev.type === "dot" && state.index === state.start + 1) {
            state.start = state.index + 1;
            state.consumed = "";
            state.output = "";
            tokens.pop();
            prev = bos;
            continue;
          }
          push({ type: "slash", value, output: SLASH_LITERAL });
          continue;
        }
        if (value === ".") {
          if (state.braces > 0 && prev.type === "dot") {
            if (prev.value === ".") prev.output = DOT_LITERAL;
            const brace = braces[braces.length - 1];
            prev.type = "dots";
            prev.output += value;
            prev.value += value;
            brace.dots = true;
            continue;
          }
          if (state.braces + state.parens === 0 && prev.type !== "bos" && prev.type !== "slash") {
            push({ type: "text", value, output: DOT_LITERAL });
            continue;
          }
          push({ type: "dot", value, output: DOT_LITERAL });
          continue;
        }
        if (value === "?") {
          const isGroup = prev && prev.value === "(";
          if (!isGroup && opts.noextglob !== true && peek() === "(" && peek(2) !== "?") {
            extglobOpen("qmark", value);
            continue;
          }
          if (prev && prev.type === "paren") {
            const next = peek();
            let output = value;
            if (prev.value === "(" && !/[!=<:]/.test(next) || next === "<" && !/<([!=]|\w+>)/.test(remaining())) {
              output = `\\${value}`;
            }
            push({ type: "text", value, output });
            continue;
          }
          if (opts.dot !== true && (prev.type === "slash" || prev.type === "bos")) {
            push({ type: "qmark", value, output: QMARK_NO_DOT });
            continue;
          }
          push({ type: "qmark", value, output: QMARK });
          continue;
        }
        if (value === "!") {
          if (opts.noextglob !== true && peek() === "(") {
            if (peek(2) !== "?" || !/[!=<:]/.test(peek(3))) {
              extglobOpen("negate", value);
              continue;
            }
          }
          if (opts.nonegate !== true && state.index === 0) {
            negate();
            continue;
          }
        }
        if (value === "+") {
          if (opts.noextglob !== true && peek() === "(" && peek(2) !== "?") {
            extglobOpen("plus", value);
            continue;
          }
          if (prev && prev.value === "(" || opts.regex === false) {
            push({ type: "plus", value, output: PLUS_LITERAL });
            continue;
          }
          if (prev && (prev.type === "bracket" || prev.type === "paren" || prev.type === "brace") || state.parens > 0) {
            push({ type: "plus", value });
            continue;
          }
          push({ type: "plus", value: PLUS_LITERAL });
          continue;
        }
        if (value === "@") {
          if (opts.noextglob !== true && peek() === "(" && peek(2) !== "?") {
            push({ type: "at", extglob: true, value, output: "" });
            continue;
          }
          push({ type: "text", value });
          continue;
        }
        if (value !== "*") {
          if (value === "$" || value === "^") {
            value = `\\${value}`;
          }
          const match = REGEX_NON_SPECIAL_CHARS.exec(remaining());
          if (match) {
            value += match[0];
            state.index += match[0].length;
          }
          push({ type: "text", value });
          continue;
        }
        if (prev && (prev.type === "globstar" || prev.star === true)) {
          prev.type = "star";
          prev.star = true;
          prev.value += value;
          prev.output = star;
          state.backtrack = true;
          state.globstar = true;
          consume(value);
          continue;
        }
        let rest = remaining();
        if (opts.noextglob !== true && /^\([^?]/.test(rest)) {
          extglobOpen("star", value);
          continue;
        }
        if (prev.type === "star") {
          if (opts.noglobstar === true) {
            consume(value);
            continue;
          }
          const prior = prev.prev;
          const before = prior.prev;
          const isStart = prior.type === "slash" || prior.type === "bos";
          const afterStar = before && (before.type === "star" || before.type === "globstar");
          if (opts.bash === true && (!isStart || rest[0] && rest[0] !== "/")) {
            push({ type: "star", value, output: "" });
            continue;
          }
          const isBrace = state.braces > 0 && (prior.type === "comma" || prior.type === "brace");
          const isExtglob = extglobs.length && (prior.type === "pipe" || prior.type === "paren");
          if (!isStart && prior.type !== "paren" && !isBrace && !isExtglob) {
            push({ type: "star", value, output: "" });
            continue;
          }
          while (rest.slice(0, 3) === "/**") {
            const after = input[state.index + 4];
            if (after && after !== "/") {
              break;
            }
            rest = rest.slice(3);
            consume("/**", 3);
          }
          const isEnd = eos() || state.parens > 0 && rest === ")".repeat(state.parens) && !extglobs.some((extglob) => extglob.type === "negate");
          if (prior.type === "bos" && eos()) {
            prev.type = "globstar";
            prev.value += value;
            prev.output = globstar(opts);
            state.output = prev.output;
            state.globstar = true;
            consume(value);
            continue;
          }
          if (prior.type === "slash" && prior.prev.type !== "bos" && !afterStar && isEnd) {
            state.output = state.output.slice(0, -(prior.output + prev.output).length);
            prior.output = `(?:${prior.output}`;
            prev.type = "globstar";
            prev.output = globstar(opts) + (opts.strictSlashes ? ")" : "|$)");
            prev.value += value;
            state.globstar = true;
            state.output += prior.output + prev.output;
            consume(value);
            continue;
          }
          if (prior.type === "slash" && prior.prev.type !== "bos" && rest[0] === "/") {
            const end = rest[1] !== void 0 ? "|$" : "";
            state.output = state.output.slice(0, -(prior.output + prev.output).length);
            prior.output = `(?:${prior.output}`;
            prev.type = "globstar";
            prev.output = `${globstar(opts)}${SLASH_LITERAL}|${SLASH_LITERAL}${end})`;
            prev.value += value;
            state.output += prior.output + prev.output;
            state.globstar = true;
            consume(value + advance());
            push({ type: "slash", value: "/", output: "" });
            continue;
          }
          if (prior.type === "bos" && rest[0] === "/") {
            prev.type = "globstar";
            prev.value += value;
            prev.output = `(?:^|${SLASH_LITERAL}|${globstar(opts)}${SLASH_LITERAL})`;
            state.output = prev.output;
            state.globstar = true;
            consume(value + advance());
            push({ type: "slash", value: "/", output: "" });
            continue;
          }
          state.output = state.output.slice(0, -prev.output.length);
          prev.type = "globstar";
          prev.output = globstar(opts);
          prev.value += value;
          state.output += prev.output;
          state.globstar = true;
          consume(value);
          continue;
        }
        const token = { type: "star", value, output: star };
        if (opts.bash === true) {
          token.output = ".*?";
          if (prev.type === "bos" || prev.type === "slash") {
            token.output = nodot + token.output;
          }
          push(token);
          continue;
        }
        if (prev && (prev.type === "bracket" || prev.type === "paren") && opts.regex === true) {
          token.output = value;
          push(token);
          continue;
        }
        if (state.index === state.start || prev.type === "slash" || prev.type === "dot") {
          if (prev.type === "dot") {
            state.output += NO_DOT_SLASH;
            prev.output += NO_DOT_SLASH;
          } else if (opts.dot === true) {
            state.output += NO_DOTS_SLASH;
            prev.output += NO_DOTS_SLASH;
          } else {
            state.output += nodot;
            prev.output += nodot;
          }
          if (peek() !== "*") {
            state.output += ONE_CHAR;
            prev.output += ONE_CHAR;
          }
        }
        push(token);
      }
      while (state.brackets > 0) {
        if (opts.strictBrackets === true) throw new SyntaxError(syntaxError("closing", "]"));
        state.output = utils.escapeLast(state.output, "[");
        decrement("brackets");
      }
      while (state.parens > 0) {
        if (opts.strictBrackets === true) throw new SyntaxError(syntaxError("closing", ")"));
        state.output = utils.escapeLast(state.output, "(");
        decrement("parens");
      }
      while (state.braces > 0) {
        if (opts.strictBrackets === true) throw new SyntaxError(syntaxError("closing", "}"));
        state.output = utils.escapeLast(state.output, "{");
        decrement("braces");
      }
      if (opts.strictSlashes !== true && (prev.type === "star" || prev.type === "bracket")) {
        push({ type: "maybe_slash", value: "", output: `${SLASH_LITERAL}?` });
      }
      if (state.backtrack === true) {
        state.output = "";
        for (const token of state.tokens) {
          state.output += token.output != null ? token.output : token.value;
          if (token.suffix) {
            state.output += token.suffix;
          }
        }
      }
      return state;
    };
    parse2.fastpaths = (input, options) => {
      const opts = { ...options };
      const max = typeof opts.maxLength === "number" ? Math.min(MAX_LENGTH, opts.maxLength) : MAX_LENGTH;
      const len = input.length;
      if (len > max) {
        throw new SyntaxError(`Input length: ${len}, exceeds maximum allowed length: ${max}`);
      }
      input = REPLACEMENTS[input] || input;
      const {
        DOT_LITERAL,
        SLASH_LITERAL,
        ONE_CHAR,
        DOTS_SLASH,
        NO_DOT,
        NO_DOTS,
        NO_DOTS_SLASH,
        STAR,
        START_ANCHOR
      } = constants2.globChars(opts.windows);
      const nodot = opts.dot ? NO_DOTS : NO_DOT;
      const slashDot = opts.dot ? NO_DOTS_SLASH : NO_DOT;
      const capture = opts.capture ? "" : "?:";
      const state = { negated: false, prefix: "" };
      let star = opts.bash === true ? ".*?" : STAR;
      if (opts.capture) {
        star = `(${star})`;
      }
      const globstar = (opts2) => {
        if (opts2.noglobstar === true) return star;
        return `(${capture}(?:(?!${START_ANCHOR}${opts2.dot ? DOTS_SLASH : DOT_LITERAL}).)*?)`;
      };
      const create = (str) => {
        switch (str) {
          case "*":
            return `${nodot}${ONE_CHAR}${star}`;
          case ".*":
            return `${DOT_LITERAL}${ONE_CHAR}${star}`;
          case "*.*":
            return `${nodot}${star}${DOT_LITERAL}${ONE_CHAR}${star}`;
          case "*/*":
            return `${nodot}${star}${SLASH_LITERAL}${ONE_CHAR}${slashDot}${star}`;
          case "**":
            return nodot + globstar(opts);
          case "**/*":
            return `(?:${nodot}${globstar(opts)}${SLASH_LITERAL})?${slashDot}${ONE_CHAR}${star}`;
          case "**/*.*":
            return `(?:${nodot}${globstar(opts)}${SLASH_LITERAL})?${slashDot}${star}${DOT_LITERAL}${ONE_CHAR}${star}`;
          case "**/.*":
            return `(?:${nodot}${globstar(opts)}${SLASH_LITERAL})?${DOT_LITERAL}${ONE_CHAR}${star}`;
          default: {
            const match = /^(.*?)\.(\w+)$/.exec(str);
            if (!match) return;
            const source3 = create(match[1]);
            if (!source3) return;
            return source3 + DOT_LITERAL + match[2];
          }
        }
      };
      const output = utils.removePrefix(input, state);
      let source2 = create(output);
      if (source2 && opts.strictSlashes !== true) {
        source2 += `${SLASH_LITERAL}?`;
      }
      return source2;
    };
    module.exports = parse2;
  }
});

// node_modules/picomatch/lib/picomatch.js
var require_picomatch = __commonJS({
  "node_modules/picomatch/lib/picomatch.js"(exports, module) {
    "use strict";
    var scan = require_scan();
    var parse2 = require_parse();
    var utils = require_utils();
    var constants2 = require_constants();
    var isObject = (val) => val && typeof val === "object" && !Array.isArray(val);
    var picomatch4 = (glob, options, returnState = false) => {
      if (Array.isArray(glob)) {
        const fns = glob.map((input) => picomatch4(input, options, returnState));
        const arrayMatcher = (str) => {
          for (const isMatch of fns) {
            const state2 = isMatch(str);
            if (state2) return state2;
          }
          return false;
        };
        return arrayMatcher;
      }
      const isState = isObject(glob) && glob.tokens && glob.input;
      if (glob === "" || typeof glob !== "string" && !isState) {
        throw new TypeError("Expected pattern to be a non-empty string");
      }
      const opts = options || {};
      const posix = opts.windows;
      const regex = isState ? picomatch4.compileRe(glob, options) : picomatch4.makeRe(glob, options, false, true);
      const state = regex.state;
      delete regex.state;
      let isIgnored = () => false;
      if (opts.ignore) {
        const ignoreOpts = { ...options, ignore: null, onMatch: null, onResult: null };
        isIgnored = picomatch4(opts.ignore, ignoreOpts, returnState);
      }
      const matcher = (input, returnObject = false) => {
        const { isMatch, match, output } = picomatch4.test(input, regex, options, { glob, posix });
        const result = { glob, state, regex, posix, input, output, match, isMatch };
        if (typeof opts.onResult === "function") {
          opts.onResult(result);
        }
        if (isMatch === false) {
          result.isMatch = false;
          return returnObject ? result : false;
        }
        if (isIgnored(input)) {
          if (typeof opts.onIgnore === "function") {
            opts.onIgnore(result);
          }
          result.isMatch = false;
          return returnObject ? result : false;
        }
        if (typeof opts.onMatch === "function") {
          opts.onMatch(result);
        }
        return returnObject ? result : true;
      };
      if (returnState) {
        matcher.state = state;
      }
      return matcher;
    };
    picomatch4.test = (input, regex, options, { glob, posix } = {}) => {
      if (typeof input !== "string") {
        throw new TypeError("Expected input to be a string");
      }
      if (input === "") {
        return { isMatch: false, output: "" };
      }
      const opts = options || {};
      const format = opts.format || (posix ? utils.toPosixSlashes : null);
      let match = input === glob;
      let output = match && format ? format(input) : input;
      if (match === false) {
        output = format ? format(input) : input;
        match = output === glob;
      }
      if (match === false || opts.capture === true) {
        if (opts.matchBase === true || opts.basename === true) {
          match = picomatch4.matchBase(input, regex, options, posix);
        } else {
          match = regex.exec(output);
        }
      }
      return { isMatch: Boolean(match), match, output };
    };
    picomatch4.matchBase = (input, glob, options, posix = options && options.windows) => {
      const regex = glob instanceof RegExp ? glob : picomatch4.makeRe(glob, options);
      return regex.test(utils.basename(input, { windows: posix }));
    };
    picomatch4.isMatch = (str, patterns, options) => picomatch4(patterns, options)(str);
    picomatch4.parse = (pattern, options) => {
      if (Array.isArray(pattern)) return pattern.map((p) => picomatch4.parse(p, options));
      return parse2(pattern, { ...options, fastpaths: false });
    };
    picomatch4.scan = (input, options) => scan(input, options);
    picomatch4.compileRe = (state, options, returnOutput = false, returnState = false) => {
      if (returnOutput === true) {
        return state.output;
      }
      const opts = options || {};
      const prepend = opts.contains ? "" : "^";
      const append = opts.contains ? "" : "$";
      let source2 = `${prepend}(?:${state.output})${append}`;
      if (state && state.negated === true) {
        source2 = `^(?!${source2}).*$`;
      }
      const regex = picomatch4.toRegex(source2, options);
      if (returnState === true) {
        regex.state = state;
      }
      return regex;
    };
    picomatch4.makeRe = (input, options = {}, returnOutput = false, returnState = false) => {
      if (!input || typeof input !== "string") {
        throw new TypeError("Expected a non-empty string");
      }
      let parsed = { negated: false, fastpaths: true };
      if (options.fastpaths !== false && (input[0] === "." || input[0] === "*")) {
        parsed.output = parse2.fastpaths(input, options);
      }
      if (!parsed.output) {
        parsed = parse2(input, options);
      }
      return picomatch4.compileRe(parsed, options, returnOutput, returnState);
    };
    picomatch4.toRegex = (source2, options) => {
      try {
        const opts = options || {};
        return new RegExp(source2, opts.flags || (opts.nocase ? "i" : ""));
      } catch (err) {
        if (options && options.debug === true) throw err;
        return /$^/;
      }
    };
    picomatch4.constants = constants2;
    module.exports = picomatch4;
  }
});

// node_modules/picomatch/index.js
var require_picomatch2 = __commonJS({
  "node_modules/picomatch/index.js"(exports, module) {
    "use strict";
    var pico = require_picomatch();
    var utils = require_utils();
    function picomatch4(glob, options, returnState = false) {
      if (options && (options.windows === null || options.windows === void 0)) {
        options = { ...options, windows: utils.isWindows() };
      }
      return pico(glob, options, returnState);
    }
    Object.assign(picomatch4, pico);
    module.exports = picomatch4;
  }
});

// node_modules/yaml/dist/nodes/identity.js
var require_identity = __commonJS({
  "node_modules/yaml/dist/nodes/identity.js"(exports) {
    "use strict";
    var ALIAS = /* @__PURE__ */ Symbol.for("yaml.alias");
    var DOC = /* @__PURE__ */ Symbol.for("yaml.document");
    var MAP = /* @__PURE__ */ Symbol.for("yaml.map");
    var PAIR = /* @__PURE__ */ Symbol.for("yaml.pair");
    var SCALAR = /* @__PURE__ */ Symbol.for("yaml.scalar");
    var SEQ = /* @__PURE__ */ Symbol.for("yaml.seq");
    var NODE_TYPE = /* @__PURE__ */ Symbol.for("yaml.node.type");
    var isAlias = (node) => !!node && typeof node === "object" && node[NODE_TYPE] === ALIAS;
    var isDocument = (node) => !!node && typeof node === "object" && node[NODE_TYPE] === DOC;
    var isMap = (node) => !!node && typeof node === "object" && node[NODE_TYPE] === MAP;
    var isPair = (node) => !!node && typeof node === "object" && node[NODE_TYPE] === PAIR;
    var isScalar = (node) => !!node && typeof node === "object" && node[NODE_TYPE] === SCALAR;
    var isSeq = (node) => !!node && typeof node === "object" && node[NODE_TYPE] === SEQ;
    function isCollection(node) {
      if (node && typeof node === "object")
        switch (node[NODE_TYPE]) {
          case MAP:
          case SEQ:
            return true;
        }
      return false;
    }
    function isNode(node) {
      if (node && typeof node === "object")
        switch (node[NODE_TYPE]) {
          case ALIAS:
          case MAP:
          case SCALAR:
          case SEQ:
            return true;
        }
      return false;
    }
    var hasAnchor = (node) => (isScalar(node) || isCollection(node)) && !!node.anchor;
    exports.ALIAS = ALIAS;
    exports.DOC = DOC;
    exports.MAP = MAP;
    exports.NODE_TYPE = NODE_TYPE;
    exports.PAIR = PAIR;
    exports.SCALAR = SCALAR;
    exports.SEQ = SEQ;
    exports.hasAnchor = hasAnchor;
    exports.isAlias = isAlias;
    exports.isCollection = isCollection;
    exports.isDocument = isDocument;
    exports.isMap = isMap;
    exports.isNode = isNode;
    exports.isPair = isPair;
    exports.isScalar = isScalar;
    exports.isSeq = isSeq;
  }
});

// node_modules/yaml/dist/visit.js
var require_visit = __commonJS({
  "node_modules/yaml/dist/visit.js"(exports) {
    "use strict";
    var identity = require_identity();
    var BREAK = /* @__PURE__ */ Symbol("break visit");
    var SKIP = /* @__PURE__ */ Symbol("skip children");
    var REMOVE = /* @__PURE__ */ Symbol("remove node");
    function visit(node, visitor) {
      const visitor_ = initVisitor(visitor);
      if (identity.isDocument(node)) {
        const cd = visit_(null, node.contents, visitor_, Object.freeze([node]));
        if (cd === REMOVE)
          node.contents = null;
      } else
        visit_(null, node, visitor_, Object.freeze([]));
    }
    visit.BREAK = BREAK;
    visit.SKIP = SKIP;
    visit.REMOVE = REMOVE;
    function visit_(key, node, visitor, path) {
      const ctrl = callVisitor(key, node, visitor, path);
      if (identity.isNode(ctrl) || identity.isPair(ctrl)) {
        replaceNode(key, path, ctrl);
        return visit_(key, ctrl, visitor, path);
      }
      if (typeof ctrl !== "symbol") {
        if (identity.isCollection(node)) {
          path = Object.freeze(path.concat(node));
          for (let i = 0; i < node.items.length; ++i) {
            const ci = visit_(i, node.items[i], visitor, path);
            if (typeof ci === "number")
              i = ci - 1;
            else if (ci === BREAK)
              return BREAK;
            else if (ci === REMOVE) {
              node.items.splice(i, 1);
              i -= 1;
            }
          }
        } else if (identity.isPair(node)) {
          path = Object.freeze(path.concat(node));
          const ck = visit_("key", node.key, visitor, path);
          if (ck === BREAK)
            return BREAK;
          else if (ck === REMOVE)
            node.key = null;
          const cv = visit_("value", node.value, visitor, path);
          if (cv === BREAK)
            return BREAK;
          else if (cv === REMOVE)
            node.value = null;
        }
      }
      return ctrl;
    }
    async function visitAsync(node, visitor) {
      const visitor_ = initVisitor(visitor);
      if (identity.isDocument(node)) {
        const cd = await visitAsync_(null, node.contents, visitor_, Object.freeze([node]));
        if (cd === REMOVE)
          node.contents = null;
      } else
        await visitAsync_(null, node, visitor_, Object.freeze([]));
    }
    visitAsync.BREAK = BREAK;
    visitAsync.SKIP = SKIP;
    visitAsync.REMOVE = REMOVE;
    async function visitAsync_(key, node, visitor, path) {
      const ctrl = await callVisitor(key, node, visitor, path);
      if (identity.isNode(ctrl) || identity.isPair(ctrl)) {
        replaceNode(key, path, ctrl);
        return visitAsync_(key, ctrl, visitor, path);
      }
      if (typeof ctrl !== "symbol") {
        if (identity.isCollection(node)) {
          path = Object.freeze(path.concat(node));
          for (let i = 0; i < node.items.length; ++i) {
            const ci = await visitAsync_(i, node.items[i], visitor, path);
            if (typeof ci === "number")
              i = ci - 1;
            else if (ci === BREAK)
              return BREAK;
            else if (ci === REMOVE) {
              node.items.splice(i, 1);
              i -= 1;
            }
          }
        } else if (identity.isPair(node)) {
          path = Object.freeze(path.concat(node));
          const ck = await visitAsync_("key", node.key, visitor, path);
          if (ck === BREAK)
            return BREAK;
          else if (ck === REMOVE)
            node.key = null;
          const cv = await visitAsync_("value", node.value, visitor, path);
          if (cv === BREAK)
            return BREAK;
          else if (cv === REMOVE)
            node.value = null;
        }
      }
      return ctrl;
    }
    function initVisitor(visitor) {
      if (typeof visitor === "object" && (visitor.Collection || visitor.Node || visitor.Value)) {
        return Object.assign({
          Alias: visitor.Node,
          Map: visitor.Node,
          Scalar: visitor.Node,
          Seq: visitor.Node
        }, visitor.Value && {
          Map: visitor.Value,
          Scalar: visitor.Value,
          Seq: visitor.Value
        }, visitor.Collection && {
          Map: visitor.Collection,
          Seq: visitor.Collection
        }, visitor);
      }
      return visitor;
    }
    function callVisitor(key, node, visitor, path) {
      if (typeof visitor === "function")
        return visitor(key, node, path);
      if (identity.isMap(node))
        return visitor.Map?.(key, node, path);
      if (identity.isSeq(node))
        return visitor.Seq?.(key, node, path);
      if (identity.isPair(node))
        return visitor.Pair?.(key, node, path);
      if (identity.isScalar(node))
        return visitor.Scalar?.(key, node, path);
      if (identity.isAlias(node))
        return visitor.Alias?.(key, node, path);
      return void 0;
    }
    function replaceNode(key, path, node) {
      const parent = path[path.length - 1];
      if (identity.isCollection(parent)) {
        parent.items[key] = node;
      } else if (identity.isPair(parent)) {
        if (key === "key")
          parent.key = node;
        else
          parent.value = node;
      } else if (identity.isDocument(parent)) {
        parent.contents = node;
      } else {
        const pt = identity.isAlias(parent) ? "alias" : "scalar";
        throw new Error(`Cannot replace node with ${pt} parent`);
      }
    }
    exports.visit = visit;
    exports.visitAsync = visitAsync;
  }
});

// node_modules/yaml/dist/doc/directives.js
var require_directives = __commonJS({
  "node_modules/yaml/dist/doc/directives.js"(exports) {
    "use strict";
    var identity = require_identity();
    var visit = require_visit();
    var escapeChars = {
      "!": "%21",
      ",": "%2C",
      "[": "%5B",
      "]": "%5D",
      "{": "%7B",
      "}": "%7D"
    };
    var escapeTagName = (tn) => tn.replace(/[!,[\]{}]/g, (ch) => escapeChars[ch]);
    var Directives = class _Directives {
      constructor(yaml, tags) {
        this.docStart = null;
        this.docEnd = false;
        this.yaml = Object.assign({}, _Directives.defaultYaml, yaml);
        this.tags = Object.assign({}, _Directives.defaultTags, tags);
      }
      clone() {
        const copy = new _Directives(this.yaml, this.tags);
        copy.docStart = this.docStart;
        return copy;
      }
      /**
       * During parsing, get a Directives instance for the current document and
       * update the stream state according to the current version's spec.
       */
      atDocument() {
        const res = new _Directives(this.yaml, this.tags);
        switch (this.yaml.version) {
          case "1.1":
            this.atNextDocument = true;
            break;
          case "1.2":
            this.atNextDocument = false;
            this.yaml = {
              explicit: _Directives.defaultYaml.explicit,
              version: "1.2"
            };
            this.tags = Object.assign({}, _Directives.defaultTags);
            break;
        }
        return res;
      }
      /**
       * @param onError - May be called even if the action was successful
       * @returns `true` on success
       */
      add(line, onError) {
        if (this.atNextDocument) {
          this.yaml = { explicit: _Directives.defaultYaml.explicit, version: "1.1" };
          this.tags = Object.assign({}, _Directives.defaultTags);
          this.atNextDocument = false;
        }
        const parts = line.trim().split(/[ \t]+/);
        const name = parts.shift();
        switch (name) {
          case "%TAG": {
            if (parts.length !== 2) {
              onError(0, "%TAG directive should contain exactly two parts");
              if (parts.length < 2)
                return false;
            }
            const [handle, prefix] = parts;
            this.tags[handle] = prefix;
            return true;
          }
          case "%YAML": {
            this.yaml.explicit = true;
            if (parts.length !== 1) {
              onError(0, "%YAML directive should contain exactly one part");
              return false;
            }
            const [version] = parts;
            if (version === "1.1" || version === "1.2") {
              this.yaml.version = version;
              return true;
            } else {
              const isValid = /^\d+\.\d+$/.test(version);
              onError(6, `Unsupported YAML version ${version}`, isValid);
              return false;
            }
          }
          default:
            onError(0, `Unknown directive ${name}`, true);
            return false;
        }
      }
      /**
       * Resolves a tag, matching handles to those defined in %TAG directives.
       *
       * @returns Resolved tag, which may also be the non-specific tag `'!'` or a
       *   `'!local'` tag, or `null` if unresolvable.
       */
      tagName(source2, onError) {
        if (source2 === "!")
          return "!";
        if (source2[0] !== "!") {
          onError(`Not a valid tag: ${source2}`);
          return null;
        }
        if (source2[1] === "<") {
          const verbatim = source2.slice(2, -1);
          if (verbatim === "!" || verbatim === "!!") {
            onError(`Verbatim tags aren't resolved, so ${source2} is invalid.`);
            return null;
          }
          if (source2[source2.length - 1] !== ">")
            onError("Verbatim tags must end with a >");
          return verbatim;
        }
        const [, handle, suffix] = source2.match(/^(.*!)([^!]*)$/s);
        if (!suffix)
          onError(`The ${source2} tag has no suffix`);
        const prefix = this.tags[handle];
        if (prefix) {
          try {
            return prefix + decodeURIComponent(suffix);
          } catch (error) {
            onError(String(error));
            return null;
          }
        }
        if (handle === "!")
          return source2;
        onError(`Could not resolve tag: ${source2}`);
        return null;
      }
      /**
       * Given a fully resolved tag, returns its printable string form,
       * taking into account current tag prefixes and defaults.
       */
      tagString(tag) {
        for (const [handle, prefix] of Object.entries(this.tags)) {
          if (tag.startsWith(prefix))
            return handle + escapeTagName(tag.substring(prefix.length));
        }
        return tag[0] === "!" ? tag : `!<${tag}>`;
      }
      toString(doc) {
        const lines = this.yaml.explicit ? [`%YAML ${this.yaml.version || "1.2"}`] : [];
        const tagEntries = Object.entries(this.tags);
        let tagNames;
        if (doc && tagEntries.length > 0 && identity.isNode(doc.contents)) {
          const tags = {};
          visit.visit(doc.contents, (_key, node) => {
            if (identity.isNode(node) && node.tag)
              tags[node.tag] = true;
          });
          tagNames = Object.keys(tags);
        } else
          tagNames = [];
        for (const [handle, prefix] of tagEntries) {
          if (handle === "!!" && prefix === "tag:yaml.org,2002:")
            continue;
          if (!doc || tagNames.some((tn) => tn.startsWith(prefix)))
            lines.push(`%TAG ${handle} ${prefix}`);
        }
        return lines.join("\n");
      }
    };
    Directives.defaultYaml = { explicit: false, version: "1.2" };
    Directives.defaultTags = { "!!": "tag:yaml.org,2002:" };
    exports.Directives = Directives;
  }
});

// node_modules/yaml/dist/doc/anchors.js
var require_anchors = __commonJS({
  "node_modules/yaml/dist/doc/anchors.js"(exports) {
    "use strict";
    var identity = require_identity();
    var visit = require_visit();
    function anchorIsValid(anchor) {
      if (/[\x00-\x19\s,[\]{}]/.test(anchor)) {
        const sa = JSON.stringify(anchor);
        const msg = `Anchor must not contain whitespace or control characters: ${sa}`;
        throw new Error(msg);
      }
      return true;
    }
    function anchorNames(root) {
      const anchors = /* @__PURE__ */ new Set();
      visit.visit(root, {
        Value(_key, node) {
          if (node.anchor)
            anchors.add(node.anchor);
        }
      });
      return anchors;
    }
    function findNewAnchor(prefix, exclude) {
      for (let i = 1; true; ++i) {
        const name = `${prefix}${i}`;
        if (!exclude.has(name))
          return name;
      }
    }
    function createNodeAnchors(doc, prefix) {
      const aliasObjects = [];
      const sourceObjects = /* @__PURE__ */ new Map();
      let prevAnchors = null;
      return {
        onAnchor: (source2) => {
          aliasObjects.push(source2);
          prevAnchors ?? (prevAnchors = anchorNames(doc));
          const anchor = findNewAnchor(prefix, prevAnchors);
          prevAnchors.add(anchor);
          return anchor;
        },
        /**
         * With circular references, the source node is only resolved after all
         * of its child nodes are. This is why anchors are set only after all of
         * the nodes have been created.
         */
        setAnchors: () => {
          for (const source2 of aliasObjects) {
            const ref = sourceObjects.get(source2);
            if (typeof ref === "object" && ref.anchor && (identity.isScalar(ref.node) || identity.isCollection(ref.node))) {
              ref.node.anchor = ref.anchor;
            } else {
              const error = new Error("Failed to resolve repeated object (this should not happen)");
              error.source = source2;
              throw error;
            }
          }
        },
        sourceObjects
      };
    }
    exports.anchorIsValid = anchorIsValid;
    exports.anchorNames = anchorNames;
    exports.createNodeAnchors = createNodeAnchors;
    exports.findNewAnchor = findNewAnchor;
  }
});

// node_modules/yaml/dist/doc/applyReviver.js
var require_applyReviver = __commonJS({
  "node_modules/yaml/dist/doc/applyReviver.js"(exports) {
    "use strict";
    function applyReviver(reviver, obj, key, val) {
      if (val && typeof val === "object") {
        if (Array.isArray(val)) {
          for (let i = 0, len = val.length; i < len; ++i) {
            const v0 = val[i];
            const v1 = applyReviver(reviver, val, String(i), v0);
            if (v1 === void 0)
              delete val[i];
            else if (v1 !== v0)
              val[i] = v1;
          }
        } else if (val instanceof Map) {
          for (const k of Array.from(val.keys())) {
            const v0 = val.get(k);
            const v1 = applyReviver(reviver, val, k, v0);
            if (v1 === void 0)
              val.delete(k);
            else if (v1 !== v0)
              val.set(k, v1);
          }
        } else if (val instanceof Set) {
          for (const v0 of Array.from(val)) {
            const v1 = applyReviver(reviver, val, v0, v0);
            if (v1 === void 0)
              val.delete(v0);
            else if (v1 !== v0) {
              val.delete(v0);
              val.add(v1);
            }
          }
        } else {
          for (const [k, v0] of Object.entries(val)) {
            const v1 = applyReviver(reviver, val, k, v0);
            if (v1 === void 0)
              delete val[k];
            else if (v1 !== v0)
              val[k] = v1;
          }
        }
      }
      return reviver.call(obj, key, val);
    }
    exports.applyReviver = applyReviver;
  }
});

// node_modules/yaml/dist/nodes/toJS.js
var require_toJS = __commonJS({
  "node_modules/yaml/dist/nodes/toJS.js"(exports) {
    "use strict";
    var identity = require_identity();
    function toJS(value, arg, ctx) {
      if (Array.isArray(value))
        return value.map((v, i) => toJS(v, String(i), ctx));
      if (value && typeof value.toJSON === "function") {
        if (!ctx || !identity.hasAnchor(value))
          return value.toJSON(arg, ctx);
        const data = { aliasCount: 0, count: 1, res: void 0 };
        ctx.anchors.set(value, data);
        ctx.onCreate = (res2) => {
          data.res = res2;
          delete ctx.onCreate;
        };
        const res = value.toJSON(arg, ctx);
        if (ctx.onCreate)
          ctx.onCreate(res);
        return res;
      }
      if (typeof value === "bigint" && !ctx?.keep)
        return Number(value);
      return value;
    }
    exports.toJS = toJS;
  }
});

// node_modules/yaml/dist/nodes/Node.js
var require_Node = __commonJS({
  "node_modules/yaml/dist/nodes/Node.js"(exports) {
    "use strict";
    var applyReviver = require_applyReviver();
    var identity = require_identity();
    var toJS = require_toJS();
    var NodeBase = class {
      constructor(type) {
        Object.defineProperty(this, identity.NODE_TYPE, { value: type });
      }
      /** Create a copy of this node.  */
      clone() {
        const copy = Object.create(Object.getPrototypeOf(this), Object.getOwnPropertyDescriptors(this));
        if (this.range)
          copy.range = this.range.slice();
        return copy;
      }
      /** A plain JavaScript representation of this node. */
      toJS(doc, { mapAsMap, maxAliasCount, onAnchor, reviver } = {}) {
        if (!identity.isDocument(doc))
          throw new TypeError("A document argument is required");
        const ctx = {
          anchors: /* @__PURE__ */ new Map(),
          doc,
          keep: true,
          mapAsMap: mapAsMap === true,
          mapKeyWarned: false,
          maxAliasCount: typeof maxAliasCount === "number" ? maxAliasCount : 100
        };
        const res = toJS.toJS(this, "", ctx);
        if (typeof onAnchor === "function")
          for (const { count, res: res2 } of ctx.anchors.values())
            onAnchor(res2, count);
        return typeof reviver === "function" ? applyReviver.applyReviver(reviver, { "": res }, "", res) : res;
      }
    };
    exports.NodeBase = NodeBase;
  }
});

// node_modules/yaml/dist/nodes/Alias.js
var require_Alias = __commonJS({
  "node_modules/yaml/dist/nodes/Alias.js"(exports) {
    "use strict";
    var anchors = require_anchors();
    var visit = require_visit();
    var identity = require_identity();
    var Node = require_Node();
    var toJS = require_toJS();
    var Alias = class extends Node.NodeBase {
      constructor(source2) {
        super(identity.ALIAS);
        this.source = source2;
        Object.defineProperty(this, "tag", {
          set() {
            throw new Error("Alias nodes cannot have tags");
          }
        });
      }
      /**
       * Resolve the value of this alias within `doc`, finding the last
       * instance of the `source` anchor before this node.
       */
      resolve(doc, ctx) {
        if (ctx?.maxAliasCount === 0)
          throw new ReferenceError("Alias resolution is disabled");
        let nodes;
        if (ctx?.aliasResolveCache) {
          nodes = ctx.aliasResolveCache;
        } else {
          nodes = [];
          visit.visit(doc, {
            Node: (_key, node) => {
              if (identity.isAlias(node) || identity.hasAnchor(node))
                nodes.push(node);
            }
          });
          if (ctx)
            ctx.aliasResolveCache = nodes;
        }
        let found = void 0;
        for (const node of nodes) {
          if (node === this)
            break;
          if (node.anchor === this.source)
            found = node;
        }
        if (found && ctx) {
          const { anchors: anchors2, doc: doc2, maxAliasCount } = ctx;
          let data = anchors2.get(found);
          if (!data) {
            toJS.toJS(found, null, ctx);
            data = anchors2.get(found);
          }
          if (data?.res === void 0) {
            const msg = "This should not happen: Alias anchor was not resolved?";
            throw new ReferenceError(msg);
          }
          if (maxAliasCount >= 0) {
            data.count += 1;
            if (data.aliasCount === 0)
              data.aliasCount = getAliasCount(doc2, found, anchors2);
            if (data.count * data.aliasCount > maxAliasCount) {
              const msg = "Excessive alias count indicates a resource exhaustion attack";
              throw new ReferenceError(msg);
            }
          }
        }
        return found;
      }
      toJSON(_arg, ctx) {
        if (!ctx)
          return { source: this.source };
        const source2 = this.resolve(ctx.doc, ctx);
        if (!source2) {
          const msg = `Unresolved alias (the anchor must be set before the alias): ${this.source}`;
          throw new ReferenceError(msg);
        }
        return ctx.anchors.get(source2).res;
      }
      toString(ctx, _onComment, _onChompKeep) {
        const src = `*${this.source}`;
        if (ctx) {
          anchors.anchorIsValid(this.source);
          if (ctx.options.verifyAliasOrder && !ctx.anchors.has(this.source)) {
            const msg = `Unresolved alias (the anchor must be set before the alias): ${this.source}`;
            throw new Error(msg);
          }
          if (ctx.implicitKey)
            return `${src} `;
        }
        return src;
      }
    };
    function getAliasCount(doc, node, anchors2) {
      if (identity.isAlias(node)) {
        const source2 = node.resolve(doc);
        const anchor = anchors2 && source2 && anchors2.get(source2);
        return anchor ? anchor.count * anchor.aliasCount : 0;
      } else if (identity.isCollection(node)) {
        let count = 0;
        for (const item of node.items) {
          const c = getAliasCount(doc, item, anchors2);
          if (c > count)
            count = c;
        }
        return count;
      } else if (identity.isPair(node)) {
        const kc = getAliasCount(doc, node.key, anchors2);
        const vc = getAliasCount(doc, node.value, anchors2);
        return Math.max(kc, vc);
      }
      return 1;
    }
    exports.Alias = Alias;
  }
});

// node_modules/yaml/dist/nodes/Scalar.js
var require_Scalar = __commonJS({
  "node_modules/yaml/dist/nodes/Scalar.js"(exports) {
    "use strict";
    var identity = require_identity();
    var Node = require_Node();
    var toJS = require_toJS();
    var isScalarValue = (value) => !value || typeof value !== "function" && typeof value !== "object";
    var Scalar = class extends Node.NodeBase {
      constructor(value) {
        super(identity.SCALAR);
        this.value = value;
      }
      toJSON(arg, ctx) {
        return ctx?.keep ? this.value : toJS.toJS(this.value, arg, ctx);
      }
      toString() {
        return String(this.value);
      }
    };
    Scalar.BLOCK_FOLDED = "BLOCK_FOLDED";
    Scalar.BLOCK_LITERAL = "BLOCK_LITERAL";
    Scalar.PLAIN = "PLAIN";
    Scalar.QUOTE_DOUBLE = "QUOTE_DOUBLE";
    Scalar.QUOTE_SINGLE = "QUOTE_SINGLE";
    exports.Scalar = Scalar;
    exports.isScalarValue = isScalarValue;
  }
});

// node_modules/yaml/dist/doc/createNode.js
var require_createNode = __commonJS({
  "node_modules/yaml/dist/doc/createNode.js"(exports) {
    "use strict";
    var Alias = require_Alias();
    var identity = require_identity();
    var Scalar = require_Scalar();
    var defaultTagPrefix = "tag:yaml.org,2002:";
    function findTagObject(value, tagName, tags) {
      if (tagName) {
        const match = tags.filter((t) => t.tag === tagName);
        const tagObj = match.find((t) => !t.format) ?? match[0];
        if (!tagObj)
          throw new Error(`Tag ${tagName} not found`);
        return tagObj;
      }
      return tags.find((t) => t.identify?.(value) && !t.format);
    }
    function createNode(value, tagName, ctx) {
      if (identity.isDocument(value))
        value = value.contents;
      if (identity.isNode(value))
        return value;
      if (identity.isPair(value)) {
        const map = ctx.schema[identity.MAP].createNode?.(ctx.schema, null, ctx);
        map.items.push(value);
        return map;
      }
      if (value instanceof String || value instanceof Number || value instanceof Boolean || typeof BigInt !== "undefined" && value instanceof BigInt) {
        value = value.valueOf();
      }
      const { aliasDuplicateObjects, onAnchor, onTagObj, schema, sourceObjects } = ctx;
      let ref = void 0;
      if (aliasDuplicateObjects && value && typeof value === "object") {
        ref = sourceObjects.get(value);
        if (ref) {
          ref.anchor ?? (ref.anchor = onAnchor(value));
          return new Alias.Alias(ref.anchor);
        } else {
          ref = { anchor: null, node: null };
          sourceObjects.set(value, ref);
        }
      }
      if (tagName?.startsWith("!!"))
        tagName = defaultTagPrefix + tagName.slice(2);
      let tagObj = findTagObject(value, tagName, schema.tags);
      if (!tagObj) {
        if (value && typeof value.toJSON === "function") {
          value = value.toJSON();
        }
        if (!value || typeof value !== "object") {
          const node2 = new Scalar.Scalar(value);
          if (ref)
            ref.node = node2;
          return node2;
        }
        tagObj = value instanceof Map ? schema[identity.MAP] : Symbol.iterator in Object(value) ? schema[identity.SEQ] : schema[identity.MAP];
      }
      if (onTagObj) {
        onTagObj(tagObj);
        delete ctx.onTagObj;
      }
      const node = tagObj?.createNode ? tagObj.createNode(ctx.schema, value, ctx) : typeof tagObj?.nodeClass?.from === "function" ? tagObj.nodeClass.from(ctx.schema, value, ctx) : new Scalar.Scalar(value);
      if (tagName)
        node.tag = tagName;
      else if (!tagObj.default)
        node.tag = tagObj.tag;
      if (ref)
        ref.node = node;
      return node;
    }
    exports.createNode = createNode;
  }
});

// node_modules/yaml/dist/nodes/Collection.js
var require_Collection = __commonJS({
  "node_modules/yaml/dist/nodes/Collection.js"(exports) {
    "use strict";
    var createNode = require_createNode();
    var identity = require_identity();
    var Node = require_Node();
    function collectionFromPath(schema, path, value) {
      let v = value;
      for (let i = path.length - 1; i >= 0; --i) {
        const k = path[i];
        if (typeof k === "number" && Number.isInteger(k) && k >= 0) {
          const a = [];
          a[k] = v;
          v = a;
        } else {
          v = /* @__PURE__ */ new Map([[k, v]]);
        }
      }
      return createNode.createNode(v, void 0, {
        aliasDuplicateObjects: false,
        keepUndefined: false,
        onAnchor: () => {
          throw new Error("This should not happen, please report a bug.");
        },
        schema,
        sourceObjects: /* @__PURE__ */ new Map()
      });
    }
    var isEmptyPath = (path) => path == null || typeof path === "object" && !!path[Symbol.iterator]().next().done;
    var Collection = class extends Node.NodeBase {
      constructor(type, schema) {
        super(type);
        Object.defineProperty(this, "schema", {
          value: schema,
          configurable: true,
          enumerable: false,
          writable: true
        });
      }
      /**
       * Create a copy of this collection.
       *
       * @param schema - If defined, overwrites the original's schema
       */
      clone(schema) {
        const copy = Object.create(Object.getPrototypeOf(this), Object.getOwnPropertyDescriptors(this));
        if (schema)
          copy.schema = schema;
        copy.items = copy.items.map((it) => identity.isNode(it) || identity.isPair(it) ? it.clone(schema) : it);
        if (this.range)
          copy.range = this.range.slice();
        return copy;
      }
      /**
       * Adds a value to the collection. For `!!map` and `!!omap` the value must
       * be a Pair instance or a `{ key, value }` object, which may not have a key
       * that already exists in the map.
       */
      addIn(path, value) {
        if (isEmptyPath(path))
          this.add(value);
        else {
          const [key, ...rest] = path;
          const node = this.get(key, true);
          if (identity.isCollection(node))
            node.addIn(rest, value);
          else if (node === void 0 && this.schema)
            this.set(key, collectionFromPath(this.schema, rest, value));
          else
            throw new Error(`Expected YAML collection at ${key}. Remaining path: ${rest}`);
        }
      }
      /**
       * Removes a value from the collection.
       * @returns `true` if the item was found and removed.
       */
      deleteIn(path) {
        const [key, ...rest] = path;
        if (rest.length === 0)
          return this.delete(key);
        const node = this.get(key, true);
        if (identity.isCollection(node))
          return node.deleteIn(rest);
        else
          throw new Error(`Expected YAML collection at ${key}. Remaining path: ${rest}`);
      }
      /**
       * Returns item at `key`, or `undefined` if not found. By default unwraps
       * scalar values from their surrounding node; to disable set `keepScalar` to
       * `true` (collections are always returned intact).
       */
      getIn(path, keepScalar) {
        const [key, ...rest] = path;
        const node = this.get(key, true);
        if (rest.length === 0)
          return !keepScalar && identity.isScalar(node) ? node.value : node;
        else
          return identity.isCollection(node) ? node.getIn(rest, keepScalar) : void 0;
      }
      hasAllNullValues(allowScalar) {
        return this.items.every((node) => {
          if (!identity.isPair(node))
            return false;
          const n = node.value;
          return n == null || allowScalar && identity.isScalar(n) && n.value == null && !n.commentBefore && !n.comment && !n.tag;
        });
      }
      /**
       * Checks if the collection includes a value with the key `key`.
       */
      hasIn(path) {
        const [key, ...rest] = path;
        if (rest.length === 0)
          return this.has(key);
        const node = this.get(key, true);
        return identity.isCollection(node) ? node.hasIn(rest) : false;
      }
      /**
       * Sets a value in this collection. For `!!set`, `value` needs to be a
       * boolean to add/remove the item from the set.
       */
      setIn(path, value) {
        const [key, ...rest] = path;
        if (rest.length === 0) {
          this.set(key, value);
        } else {
          const node = this.get(key, true);
          if (identity.isCollection(node))
            node.setIn(rest, value);
          else if (node === void 0 && this.schema)
            this.set(key, collectionFromPath(this.schema, rest, value));
          else
            throw new Error(`Expected YAML collection at ${key}. Remaining path: ${rest}`);
        }
      }
    };
    exports.Collection = Collection;
    exports.collectionFromPath = collectionFromPath;
    exports.isEmptyPath = isEmptyPath;
  }
});

// node_modules/yaml/dist/stringify/stringifyComment.js
var require_stringifyComment = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyComment.js"(exports) {
    "use strict";
    var stringifyComment = (str) => str.replace(/^(?!$)(?: $)?/gm, "#");
    function indentComment(comment, indent) {
      if (/^\n+$/.test(comment))
        return comment.substring(1);
      return indent ? comment.replace(/^(?! *$)/gm, indent) : comment;
    }
    var lineComment = (str, indent, comment) => str.endsWith("\n") ? indentComment(comment, indent) : comment.includes("\n") ? "\n" + indentComment(comment, indent) : (str.endsWith(" ") ? "" : " ") + comment;
    exports.indentComment = indentComment;
    exports.lineComment = lineComment;
    exports.stringifyComment = stringifyComment;
  }
});

// node_modules/yaml/dist/stringify/foldFlowLines.js
var require_foldFlowLines = __commonJS({
  "node_modules/yaml/dist/stringify/foldFlowLines.js"(exports) {
    "use strict";
    var FOLD_FLOW = "flow";
    var FOLD_BLOCK = "block";
    var FOLD_QUOTED = "quoted";
    function foldFlowLines(text, indent, mode = "flow", { indentAtStart, lineWidth = 80, minContentWidth = 20, onFold, onOverflow } = {}) {
      if (!lineWidth || lineWidth < 0)
        return text;
      if (lineWidth < minContentWidth)
        minContentWidth = 0;
      const endStep = Math.max(1 + minContentWidth, 1 + lineWidth - indent.length);
      if (text.length <= endStep)
        return text;
      const folds = [];
      const escapedFolds = {};
      let end = lineWidth - indent.length;
      if (typeof indentAtStart === "number") {
        if (indentAtStart > lineWidth - Math.max(2, minContentWidth))
          folds.push(0);
        else
          end = lineWidth - indentAtStart;
      }
      let split = void 0;
      let prev = void 0;
      let overflow = false;
      let i = -1;
      let escStart = -1;
      let escEnd = -1;
      if (mode === FOLD_BLOCK) {
        i = consumeMoreIndentedLines(text, i, indent.length);
        if (i !== -1)
          end = i + endStep;
      }
      for (let ch; ch = text[i += 1]; ) {
        if (mode === FOLD_QUOTED && ch === "\\") {
          escStart = i;
          switch (text[i + 1]) {
            case "x":
              i += 3;
              break;
            case "u":
              i += 5;
              break;
            case "U":
              i += 9;
              break;
            default:
              i += 1;
          }
          escEnd = i;
        }
        if (ch === "\n") {
          if (mode === FOLD_BLOCK)
            i = consumeMoreIndentedLines(text, i, indent.length);
          end = i + indent.length + endStep;
          split = void 0;
        } else {
          if (ch === " " && prev && prev !== " " && prev !== "\n" && prev !== "	") {
            const next = text[i + 1];
            if (next && next !== " " && next !== "\n" && next !== "	")
              split = i;
          }
          if (i >= end) {
            if (split) {
              folds.push(split);
              end = split + endStep;
              split = void 0;
            } else if (mode === FOLD_QUOTED) {
              while (prev === " " || prev === "	") {
                prev = ch;
                ch = text[i += 1];
                overflow = true;
              }
              const j = i > escEnd + 1 ? i - 2 : escStart - 1;
              if (escapedFolds[j])
                return text;
              folds.push(j);
              escapedFolds[j] = true;
              end = j + endStep;
              split = void 0;
            } else {
              overflow = true;
            }
          }
        }
        prev = ch;
      }
      if (overflow && onOverflow)
        onOverflow();
      if (folds.length === 0)
        return text;
      if (onFold)
        onFold();
      let res = text.slice(0, folds[0]);
      for (let i2 = 0; i2 < folds.length; ++i2) {
        const fold = folds[i2];
        const end2 = folds[i2 + 1] || text.length;
        if (fold === 0)
          res = `
${indent}${text.slice(0, end2)}`;
        else {
          if (mode === FOLD_QUOTED && escapedFolds[fold])
            res += `${text[fold]}\\`;
          res += `
${indent}${text.slice(fold + 1, end2)}`;
        }
      }
      return res;
    }
    function consumeMoreIndentedLines(text, i, indent) {
      let end = i;
      let start = i + 1;
      let ch = text[start];
      while (ch === " " || ch === "	") {
        if (i < start + indent) {
          ch = text[++i];
        } else {
          do {
            ch = text[++i];
          } while (ch && ch !== "\n");
          end = i;
          start = i + 1;
          ch = text[start];
        }
      }
      return end;
    }
    exports.FOLD_BLOCK = FOLD_BLOCK;
    exports.FOLD_FLOW = FOLD_FLOW;
    exports.FOLD_QUOTED = FOLD_QUOTED;
    exports.foldFlowLines = foldFlowLines;
  }
});

// node_modules/yaml/dist/stringify/stringifyString.js
var require_stringifyString = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyString.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var foldFlowLines = require_foldFlowLines();
    var getFoldOptions = (ctx, isBlock) => ({
      indentAtStart: isBlock ? ctx.indent.length : ctx.indentAtStart,
      lineWidth: ctx.options.lineWidth,
      minContentWidth: ctx.options.minContentWidth
    });
    var containsDocumentMarker = (str) => /^(%|---|\.\.\.)/m.test(str);
    function lineLengthOverLimit(str, lineWidth, indentLength) {
      if (!lineWidth || lineWidth < 0)
        return false;
      const limit = lineWidth - indentLength;
      const strLen = str.length;
      if (strLen <= limit)
        return false;
      for (let i = 0, start = 0; i < strLen; ++i) {
        if (str[i] === "\n") {
          if (i - start > limit)
            return true;
          start = i + 1;
          if (strLen - start <= limit)
            return false;
        }
      }
      return true;
    }
    function doubleQuotedString(value, ctx) {
      const json = JSON.stringify(value);
      if (ctx.options.doubleQuotedAsJSON)
        return json;
      const { implicitKey } = ctx;
      const minMultiLineLength = ctx.options.doubleQuotedMinMultiLineLength;
      const indent = ctx.indent || (containsDocumentMarker(value) ? "  " : "");
      let str = "";
      let start = 0;
      for (let i = 0, ch = json[i]; ch; ch = json[++i]) {
        if (ch === " " && json[i + 1] === "\\" && json[i + 2] === "n") {
          str += json.slice(start, i) + "\\ ";
          i += 1;
          start = i;
          ch = "\\";
        }
        if (ch === "\\")
          switch (json[i + 1]) {
            case "u":
              {
                str += json.slice(start, i);
                const code = json.substr(i + 2, 4);
                switch (code) {
                  case "0000":
                    str += "\\0";
                    break;
                  case "0007":
                    str += "\\a";
                    break;
                  case "000b":
                    str += "\\v";
                    break;
                  case "001b":
                    str += "\\e";
                    break;
                  case "0085":
                    str += "\\N";
                    break;
                  case "00a0":
                    str += "\\_";
                    break;
                  case "2028":
                    str += "\\L";
                    break;
                  case "2029":
                    str += "\\P";
                    break;
                  default:
                    if (code.substr(0, 2) === "00")
                      str += "\\x" + code.substr(2);
                    else
                      str += json.substr(i, 6);
                }
                i += 5;
                start = i + 1;
              }
              break;
            case "n":
              if (implicitKey || json[i + 2] === '"' || json.length < minMultiLineLength) {
                i += 1;
              } else {
                str += json.slice(start, i) + "\n\n";
                while (json[i + 2] === "\\" && json[i + 3] === "n" && json[i + 4] !== '"') {
                  str += "\n";
                  i += 2;
                }
                str += indent;
                if (json[i + 2] === " ")
                  str += "\\";
                i += 1;
                start = i + 1;
              }
              break;
            default:
              i += 1;
          }
      }
      str = start ? str + json.slice(start) : json;
      return implicitKey ? str : foldFlowLines.foldFlowLines(str, indent, foldFlowLines.FOLD_QUOTED, getFoldOptions(ctx, false));
    }
    function singleQuotedString(value, ctx) {
      if (ctx.options.singleQuote === false || ctx.implicitKey && value.includes("\n") || /[ \t]\n|\n[ \t]/.test(value))
        return doubleQuotedString(value, ctx);
      const indent = ctx.indent || (containsDocumentMarker(value) ? "  " : "");
      const res = "'" + value.replace(/'/g, "''").replace(/\n+/g, `$&
${indent}`) + "'";
      return ctx.implicitKey ? res : foldFlowLines.foldFlowLines(res, indent, foldFlowLines.FOLD_FLOW, getFoldOptions(ctx, false));
    }
    function quotedString(value, ctx) {
      const { singleQuote } = ctx.options;
      let qs;
      if (singleQuote === false)
        qs = doubleQuotedString;
      else {
        const hasDouble = value.includes('"');
        const hasSingle = value.includes("'");
        if (hasDouble && !hasSingle)
          qs = singleQuotedString;
        else if (hasSingle && !hasDouble)
          qs = doubleQuotedString;
        else
          qs = singleQuote ? singleQuotedString : doubleQuotedString;
      }
      return qs(value, ctx);
    }
    var blockEndNewlines;
    try {
      blockEndNewlines = new RegExp("(^|(?<!\n))\n+(?!\n|$)", "g");
    } catch {
      blockEndNewlines = /\n+(?!\n|$)/g;
    }
    function blockString({ comment, type, value }, ctx, onComment, onChompKeep) {
      const { blockQuote, commentString, lineWidth } = ctx.options;
      if (!blockQuote || /\n[\t ]+$/.test(value)) {
        return quotedString(value, ctx);
      }
      const indent = ctx.indent || (ctx.forceBlockIndent || containsDocumentMarker(value) ? "  " : "");
      const literal = blockQuote === "literal" ? true : blockQuote === "folded" || type === Scalar.Scalar.BLOCK_FOLDED ? false : type === Scalar.Scalar.BLOCK_LITERAL ? true : !lineLengthOverLimit(value, lineWidth, indent.length);
      if (!value)
        return literal ? "|\n" : ">\n";
      let chomp;
      let endStart;
      for (endStart = value.length; endStart > 0; --endStart) {
        const ch = value[endStart - 1];
        if (ch !== "\n" && ch !== "	" && ch !== " ")
          break;
      }
      let end = value.substring(endStart);
      const endNlPos = end.indexOf("\n");
      if (endNlPos === -1) {
        chomp = "-";
      } else if (value === end || endNlPos !== end.length - 1) {
        chomp = "+";
        if (onChompKeep)
          onChompKeep();
      } else {
        chomp = "";
      }
      if (end) {
        value = value.slice(0, -end.length);
        if (end[end.length - 1] === "\n")
          end = end.slice(0, -1);
        end = end.replace(blockEndNewlines, `$&${indent}`);
      }
      let startWithSpace = false;
      let startEnd;
      let startNlPos = -1;
      for (startEnd = 0; startEnd < value.length; ++startEnd) {
        const ch = value[startEnd];
        if (ch === " ")
          startWithSpace = true;
        else if (ch === "\n")
          startNlPos = startEnd;
        else
          break;
      }
      let start = value.substring(0, startNlPos < startEnd ? startNlPos + 1 : startEnd);
      if (start) {
        value = value.substring(start.length);
        start = start.replace(/\n+/g, `$&${indent}`);
      }
      const indentSize = indent ? "2" : "1";
      let header = (startWithSpace ? indentSize : "") + chomp;
      if (comment) {
        header += " " + commentString(comment.replace(/ ?[\r\n]+/g, " "));
        if (onComment)
          onComment();
      }
      if (!literal) {
        const foldedValue = value.replace(/\n+/g, "\n$&").replace(/(?:^|\n)([\t ].*)(?:([\n\t ]*)\n(?![\n\t ]))?/g, "$1$2").replace(/\n+/g, `$&${indent}`);
        let literalFallback = false;
        const foldOptions = getFoldOptions(ctx, true);
        if (blockQuote !== "folded" && type !== Scalar.Scalar.BLOCK_FOLDED) {
          foldOptions.onOverflow = () => {
            literalFallback = true;
          };
        }
        const body = foldFlowLines.foldFlowLines(`${start}${foldedValue}${end}`, indent, foldFlowLines.FOLD_BLOCK, foldOptions);
        if (!literalFallback)
          return `>${header}
${indent}${body}`;
      }
      value = value.replace(/\n+/g, `$&${indent}`);
      return `|${header}
${indent}${start}${value}${end}`;
    }
    function plainString(item, ctx, onComment, onChompKeep) {
      const { type, value } = item;
      const { actualString, implicitKey, indent, indentStep, inFlow } = ctx;
      if (implicitKey && value.includes("\n") || inFlow && /[[\]{},]/.test(value)) {
        return quotedString(value, ctx);
      }
      if (/^[\n\t ,[\]{}#&*!|>'"%@`]|^[?-]$|^[?-][ \t]|[\n:][ \t]|[ \t]\n|[\n\t ]#|[\n\t :]$/.test(value)) {
        return implicitKey || inFlow || !value.includes("\n") ? quotedString(value, ctx) : blockString(item, ctx, onComment, onChompKeep);
      }
      if (!implicitKey && !inFlow && type !== Scalar.Scalar.PLAIN && value.includes("\n")) {
        return blockString(item, ctx, onComment, onChompKeep);
      }
      if (containsDocumentMarker(value)) {
        if (indent === "") {
          ctx.forceBlockIndent = true;
          return blockString(item, ctx, onComment, onChompKeep);
        } else if (implicitKey && indent === indentStep) {
          return quotedString(value, ctx);
        }
      }
      const str = value.replace(/\n+/g, `$&
${indent}`);
      if (actualString) {
        const test = (tag) => tag.default && tag.tag !== "tag:yaml.org,2002:str" && tag.test?.test(str);
        const { compat, tags } = ctx.doc.schema;
        if (tags.some(test) || compat?.some(test))
          return quotedString(value, ctx);
      }
      return implicitKey ? str : foldFlowLines.foldFlowLines(str, indent, foldFlowLines.FOLD_FLOW, getFoldOptions(ctx, false));
    }
    function stringifyString(item, ctx, onComment, onChompKeep) {
      const { implicitKey, inFlow } = ctx;
      const ss = typeof item.value === "string" ? item : Object.assign({}, item, { value: String(item.value) });
      let { type } = item;
      if (type !== Scalar.Scalar.QUOTE_DOUBLE) {
        if (/[\x00-\x08\x0b-\x1f\x7f-\x9f\u{D800}-\u{DFFF}]/u.test(ss.value))
          type = Scalar.Scalar.QUOTE_DOUBLE;
      }
      const _stringify = (_type) => {
        switch (_type) {
          case Scalar.Scalar.BLOCK_FOLDED:
          case Scalar.Scalar.BLOCK_LITERAL:
            return implicitKey || inFlow ? quotedString(ss.value, ctx) : blockString(ss, ctx, onComment, onChompKeep);
          case Scalar.Scalar.QUOTE_DOUBLE:
            return doubleQuotedString(ss.value, ctx);
          case Scalar.Scalar.QUOTE_SINGLE:
            return singleQuotedString(ss.value, ctx);
          case Scalar.Scalar.PLAIN:
            return plainString(ss, ctx, onComment, onChompKeep);
          default:
            return null;
        }
      };
      let res = _stringify(type);
      if (res === null) {
        const { defaultKeyType, defaultStringType } = ctx.options;
        const t = implicitKey && defaultKeyType || defaultStringType;
        res = _stringify(t);
        if (res === null)
          throw new Error(`Unsupported default string type ${t}`);
      }
      return res;
    }
    exports.stringifyString = stringifyString;
  }
});

// node_modules/yaml/dist/stringify/stringify.js
var require_stringify = __commonJS({
  "node_modules/yaml/dist/stringify/stringify.js"(exports) {
    "use strict";
    var anchors = require_anchors();
    var identity = require_identity();
    var stringifyComment = require_stringifyComment();
    var stringifyString = require_stringifyString();
    function createStringifyContext(doc, options) {
      const opt = Object.assign({
        blockQuote: true,
        commentString: stringifyComment.stringifyComment,
        defaultKeyType: null,
        defaultStringType: "PLAIN",
        directives: null,
        doubleQuotedAsJSON: false,
        doubleQuotedMinMultiLineLength: 40,
        falseStr: "false",
        flowCollectionPadding: true,
        indentSeq: true,
        lineWidth: 80,
        minContentWidth: 20,
        nullStr: "null",
        simpleKeys: false,
        singleQuote: null,
        trailingComma: false,
        trueStr: "true",
        verifyAliasOrder: true
      }, doc.schema.toStringOptions, options);
      let inFlow;
      switch (opt.collectionStyle) {
        case "block":
          inFlow = false;
          break;
        case "flow":
          inFlow = true;
          break;
        default:
          inFlow = null;
      }
      return {
        anchors: /* @__PURE__ */ new Set(),
        doc,
        flowCollectionPadding: opt.flowCollectionPadding ? " " : "",
        indent: "",
        indentStep: typeof opt.indent === "number" ? " ".repeat(opt.indent) : "  ",
        inFlow,
        options: opt
      };
    }
    function getTagObject(tags, item) {
      if (item.tag) {
        const match = tags.filter((t) => t.tag === item.tag);
        if (match.length > 0)
          return match.find((t) => t.format === item.format) ?? match[0];
      }
      let tagObj = void 0;
      let obj;
      if (identity.isScalar(item)) {
        obj = item.value;
        let match = tags.filter((t) => t.identify?.(obj));
        if (match.length > 1) {
          const testMatch = match.filter((t) => t.test);
          if (testMatch.length > 0)
            match = testMatch;
        }
        tagObj = match.find((t) => t.format === item.format) ?? match.find((t) => !t.format);
      } else {
        obj = item;
        tagObj = tags.find((t) => t.nodeClass && obj instanceof t.nodeClass);
      }
      if (!tagObj) {
        const name = obj?.constructor?.name ?? (obj === null ? "null" : typeof obj);
        throw new Error(`Tag not resolved for ${name} value`);
      }
      return tagObj;
    }
    function stringifyProps(node, tagObj, { anchors: anchors$1, doc }) {
      if (!doc.directives)
        return "";
      const props = [];
      const anchor = (identity.isScalar(node) || identity.isCollection(node)) && node.anchor;
      if (anchor && anchors.anchorIsValid(anchor)) {
        anchors$1.add(anchor);
        props.push(`&${anchor}`);
      }
      const tag = node.tag ?? (tagObj.default ? null : tagObj.tag);
      if (tag)
        props.push(doc.directives.tagString(tag));
      return props.join(" ");
    }
    function stringify(item, ctx, onComment, onChompKeep) {
      if (identity.isPair(item))
        return item.toString(ctx, onComment, onChompKeep);
      if (identity.isAlias(item)) {
        if (ctx.doc.directives)
          return item.toString(ctx);
        if (ctx.resolvedAliases?.has(item)) {
          throw new TypeError(`Cannot stringify circular structure without alias nodes`);
        } else {
          if (ctx.resolvedAliases)
            ctx.resolvedAliases.add(item);
          else
            ctx.resolvedAliases = /* @__PURE__ */ new Set([item]);
          item = item.resolve(ctx.doc);
        }
      }
      let tagObj = void 0;
      const node = identity.isNode(item) ? item : ctx.doc.createNode(item, { onTagObj: (o) => tagObj = o });
      tagObj ?? (tagObj = getTagObject(ctx.doc.schema.tags, node));
      const props = stringifyProps(node, tagObj, ctx);
      if (props.length > 0)
        ctx.indentAtStart = (ctx.indentAtStart ?? 0) + props.length + 1;
      const str = typeof tagObj.stringify === "function" ? tagObj.stringify(node, ctx, onComment, onChompKeep) : identity.isScalar(node) ? stringifyString.stringifyString(node, ctx, onComment, onChompKeep) : node.toString(ctx, onComment, onChompKeep);
      if (!props)
        return str;
      return identity.isScalar(node) || str[0] === "{" || str[0] === "[" ? `${props} ${str}` : `${props}
${ctx.indent}${str}`;
    }
    exports.createStringifyContext = createStringifyContext;
    exports.stringify = stringify;
  }
});

// node_modules/yaml/dist/stringify/stringifyPair.js
var require_stringifyPair = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyPair.js"(exports) {
    "use strict";
    var identity = require_identity();
    var Scalar = require_Scalar();
    var stringify = require_stringify();
    var stringifyComment = require_stringifyComment();
    function stringifyPair({ key, value }, ctx, onComment, onChompKeep) {
      const { allNullValues, doc, indent, indentStep, options: { commentString, indentSeq, simpleKeys } } = ctx;
      let keyComment = identity.isNode(key) && key.comment || null;
      if (simpleKeys) {
        if (keyComment) {
          throw new Error("With simple keys, key nodes cannot have comments");
        }
        if (identity.isCollection(key) || !identity.isNode(key) && typeof key === "object") {
          const msg = "With simple keys, collection cannot be used as a key value";
          throw new Error(msg);
        }
      }
      let explicitKey = !simpleKeys && (!key || keyComment && value == null && !ctx.inFlow || identity.isCollection(key) || (identity.isScalar(key) ? key.type === Scalar.Scalar.BLOCK_FOLDED || key.type === Scalar.Scalar.BLOCK_LITERAL : typeof key === "object"));
      ctx = Object.assign({}, ctx, {
        allNullValues: false,
        implicitKey: !explicitKey && (simpleKeys || !allNullValues),
        indent: indent + indentStep
      });
      let keyCommentDone = false;
      let chompKeep = false;
      let str = stringify.stringify(key, ctx, () => keyCommentDone = true, () => chompKeep = true);
      if (!explicitKey && !ctx.inFlow && str.length > 1024) {
        if (simpleKeys)
          throw new Error("With simple keys, single line scalar must not span more than 1024 characters");
        explicitKey = true;
      }
      if (ctx.inFlow) {
        if (allNullValues || value == null) {
          if (keyCommentDone && onComment)
            onComment();
          return str === "" ? "?" : explicitKey ? `? ${str}` : str;
        }
      } else if (allNullValues && !simpleKeys || value == null && explicitKey) {
        str = `? ${str}`;
        if (keyComment && !keyCommentDone) {
          str += stringifyComment.lineComment(str, ctx.indent, commentString(keyComment));
        } else if (chompKeep && onChompKeep)
          onChompKeep();
        return str;
      }
      if (keyCommentDone)
        keyComment = null;
      if (explicitKey) {
        if (keyComment)
          str += stringifyComment.lineComment(str, ctx.indent, commentString(keyComment));
        str = `? ${str}
${indent}:`;
      } else {
        str = `${str}:`;
        if (keyComment)
          str += stringifyComment.lineComment(str, ctx.indent, commentString(keyComment));
      }
      let vsb, vcb, valueComment;
      if (identity.isNode(value)) {
        vsb = !!value.spaceBefore;
        vcb = value.commentBefore;
        valueComment = value.comment;
      } else {
        vsb = false;
        vcb = null;
        valueComment = null;
        if (value && typeof value === "object")
          value = doc.createNode(value);
      }
      ctx.implicitKey = false;
      if (!explicitKey && !keyComment && identity.isScalar(value))
        ctx.indentAtStart = str.length + 1;
      chompKeep = false;
      if (!indentSeq && indentStep.length >= 2 && !ctx.inFlow && !explicitKey && identity.isSeq(value) && !value.flow && !value.tag && !value.anchor) {
        ctx.indent = ctx.indent.substring(2);
      }
      let valueCommentDone = false;
      const valueStr = stringify.stringify(value, ctx, () => valueCommentDone = true, () => chompKeep = true);
      let ws = " ";
      if (keyComment || vsb || vcb) {
        ws = vsb ? "\n" : "";
        if (vcb) {
          const cs = commentString(vcb);
          ws += `
${stringifyComment.indentComment(cs, ctx.indent)}`;
        }
        if (valueStr === "" && !ctx.inFlow) {
          if (ws === "\n" && valueComment)
            ws = "\n\n";
        } else {
          ws += `
${ctx.indent}`;
        }
      } else if (!explicitKey && identity.isCollection(value)) {
        const vs0 = valueStr[0];
        const nl0 = valueStr.indexOf("\n");
        const hasNewline = nl0 !== -1;
        const flow = ctx.inFlow ?? value.flow ?? value.items.length === 0;
        if (hasNewline || !flow) {
          let hasPropsLine = false;
          if (hasNewline && (vs0 === "&" || vs0 === "!")) {
            let sp0 = valueStr.indexOf(" ");
            if (vs0 === "&" && sp0 !== -1 && sp0 < nl0 && valueStr[sp0 + 1] === "!") {
              sp0 = valueStr.indexOf(" ", sp0 + 1);
            }
            if (sp0 === -1 || nl0 < sp0)
              hasPropsLine = true;
          }
          if (!hasPropsLine)
            ws = `
${ctx.indent}`;
        }
      } else if (valueStr === "" || valueStr[0] === "\n") {
        ws = "";
      }
      str += ws + valueStr;
      if (ctx.inFlow) {
        if (valueCommentDone && onComment)
          onComment();
      } else if (valueComment && !valueCommentDone) {
        str += stringifyComment.lineComment(str, ctx.indent, commentString(valueComment));
      } else if (chompKeep && onChompKeep) {
        onChompKeep();
      }
      return str;
    }
    exports.stringifyPair = stringifyPair;
  }
});

// node_modules/yaml/dist/log.js
var require_log = __commonJS({
  "node_modules/yaml/dist/log.js"(exports) {
    "use strict";
    var node_process = __require("process");
    function debug(logLevel, ...messages) {
      if (logLevel === "debug")
        console.log(...messages);
    }
    function warn(logLevel, warning) {
      if (logLevel === "debug" || logLevel === "warn") {
        if (typeof node_process.emitWarning === "function")
          node_process.emitWarning(warning);
        else
          console.warn(warning);
      }
    }
    exports.debug = debug;
    exports.warn = warn;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/merge.js
var require_merge = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/merge.js"(exports) {
    "use strict";
    var identity = require_identity();
    var Scalar = require_Scalar();
    var MERGE_KEY = "<<";
    var merge = {
      identify: (value) => value === MERGE_KEY || typeof value === "symbol" && value.description === MERGE_KEY,
      default: "key",
      tag: "tag:yaml.org,2002:merge",
      test: /^<<$/,
      resolve: () => Object.assign(new Scalar.Scalar(Symbol(MERGE_KEY)), {
        addToJSMap: addMergeToJSMap
      }),
      stringify: () => MERGE_KEY
    };
    var isMergeKey = (ctx, key) => (merge.identify(key) || identity.isScalar(key) && (!key.type || key.type === Scalar.Scalar.PLAIN) && merge.identify(key.value)) && ctx?.doc.schema.tags.some((tag) => tag.tag === merge.tag && tag.default);
    function addMergeToJSMap(ctx, map, value) {
      const source2 = resolveAliasValue(ctx, value);
      if (identity.isSeq(source2))
        for (const it of source2.items)
          mergeValue(ctx, map, it);
      else if (Array.isArray(source2))
        for (const it of source2)
          mergeValue(ctx, map, it);
      else
        mergeValue(ctx, map, source2);
    }
    function mergeValue(ctx, map, value) {
      const source2 = resolveAliasValue(ctx, value);
      if (!identity.isMap(source2))
        throw new Error("Merge sources must be maps or map aliases");
      const srcMap = source2.toJSON(null, ctx, Map);
      for (const [key, value2] of srcMap) {
        if (map instanceof Map) {
          if (!map.has(key))
            map.set(key, value2);
        } else if (map instanceof Set) {
          map.add(key);
        } else if (!Object.prototype.hasOwnProperty.call(map, key)) {
          Object.defineProperty(map, key, {
            value: value2,
            writable: true,
            enumerable: true,
            configurable: true
          });
        }
      }
      return map;
    }
    function resolveAliasValue(ctx, value) {
      return ctx && identity.isAlias(value) ? value.resolve(ctx.doc, ctx) : value;
    }
    exports.addMergeToJSMap = addMergeToJSMap;
    exports.isMergeKey = isMergeKey;
    exports.merge = merge;
  }
});

// node_modules/yaml/dist/nodes/addPairToJSMap.js
var require_addPairToJSMap = __commonJS({
  "node_modules/yaml/dist/nodes/addPairToJSMap.js"(exports) {
    "use strict";
    var log = require_log();
    var merge = require_merge();
    var stringify = require_stringify();
    var identity = require_identity();
    var toJS = require_toJS();
    function addPairToJSMap(ctx, map, { key, value }) {
      if (identity.isNode(key) && key.addToJSMap)
        key.addToJSMap(ctx, map, value);
      else if (merge.isMergeKey(ctx, key))
        merge.addMergeToJSMap(ctx, map, value);
      else {
        const jsKey = toJS.toJS(key, "", ctx);
        if (map instanceof Map) {
          map.set(jsKey, toJS.toJS(value, jsKey, ctx));
        } else if (map instanceof Set) {
          map.add(jsKey);
        } else {
          const stringKey = stringifyKey(key, jsKey, ctx);
          const jsValue = toJS.toJS(value, stringKey, ctx);
          if (stringKey in map)
            Object.defineProperty(map, stringKey, {
              value: jsValue,
              writable: true,
              enumerable: true,
              configurable: true
            });
          else
            map[stringKey] = jsValue;
        }
      }
      return map;
    }
    function stringifyKey(key, jsKey, ctx) {
      if (jsKey === null)
        return "";
      if (typeof jsKey !== "object")
        return String(jsKey);
      if (identity.isNode(key) && ctx?.doc) {
        const strCtx = stringify.createStringifyContext(ctx.doc, {});
        strCtx.anchors = /* @__PURE__ */ new Set();
        for (const node of ctx.anchors.keys())
          strCtx.anchors.add(node.anchor);
        strCtx.inFlow = true;
        strCtx.inStringifyKey = true;
        const strKey = key.toString(strCtx);
        if (!ctx.mapKeyWarned) {
          let jsonStr = JSON.stringify(strKey);
          if (jsonStr.length > 40)
            jsonStr = jsonStr.substring(0, 36) + '..."';
          log.warn(ctx.doc.options.logLevel, `Keys with collection values will be stringified due to JS Object restrictions: ${jsonStr}. Set mapAsMap: true to use object keys.`);
          ctx.mapKeyWarned = true;
        }
        return strKey;
      }
      return JSON.stringify(jsKey);
    }
    exports.addPairToJSMap = addPairToJSMap;
  }
});

// node_modules/yaml/dist/nodes/Pair.js
var require_Pair = __commonJS({
  "node_modules/yaml/dist/nodes/Pair.js"(exports) {
    "use strict";
    var createNode = require_createNode();
    var stringifyPair = require_stringifyPair();
    var addPairToJSMap = require_addPairToJSMap();
    var identity = require_identity();
    function createPair(key, value, ctx) {
      const k = createNode.createNode(key, void 0, ctx);
      const v = createNode.createNode(value, void 0, ctx);
      return new Pair(k, v);
    }
    var Pair = class _Pair {
      constructor(key, value = null) {
        Object.defineProperty(this, identity.NODE_TYPE, { value: identity.PAIR });
        this.key = key;
        this.value = value;
      }
      clone(schema) {
        let { key, value } = this;
        if (identity.isNode(key))
          key = key.clone(schema);
        if (identity.isNode(value))
          value = value.clone(schema);
        return new _Pair(key, value);
      }
      toJSON(_, ctx) {
        const pair = ctx?.mapAsMap ? /* @__PURE__ */ new Map() : {};
        return addPairToJSMap.addPairToJSMap(ctx, pair, this);
      }
      toString(ctx, onComment, onChompKeep) {
        return ctx?.doc ? stringifyPair.stringifyPair(this, ctx, onComment, onChompKeep) : JSON.stringify(this);
      }
    };
    exports.Pair = Pair;
    exports.createPair = createPair;
  }
});

// node_modules/yaml/dist/stringify/stringifyCollection.js
var require_stringifyCollection = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyCollection.js"(exports) {
    "use strict";
    var identity = require_identity();
    var stringify = require_stringify();
    var stringifyComment = require_stringifyComment();
    function stringifyCollection(collection, ctx, options) {
      const flow = ctx.inFlow ?? collection.flow;
      const stringify2 = flow ? stringifyFlowCollection : stringifyBlockCollection;
      return stringify2(collection, ctx, options);
    }
    function stringifyBlockCollection({ comment, items }, ctx, { blockItemPrefix, flowChars, itemIndent, onChompKeep, onComment }) {
      const { indent, options: { commentString } } = ctx;
      const itemCtx = Object.assign({}, ctx, { indent: itemIndent, type: null });
      let chompKeep = false;
      const lines = [];
      for (let i = 0; i < items.length; ++i) {
        const item = items[i];
        let comment2 = null;
        if (identity.isNode(item)) {
          if (!chompKeep && item.spaceBefore)
            lines.push("");
          addCommentBefore(ctx, lines, item.commentBefore, chompKeep);
          if (item.comment)
            comment2 = item.comment;
        } else if (identity.isPair(item)) {
          const ik = identity.isNode(item.key) ? item.key : null;
          if (ik) {
            if (!chompKeep && ik.spaceBefore)
              lines.push("");
            addCommentBefore(ctx, lines, ik.commentBefore, chompKeep);
          }
        }
        chompKeep = false;
        let str2 = stringify.stringify(item, itemCtx, () => comment2 = null, () => chompKeep = true);
        if (comment2)
          str2 += stringifyComment.lineComment(str2, itemIndent, commentString(comment2));
        if (chompKeep && comment2)
          chompKeep = false;
        lines.push(blockItemPrefix + str2);
      }
      let str;
      if (lines.length === 0) {
        str = flowChars.start + flowChars.end;
      } else {
        str = lines[0];
        for (let i = 1; i < lines.length; ++i) {
          const line = lines[i];
          str += line ? `
${indent}${line}` : "\n";
        }
      }
      if (comment) {
        str += "\n" + stringifyComment.indentComment(commentString(comment), indent);
        if (onComment)
          onComment();
      } else if (chompKeep && onChompKeep)
        onChompKeep();
      return str;
    }
    function stringifyFlowCollection({ items }, ctx, { flowChars, itemIndent }) {
      const { indent, indentStep, flowCollectionPadding: fcPadding, options: { commentString } } = ctx;
      itemIndent += indentStep;
      const itemCtx = Object.assign({}, ctx, {
        indent: itemIndent,
        inFlow: true,
        type: null
      });
      let reqNewline = false;
      let linesAtValue = 0;
      const lines = [];
      for (let i = 0; i < items.length; ++i) {
        const item = items[i];
        let comment = null;
        if (identity.isNode(item)) {
          if (item.spaceBefore)
            lines.push("");
          addCommentBefore(ctx, lines, item.commentBefore, false);
          if (item.comment)
            comment = item.comment;
        } else if (identity.isPair(item)) {
          const ik = identity.isNode(item.key) ? item.key : null;
          if (ik) {
            if (ik.spaceBefore)
              lines.push("");
            addCommentBefore(ctx, lines, ik.commentBefore, false);
            if (ik.comment)
              reqNewline = true;
          }
          const iv = identity.isNode(item.value) ? item.value : null;
          if (iv) {
            if (iv.comment)
              comment = iv.comment;
            if (iv.commentBefore)
              reqNewline = true;
          } else if (item.value == null && ik?.comment) {
            comment = ik.comment;
          }
        }
        if (comment)
          reqNewline = true;
        let str = stringify.stringify(item, itemCtx, () => comment = null);
        reqNewline || (reqNewline = lines.length > linesAtValue || str.includes("\n"));
        if (i < items.length - 1) {
          str += ",";
        } else if (ctx.options.trailingComma) {
          if (ctx.options.lineWidth > 0) {
            reqNewline || (reqNewline = lines.reduce((sum, line) => sum + line.length + 2, 2) + (str.length + 2) > ctx.options.lineWidth);
          }
          if (reqNewline) {
            str += ",";
          }
        }
        if (comment)
          str += stringifyComment.lineComment(str, itemIndent, commentString(comment));
        lines.push(str);
        linesAtValue = lines.length;
      }
      const { start, end } = flowChars;
      if (lines.length === 0) {
        return start + end;
      } else {
        if (!reqNewline) {
          const len = lines.reduce((sum, line) => sum + line.length + 2, 2);
          reqNewline = ctx.options.lineWidth > 0 && len > ctx.options.lineWidth;
        }
        if (reqNewline) {
          let str = start;
          for (const line of lines)
            str += line ? `
${indentStep}${indent}${line}` : "\n";
          return `${str}
${indent}${end}`;
        } else {
          return `${start}${fcPadding}${lines.join(" ")}${fcPadding}${end}`;
        }
      }
    }
    function addCommentBefore({ indent, options: { commentString } }, lines, comment, chompKeep) {
      if (comment && chompKeep)
        comment = comment.replace(/^\n+/, "");
      if (comment) {
        const ic = stringifyComment.indentComment(commentString(comment), indent);
        lines.push(ic.trimStart());
      }
    }
    exports.stringifyCollection = stringifyCollection;
  }
});

// node_modules/yaml/dist/nodes/YAMLMap.js
var require_YAMLMap = __commonJS({
  "node_modules/yaml/dist/nodes/YAMLMap.js"(exports) {
    "use strict";
    var stringifyCollection = require_stringifyCollection();
    var addPairToJSMap = require_addPairToJSMap();
    var Collection = require_Collection();
    var identity = require_identity();
    var Pair = require_Pair();
    var Scalar = require_Scalar();
    function findPair(items, key) {
      const k = identity.isScalar(key) ? key.value : key;
      for (const it of items) {
        if (identity.isPair(it)) {
          if (it.key === key || it.key === k)
            return it;
          if (identity.isScalar(it.key) && it.key.value === k)
            return it;
        }
      }
      return void 0;
    }
    var YAMLMap = class extends Collection.Collection {
      static get tagName() {
        return "tag:yaml.org,2002:map";
      }
      constructor(schema) {
        super(identity.MAP, schema);
        this.items = [];
      }
      /**
       * A generic collection parsing method that can be extended
       * to other node classes that inherit from YAMLMap
       */
      static from(schema, obj, ctx) {
        const { keepUndefined, replacer } = ctx;
        const map = new this(schema);
        const add = (key, value) => {
          if (typeof replacer === "function")
            value = replacer.call(obj, key, value);
          else if (Array.isArray(replacer) && !replacer.includes(key))
            return;
          if (value !== void 0 || keepUndefined)
            map.items.push(Pair.createPair(key, value, ctx));
        };
        if (obj instanceof Map) {
          for (const [key, value] of obj)
            add(key, value);
        } else if (obj && typeof obj === "object") {
          for (const key of Object.keys(obj))
            add(key, obj[key]);
        }
        if (typeof schema.sortMapEntries === "function") {
          map.items.sort(schema.sortMapEntries);
        }
        return map;
      }
      /**
       * Adds a value to the collection.
       *
       * @param overwrite - If not set `true`, using a key that is already in the
       *   collection will throw. Otherwise, overwrites the previous value.
       */
      add(pair, overwrite) {
        let _pair;
        if (identity.isPair(pair))
          _pair = pair;
        else if (!pair || typeof pair !== "object" || !("key" in pair)) {
          _pair = new Pair.Pair(pair, pair?.value);
        } else
          _pair = new Pair.Pair(pair.key, pair.value);
        const prev = findPair(this.items, _pair.key);
        const sortEntries = this.schema?.sortMapEntries;
        if (prev) {
          if (!overwrite)
            throw new Error(`Key ${_pair.key} already set`);
          if (identity.isScalar(prev.value) && Scalar.isScalarValue(_pair.value))
            prev.value.value = _pair.value;
          else
            prev.value = _pair.value;
        } else if (sortEntries) {
          const i = this.items.findIndex((item) => sortEntries(_pair, item) < 0);
          if (i === -1)
            this.items.push(_pair);
          else
            this.items.splice(i, 0, _pair);
        } else {
          this.items.push(_pair);
        }
      }
      delete(key) {
        const it = findPair(this.items, key);
        if (!it)
          return false;
        const del = this.items.splice(this.items.indexOf(it), 1);
        return del.length > 0;
      }
      get(key, keepScalar) {
        const it = findPair(this.items, key);
        const node = it?.value;
        return (!keepScalar && identity.isScalar(node) ? node.value : node) ?? void 0;
      }
      has(key) {
        return !!findPair(this.items, key);
      }
      set(key, value) {
        this.add(new Pair.Pair(key, value), true);
      }
      /**
       * @param ctx - Conversion context, originally set in Document#toJS()
       * @param {Class} Type - If set, forces the returned collection type
       * @returns Instance of Type, Map, or Object
       */
      toJSON(_, ctx, Type) {
        const map = Type ? new Type() : ctx?.mapAsMap ? /* @__PURE__ */ new Map() : {};
        if (ctx?.onCreate)
          ctx.onCreate(map);
        for (const item of this.items)
          addPairToJSMap.addPairToJSMap(ctx, map, item);
        return map;
      }
      toString(ctx, onComment, onChompKeep) {
        if (!ctx)
          return JSON.stringify(this);
        for (const item of this.items) {
          if (!identity.isPair(item))
            throw new Error(`Map items must all be pairs; found ${JSON.stringify(item)} instead`);
        }
        if (!ctx.allNullValues && this.hasAllNullValues(false))
          ctx = Object.assign({}, ctx, { allNullValues: true });
        return stringifyCollection.stringifyCollection(this, ctx, {
          blockItemPrefix: "",
          flowChars: { start: "{", end: "}" },
          itemIndent: ctx.indent || "",
          onChompKeep,
          onComment
        });
      }
    };
    exports.YAMLMap = YAMLMap;
    exports.findPair = findPair;
  }
});

// node_modules/yaml/dist/schema/common/map.js
var require_map = __commonJS({
  "node_modules/yaml/dist/schema/common/map.js"(exports) {
    "use strict";
    var identity = require_identity();
    var YAMLMap = require_YAMLMap();
    var map = {
      collection: "map",
      default: true,
      nodeClass: YAMLMap.YAMLMap,
      tag: "tag:yaml.org,2002:map",
      resolve(map2, onError) {
        if (!identity.isMap(map2))
          onError("Expected a mapping for this tag");
        return map2;
      },
      createNode: (schema, obj, ctx) => YAMLMap.YAMLMap.from(schema, obj, ctx)
    };
    exports.map = map;
  }
});

// node_modules/yaml/dist/nodes/YAMLSeq.js
var require_YAMLSeq = __commonJS({
  "node_modules/yaml/dist/nodes/YAMLSeq.js"(exports) {
    "use strict";
    var createNode = require_createNode();
    var stringifyCollection = require_stringifyCollection();
    var Collection = require_Collection();
    var identity = require_identity();
    var Scalar = require_Scalar();
    var toJS = require_toJS();
    var YAMLSeq = class extends Collection.Collection {
      static get tagName() {
        return "tag:yaml.org,2002:seq";
      }
      constructor(schema) {
        super(identity.SEQ, schema);
        this.items = [];
      }
      add(value) {
        this.items.push(value);
      }
      /**
       * Removes a value from the collection.
       *
       * `key` must contain a representation of an integer for this to succeed.
       * It may be wrapped in a `Scalar`.
       *
       * @returns `true` if the item was found and removed.
       */
      delete(key) {
        const idx = asItemIndex(key);
        if (typeof idx !== "number")
          return false;
        const del = this.items.splice(idx, 1);
        return del.length > 0;
      }
      get(key, keepScalar) {
        const idx = asItemIndex(key);
        if (typeof idx !== "number")
          return void 0;
        const it = this.items[idx];
        return !keepScalar && identity.isScalar(it) ? it.value : it;
      }
      /**
       * Checks if the collection includes a value with the key `key`.
       *
       * `key` must contain a representation of an integer for this to succeed.
       * It may be wrapped in a `Scalar`.
       */
      has(key) {
        const idx = asItemIndex(key);
        return typeof idx === "number" && idx < this.items.length;
      }
      /**
       * Sets a value in this collection. For `!!set`, `value` needs to be a
       * boolean to add/remove the item from the set.
       *
       * If `key` does not contain a representation of an integer, this will throw.
       * It may be wrapped in a `Scalar`.
       */
      set(key, value) {
        const idx = asItemIndex(key);
        if (typeof idx !== "number")
          throw new Error(`Expected a valid index, not ${key}.`);
        const prev = this.items[idx];
        if (identity.isScalar(prev) && Scalar.isScalarValue(value))
          prev.value = value;
        else
          this.items[idx] = value;
      }
      toJSON(_, ctx) {
        const seq = [];
        if (ctx?.onCreate)
          ctx.onCreate(seq);
        let i = 0;
        for (const item of this.items)
          seq.push(toJS.toJS(item, String(i++), ctx));
        return seq;
      }
      toString(ctx, onComment, onChompKeep) {
        if (!ctx)
          return JSON.stringify(this);
        return stringifyCollection.stringifyCollection(this, ctx, {
          blockItemPrefix: "- ",
          flowChars: { start: "[", end: "]" },
          itemIndent: (ctx.indent || "") + "  ",
          onChompKeep,
          onComment
        });
      }
      static from(schema, obj, ctx) {
        const { replacer } = ctx;
        const seq = new this(schema);
        if (obj && Symbol.iterator in Object(obj)) {
          let i = 0;
          for (let it of obj) {
            if (typeof replacer === "function") {
              const key = obj instanceof Set ? it : String(i++);
              it = replacer.call(obj, key, it);
            }
            seq.items.push(createNode.createNode(it, void 0, ctx));
          }
        }
        return seq;
      }
    };
    function asItemIndex(key) {
      let idx = identity.isScalar(key) ? key.value : key;
      if (idx && typeof idx === "string")
        idx = Number(idx);
      return typeof idx === "number" && Number.isInteger(idx) && idx >= 0 ? idx : null;
    }
    exports.YAMLSeq = YAMLSeq;
  }
});

// node_modules/yaml/dist/schema/common/seq.js
var require_seq = __commonJS({
  "node_modules/yaml/dist/schema/common/seq.js"(exports) {
    "use strict";
    var identity = require_identity();
    var YAMLSeq = require_YAMLSeq();
    var seq = {
      collection: "seq",
      default: true,
      nodeClass: YAMLSeq.YAMLSeq,
      tag: "tag:yaml.org,2002:seq",
      resolve(seq2, onError) {
        if (!identity.isSeq(seq2))
          onError("Expected a sequence for this tag");
        return seq2;
      },
      createNode: (schema, obj, ctx) => YAMLSeq.YAMLSeq.from(schema, obj, ctx)
    };
    exports.seq = seq;
  }
});

// node_modules/yaml/dist/schema/common/string.js
var require_string = __commonJS({
  "node_modules/yaml/dist/schema/common/string.js"(exports) {
    "use strict";
    var stringifyString = require_stringifyString();
    var string = {
      identify: (value) => typeof value === "string",
      default: true,
      tag: "tag:yaml.org,2002:str",
      resolve: (str) => str,
      stringify(item, ctx, onComment, onChompKeep) {
        ctx = Object.assign({ actualString: true }, ctx);
        return stringifyString.stringifyString(item, ctx, onComment, onChompKeep);
      }
    };
    exports.string = string;
  }
});

// node_modules/yaml/dist/schema/common/null.js
var require_null = __commonJS({
  "node_modules/yaml/dist/schema/common/null.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var nullTag = {
      identify: (value) => value == null,
      createNode: () => new Scalar.Scalar(null),
      default: true,
      tag: "tag:yaml.org,2002:null",
      test: /^(?:~|[Nn]ull|NULL)?$/,
      resolve: () => new Scalar.Scalar(null),
      stringify: ({ source: source2 }, ctx) => typeof source2 === "string" && nullTag.test.test(source2) ? source2 : ctx.options.nullStr
    };
    exports.nullTag = nullTag;
  }
});

// node_modules/yaml/dist/schema/core/bool.js
var require_bool = __commonJS({
  "node_modules/yaml/dist/schema/core/bool.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var boolTag = {
      identify: (value) => typeof value === "boolean",
      default: true,
      tag: "tag:yaml.org,2002:bool",
      test: /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/,
      resolve: (str) => new Scalar.Scalar(str[0] === "t" || str[0] === "T"),
      stringify({ source: source2, value }, ctx) {
        if (source2 && boolTag.test.test(source2)) {
          const sv = source2[0] === "t" || source2[0] === "T";
          if (value === sv)
            return source2;
        }
        return value ? ctx.options.trueStr : ctx.options.falseStr;
      }
    };
    exports.boolTag = boolTag;
  }
});

// node_modules/yaml/dist/stringify/stringifyNumber.js
var require_stringifyNumber = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyNumber.js"(exports) {
    "use strict";
    function stringifyNumber({ format, minFractionDigits, tag, value }) {
      if (typeof value === "bigint")
        return String(value);
      const num = typeof value === "number" ? value : Number(value);
      if (!isFinite(num))
        return isNaN(num) ? ".nan" : num < 0 ? "-.inf" : ".inf";
      let n = Object.is(value, -0) ? "-0" : JSON.stringify(value);
      if (!format && minFractionDigits && (!tag || tag === "tag:yaml.org,2002:float") && /^-?\d/.test(n) && !n.includes("e")) {
        let i = n.indexOf(".");
        if (i < 0) {
          i = n.length;
          n += ".";
        }
        let d = minFractionDigits - (n.length - i - 1);
        while (d-- > 0)
          n += "0";
      }
      return n;
    }
    exports.stringifyNumber = stringifyNumber;
  }
});

// node_modules/yaml/dist/schema/core/float.js
var require_float = __commonJS({
  "node_modules/yaml/dist/schema/core/float.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var stringifyNumber = require_stringifyNumber();
    var floatNaN = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      test: /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/,
      resolve: (str) => str.slice(-3).toLowerCase() === "nan" ? NaN : str[0] === "-" ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY,
      stringify: stringifyNumber.stringifyNumber
    };
    var floatExp = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      format: "EXP",
      test: /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/,
      resolve: (str) => parseFloat(str),
      stringify(node) {
        const num = Number(node.value);
        return isFinite(num) ? num.toExponential() : stringifyNumber.stringifyNumber(node);
      }
    };
    var float = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      test: /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/,
      resolve(str) {
        const node = new Scalar.Scalar(parseFloat(str));
        const dot = str.indexOf(".");
        if (dot !== -1 && str[str.length - 1] === "0")
          node.minFractionDigits = str.length - dot - 1;
        return node;
      },
      stringify: stringifyNumber.stringifyNumber
    };
    exports.float = float;
    exports.floatExp = floatExp;
    exports.floatNaN = floatNaN;
  }
});

// node_modules/yaml/dist/schema/core/int.js
var require_int = __commonJS({
  "node_modules/yaml/dist/schema/core/int.js"(exports) {
    "use strict";
    var stringifyNumber = require_stringifyNumber();
    var intIdentify = (value) => typeof value === "bigint" || Number.isInteger(value);
    var intResolve = (str, offset, radix, { intAsBigInt }) => intAsBigInt ? BigInt(str) : parseInt(str.substring(offset), radix);
    function intStringify(node, radix, prefix) {
      const { value } = node;
      if (intIdentify(value) && value >= 0)
        return prefix + value.toString(radix);
      return stringifyNumber.stringifyNumber(node);
    }
    var intOct = {
      identify: (value) => intIdentify(value) && value >= 0,
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "OCT",
      test: /^0o[0-7]+$/,
      resolve: (str, _onError, opt) => intResolve(str, 2, 8, opt),
      stringify: (node) => intStringify(node, 8, "0o")
    };
    var int = {
      identify: intIdentify,
      default: true,
      tag: "tag:yaml.org,2002:int",
      test: /^[-+]?[0-9]+$/,
      resolve: (str, _onError, opt) => intResolve(str, 0, 10, opt),
      stringify: stringifyNumber.stringifyNumber
    };
    var intHex = {
      identify: (value) => intIdentify(value) && value >= 0,
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "HEX",
      test: /^0x[0-9a-fA-F]+$/,
      resolve: (str, _onError, opt) => intResolve(str, 2, 16, opt),
      stringify: (node) => intStringify(node, 16, "0x")
    };
    exports.int = int;
    exports.intHex = intHex;
    exports.intOct = intOct;
  }
});

// node_modules/yaml/dist/schema/core/schema.js
var require_schema = __commonJS({
  "node_modules/yaml/dist/schema/core/schema.js"(exports) {
    "use strict";
    var map = require_map();
    var _null = require_null();
    var seq = require_seq();
    var string = require_string();
    var bool = require_bool();
    var float = require_float();
    var int = require_int();
    var schema = [
      map.map,
      seq.seq,
      string.string,
      _null.nullTag,
      bool.boolTag,
      int.intOct,
      int.int,
      int.intHex,
      float.floatNaN,
      float.floatExp,
      float.float
    ];
    exports.schema = schema;
  }
});

// node_modules/yaml/dist/schema/json/schema.js
var require_schema2 = __commonJS({
  "node_modules/yaml/dist/schema/json/schema.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var map = require_map();
    var seq = require_seq();
    function intIdentify(value) {
      return typeof value === "bigint" || Number.isInteger(value);
    }
    var stringifyJSON = ({ value }) => JSON.stringify(value);
    var jsonScalars = [
      {
        identify: (value) => typeof value === "string",
        default: true,
        tag: "tag:yaml.org,2002:str",
        resolve: (str) => str,
        stringify: stringifyJSON
      },
      {
        identify: (value) => value == null,
        createNode: () => new Scalar.Scalar(null),
        default: true,
        tag: "tag:yaml.org,2002:null",
        test: /^null$/,
        resolve: () => null,
        stringify: stringifyJSON
      },
      {
        identify: (value) => typeof value === "boolean",
        default: true,
        tag: "tag:yaml.org,2002:bool",
        test: /^true$|^false$/,
        resolve: (str) => str === "true",
        stringify: stringifyJSON
      },
      {
        identify: intIdentify,
        default: true,
        tag: "tag:yaml.org,2002:int",
        test: /^-?(?:0|[1-9][0-9]*)$/,
        resolve: (str, _onError, { intAsBigInt }) => intAsBigInt ? BigInt(str) : parseInt(str, 10),
        stringify: ({ value }) => intIdentify(value) ? value.toString() : JSON.stringify(value)
      },
      {
        identify: (value) => typeof value === "number",
        default: true,
        tag: "tag:yaml.org,2002:float",
        test: /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]*)?(?:[eE][-+]?[0-9]+)?$/,
        resolve: (str) => parseFloat(str),
        stringify: stringifyJSON
      }
    ];
    var jsonError = {
      default: true,
      tag: "",
      test: /^/,
      resolve(str, onError) {
        onError(`Unresolved plain scalar ${JSON.stringify(str)}`);
        return str;
      }
    };
    var schema = [map.map, seq.seq].concat(jsonScalars, jsonError);
    exports.schema = schema;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/binary.js
var require_binary = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/binary.js"(exports) {
    "use strict";
    var node_buffer = __require("buffer");
    var Scalar = require_Scalar();
    var stringifyString = require_stringifyString();
    var binary = {
      identify: (value) => value instanceof Uint8Array,
      // Buffer inherits from Uint8Array
      default: false,
      tag: "tag:yaml.org,2002:binary",
      /**
       * Returns a Buffer in node and an Uint8Array in browsers
       *
       * To use the resulting buffer as an image, you'll want to do something like:
       *
       *   const blob = new Blob([buffer], { type: 'image/jpeg' })
       *   document.querySelector('#photo').src = URL.createObjectURL(blob)
       */
      resolve(src, onError) {
        if (typeof node_buffer.Buffer === "function") {
          return node_buffer.Buffer.from(src, "base64");
        } else if (typeof atob === "function") {
          const str = atob(src.replace(/[\n\r]/g, ""));
          const buffer = new Uint8Array(str.length);
          for (let i = 0; i < str.length; ++i)
            buffer[i] = str.charCodeAt(i);
          return buffer;
        } else {
          onError("This environment does not support reading binary tags; either Buffer or atob is required");
          return src;
        }
      },
      stringify({ comment, type, value }, ctx, onComment, onChompKeep) {
        if (!value)
          return "";
        const buf = value;
        let str;
        if (typeof node_buffer.Buffer === "function") {
          str = buf instanceof node_buffer.Buffer ? buf.toString("base64") : node_buffer.Buffer.from(buf.buffer).toString("base64");
        } else if (typeof btoa === "function") {
          let s = "";
          for (let i = 0; i < buf.length; ++i)
            s += String.fromCharCode(buf[i]);
          str = btoa(s);
        } else {
          throw new Error("This environment does not support writing binary tags; either Buffer or btoa is required");
        }
        type ?? (type = Scalar.Scalar.BLOCK_LITERAL);
        if (type !== Scalar.Scalar.QUOTE_DOUBLE) {
          const lineWidth = Math.max(ctx.options.lineWidth - ctx.indent.length, ctx.options.minContentWidth);
          const n = Math.ceil(str.length / lineWidth);
          const lines = new Array(n);
          for (let i = 0, o = 0; i < n; ++i, o += lineWidth) {
            lines[i] = str.substr(o, lineWidth);
          }
          str = lines.join(type === Scalar.Scalar.BLOCK_LITERAL ? "\n" : " ");
        }
        return stringifyString.stringifyString({ comment, type, value: str }, ctx, onComment, onChompKeep);
      }
    };
    exports.binary = binary;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/pairs.js
var require_pairs = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/pairs.js"(exports) {
    "use strict";
    var identity = require_identity();
    var Pair = require_Pair();
    var Scalar = require_Scalar();
    var YAMLSeq = require_YAMLSeq();
    function resolvePairs(seq, onError) {
      if (identity.isSeq(seq)) {
        for (let i = 0; i < seq.items.length; ++i) {
          let item = seq.items[i];
          if (identity.isPair(item))
            continue;
          else if (identity.isMap(item)) {
            if (item.items.length > 1)
              onError("Each pair must have its own sequence indicator");
            const pair = item.items[0] || new Pair.Pair(new Scalar.Scalar(null));
            if (item.commentBefore)
              pair.key.commentBefore = pair.key.commentBefore ? `${item.commentBefore}
${pair.key.commentBefore}` : item.commentBefore;
            if (item.comment) {
              const cn = pair.value ?? pair.key;
              cn.comment = cn.comment ? `${item.comment}
${cn.comment}` : item.comment;
            }
            item = pair;
          }
          seq.items[i] = identity.isPair(item) ? item : new Pair.Pair(item);
        }
      } else
        onError("Expected a sequence for this tag");
      return seq;
    }
    function createPairs(schema, iterable, ctx) {
      const { replacer } = ctx;
      const pairs2 = new YAMLSeq.YAMLSeq(schema);
      pairs2.tag = "tag:yaml.org,2002:pairs";
      let i = 0;
      if (iterable && Symbol.iterator in Object(iterable))
        for (let it of iterable) {
          if (typeof replacer === "function")
            it = replacer.call(iterable, String(i++), it);
          let key, value;
          if (Array.isArray(it)) {
            if (it.length === 2) {
              key = it[0];
              value = it[1];
            } else
              throw new TypeError(`Expected [key, value] tuple: ${it}`);
          } else if (it && it instanceof Object) {
            const keys = Object.keys(it);
            if (keys.length === 1) {
              key = keys[0];
              value = it[key];
            } else {
              throw new TypeError(`Expected tuple with one key, not ${keys.length} keys`);
            }
          } else {
            key = it;
          }
          pairs2.items.push(Pair.createPair(key, value, ctx));
        }
      return pairs2;
    }
    var pairs = {
      collection: "seq",
      default: false,
      tag: "tag:yaml.org,2002:pairs",
      resolve: resolvePairs,
      createNode: createPairs
    };
    exports.createPairs = createPairs;
    exports.pairs = pairs;
    exports.resolvePairs = resolvePairs;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/omap.js
var require_omap = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/omap.js"(exports) {
    "use strict";
    var identity = require_identity();
    var toJS = require_toJS();
    var YAMLMap = require_YAMLMap();
    var YAMLSeq = require_YAMLSeq();
    var pairs = require_pairs();
    var YAMLOMap = class _YAMLOMap extends YAMLSeq.YAMLSeq {
      constructor() {
        super();
        this.add = YAMLMap.YAMLMap.prototype.add.bind(this);
        this.delete = YAMLMap.YAMLMap.prototype.delete.bind(this);
        this.get = YAMLMap.YAMLMap.prototype.get.bind(this);
        this.has = YAMLMap.YAMLMap.prototype.has.bind(this);
        this.set = YAMLMap.YAMLMap.prototype.set.bind(this);
        this.tag = _YAMLOMap.tag;
      }
      /**
       * If `ctx` is given, the return type is actually `Map<unknown, unknown>`,
       * but TypeScript won't allow widening the signature of a child method.
       */
      toJSON(_, ctx) {
        if (!ctx)
          return super.toJSON(_);
        const map = /* @__PURE__ */ new Map();
        if (ctx?.onCreate)
          ctx.onCreate(map);
        for (const pair of this.items) {
          let key, value;
          if (identity.isPair(pair)) {
            key = toJS.toJS(pair.key, "", ctx);
            value = toJS.toJS(pair.value, key, ctx);
          } else {
            key = toJS.toJS(pair, "", ctx);
          }
          if (map.has(key))
            throw new Error("Ordered maps must not include duplicate keys");
          map.set(key, value);
        }
        return map;
      }
      static from(schema, iterable, ctx) {
        const pairs$1 = pairs.createPairs(schema, iterable, ctx);
        const omap2 = new this();
        omap2.items = pairs$1.items;
        return omap2;
      }
    };
    YAMLOMap.tag = "tag:yaml.org,2002:omap";
    var omap = {
      collection: "seq",
      identify: (value) => value instanceof Map,
      nodeClass: YAMLOMap,
      default: false,
      tag: "tag:yaml.org,2002:omap",
      resolve(seq, onError) {
        const pairs$1 = pairs.resolvePairs(seq, onError);
        const seenKeys = [];
        for (const { key } of pairs$1.items) {
          if (identity.isScalar(key)) {
            if (seenKeys.includes(key.value)) {
              onError(`Ordered maps must not include duplicate keys: ${key.value}`);
            } else {
              seenKeys.push(key.value);
            }
          }
        }
        return Object.assign(new YAMLOMap(), pairs$1);
      },
      createNode: (schema, iterable, ctx) => YAMLOMap.from(schema, iterable, ctx)
    };
    exports.YAMLOMap = YAMLOMap;
    exports.omap = omap;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/bool.js
var require_bool2 = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/bool.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    function boolStringify({ value, source: source2 }, ctx) {
      const boolObj = value ? trueTag : falseTag;
      if (source2 && boolObj.test.test(source2))
        return source2;
      return value ? ctx.options.trueStr : ctx.options.falseStr;
    }
    var trueTag = {
      identify: (value) => value === true,
      default: true,
      tag: "tag:yaml.org,2002:bool",
      test: /^(?:Y|y|[Yy]es|YES|[Tt]rue|TRUE|[Oo]n|ON)$/,
      resolve: () => new Scalar.Scalar(true),
      stringify: boolStringify
    };
    var falseTag = {
      identify: (value) => value === false,
      default: true,
      tag: "tag:yaml.org,2002:bool",
      test: /^(?:N|n|[Nn]o|NO|[Ff]alse|FALSE|[Oo]ff|OFF)$/,
      resolve: () => new Scalar.Scalar(false),
      stringify: boolStringify
    };
    exports.falseTag = falseTag;
    exports.trueTag = trueTag;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/float.js
var require_float2 = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/float.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var stringifyNumber = require_stringifyNumber();
    var floatNaN = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      test: /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/,
      resolve: (str) => str.slice(-3).toLowerCase() === "nan" ? NaN : str[0] === "-" ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY,
      stringify: stringifyNumber.stringifyNumber
    };
    var floatExp = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      format: "EXP",
      test: /^[-+]?(?:[0-9][0-9_]*)?(?:\.[0-9_]*)?[eE][-+]?[0-9]+$/,
      resolve: (str) => parseFloat(str.replace(/_/g, "")),
      stringify(node) {
        const num = Number(node.value);
        return isFinite(num) ? num.toExponential() : stringifyNumber.stringifyNumber(node);
      }
    };
    var float = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      test: /^[-+]?(?:[0-9][0-9_]*)?\.[0-9_]*$/,
      resolve(str) {
        const node = new Scalar.Scalar(parseFloat(str.replace(/_/g, "")));
        const dot = str.indexOf(".");
        if (dot !== -1) {
          const f = str.substring(dot + 1).replace(/_/g, "");
          if (f[f.length - 1] === "0")
            node.minFractionDigits = f.length;
        }
        return node;
      },
      stringify: stringifyNumber.stringifyNumber
    };
    exports.float = float;
    exports.floatExp = floatExp;
    exports.floatNaN = floatNaN;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/int.js
var require_int2 = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/int.js"(exports) {
    "use strict";
    var stringifyNumber = require_stringifyNumber();
    var intIdentify = (value) => typeof value === "bigint" || Number.isInteger(value);
    function intResolve(str, offset, radix, { intAsBigInt }) {
      const sign = str[0];
      if (sign === "-" || sign === "+")
        offset += 1;
      str = str.substring(offset).replace(/_/g, "");
      if (intAsBigInt) {
        switch (radix) {
          case 2:
            str = `0b${str}`;
            break;
          case 8:
            str = `0o${str}`;
            break;
          case 16:
            str = `0x${str}`;
            break;
        }
        const n2 = BigInt(str);
        return sign === "-" ? BigInt(-1) * n2 : n2;
      }
      const n = parseInt(str, radix);
      return sign === "-" ? -1 * n : n;
    }
    function intStringify(node, radix, prefix) {
      const { value } = node;
      if (intIdentify(value)) {
        const str = value.toString(radix);
        return value < 0 ? "-" + prefix + str.substr(1) : prefix + str;
      }
      return stringifyNumber.stringifyNumber(node);
    }
    var intBin = {
      identify: intIdentify,
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "BIN",
      test: /^[-+]?0b[0-1_]+$/,
      resolve: (str, _onError, opt) => intResolve(str, 2, 2, opt),
      stringify: (node) => intStringify(node, 2, "0b")
    };
    var intOct = {
      identify: intIdentify,
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "OCT",
      test: /^[-+]?0[0-7_]+$/,
      resolve: (str, _onError, opt) => intResolve(str, 1, 8, opt),
      stringify: (node) => intStringify(node, 8, "0")
    };
    var int = {
      identify: intIdentify,
      default: true,
      tag: "tag:yaml.org,2002:int",
      test: /^[-+]?[0-9][0-9_]*$/,
      resolve: (str, _onError, opt) => intResolve(str, 0, 10, opt),
      stringify: stringifyNumber.stringifyNumber
    };
    var intHex = {
      identify: intIdentify,
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "HEX",
      test: /^[-+]?0x[0-9a-fA-F_]+$/,
      resolve: (str, _onError, opt) => intResolve(str, 2, 16, opt),
      stringify: (node) => intStringify(node, 16, "0x")
    };
    exports.int = int;
    exports.intBin = intBin;
    exports.intHex = intHex;
    exports.intOct = intOct;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/set.js
var require_set = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/set.js"(exports) {
    "use strict";
    var identity = require_identity();
    var Pair = require_Pair();
    var YAMLMap = require_YAMLMap();
    var YAMLSet = class _YAMLSet extends YAMLMap.YAMLMap {
      constructor(schema) {
        super(schema);
        this.tag = _YAMLSet.tag;
      }
      add(key) {
        let pair;
        if (identity.isPair(key))
          pair = key;
        else if (key && typeof key === "object" && "key" in key && "value" in key && key.value === null)
          pair = new Pair.Pair(key.key, null);
        else
          pair = new Pair.Pair(key, null);
        const prev = YAMLMap.findPair(this.items, pair.key);
        if (!prev)
          this.items.push(pair);
      }
      /**
       * If `keepPair` is `true`, returns the Pair matching `key`.
       * Otherwise, returns the value of that Pair's key.
       */
      get(key, keepPair) {
        const pair = YAMLMap.findPair(this.items, key);
        return !keepPair && identity.isPair(pair) ? identity.isScalar(pair.key) ? pair.key.value : pair.key : pair;
      }
      set(key, value) {
        if (typeof value !== "boolean")
          throw new Error(`Expected boolean value for set(key, value) in a YAML set, not ${typeof value}`);
        const prev = YAMLMap.findPair(this.items, key);
        if (prev && !value) {
          this.items.splice(this.items.indexOf(prev), 1);
        } else if (!prev && value) {
          this.items.push(new Pair.Pair(key));
        }
      }
      toJSON(_, ctx) {
        return super.toJSON(_, ctx, Set);
      }
      toString(ctx, onComment, onChompKeep) {
        if (!ctx)
          return JSON.stringify(this);
        if (this.hasAllNullValues(true))
          return super.toString(Object.assign({}, ctx, { allNullValues: true }), onComment, onChompKeep);
        else
          throw new Error("Set items must all have null values");
      }
      static from(schema, iterable, ctx) {
        const { replacer } = ctx;
        const set2 = new this(schema);
        if (iterable && Symbol.iterator in Object(iterable))
          for (let value of iterable) {
            if (typeof replacer === "function")
              value = replacer.call(iterable, value, value);
            set2.items.push(Pair.createPair(value, null, ctx));
          }
        return set2;
      }
    };
    YAMLSet.tag = "tag:yaml.org,2002:set";
    var set = {
      collection: "map",
      identify: (value) => value instanceof Set,
      nodeClass: YAMLSet,
      default: false,
      tag: "tag:yaml.org,2002:set",
      createNode: (schema, iterable, ctx) => YAMLSet.from(schema, iterable, ctx),
      resolve(map, onError) {
        if (identity.isMap(map)) {
          if (map.hasAllNullValues(true))
            return Object.assign(new YAMLSet(), map);
          else
            onError("Set items must all have null values");
        } else
          onError("Expected a mapping for this tag");
        return map;
      }
    };
    exports.YAMLSet = YAMLSet;
    exports.set = set;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/timestamp.js
var require_timestamp = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/timestamp.js"(exports) {
    "use strict";
    var stringifyNumber = require_stringifyNumber();
    function parseSexagesimal(str, asBigInt) {
      const sign = str[0];
      const parts = sign === "-" || sign === "+" ? str.substring(1) : str;
      const num = (n) => asBigInt ? BigInt(n) : Number(n);
      const res = parts.replace(/_/g, "").split(":").reduce((res2, p) => res2 * num(60) + num(p), num(0));
      return sign === "-" ? num(-1) * res : res;
    }
    function stringifySexagesimal(node) {
      let { value } = node;
      let num = (n) => n;
      if (typeof value === "bigint")
        num = (n) => BigInt(n);
      else if (isNaN(value) || !isFinite(value))
        return stringifyNumber.stringifyNumber(node);
      let sign = "";
      if (value < 0) {
        sign = "-";
        value *= num(-1);
      }
      const _60 = num(60);
      const parts = [value % _60];
      if (value < 60) {
        parts.unshift(0);
      } else {
        value = (value - parts[0]) / _60;
        parts.unshift(value % _60);
        if (value >= 60) {
          value = (value - parts[0]) / _60;
          parts.unshift(value);
        }
      }
      return sign + parts.map((n) => String(n).padStart(2, "0")).join(":").replace(/000000\d*$/, "");
    }
    var intTime = {
      identify: (value) => typeof value === "bigint" || Number.isInteger(value),
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "TIME",
      test: /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+$/,
      resolve: (str, _onError, { intAsBigInt }) => parseSexagesimal(str, intAsBigInt),
      stringify: stringifySexagesimal
    };
    var floatTime = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      format: "TIME",
      test: /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*$/,
      resolve: (str) => parseSexagesimal(str, false),
      stringify: stringifySexagesimal
    };
    var timestamp = {
      identify: (value) => value instanceof Date,
      default: true,
      tag: "tag:yaml.org,2002:timestamp",
      // If the time zone is omitted, the timestamp is assumed to be specified in UTC. The time part
      // may be omitted altogether, resulting in a date format. In such a case, the time part is
      // assumed to be 00:00:00Z (start of day, UTC).
      test: RegExp("^([0-9]{4})-([0-9]{1,2})-([0-9]{1,2})(?:(?:t|T|[ \\t]+)([0-9]{1,2}):([0-9]{1,2}):([0-9]{1,2}(\\.[0-9]+)?)(?:[ \\t]*(Z|[-+][012]?[0-9](?::[0-9]{2})?))?)?$"),
      resolve(str) {
        const match = str.match(timestamp.test);
        if (!match)
          throw new Error("!!timestamp expects a date, starting with yyyy-mm-dd");
        const [, year, month, day, hour, minute, second] = match.map(Number);
        const millisec = match[7] ? Number((match[7] + "00").substr(1, 3)) : 0;
        let date = Date.UTC(year, month - 1, day, hour || 0, minute || 0, second || 0, millisec);
        const tz = match[8];
        if (tz && tz !== "Z") {
          let d = parseSexagesimal(tz, false);
          if (Math.abs(d) < 30)
            d *= 60;
          date -= 6e4 * d;
        }
        return new Date(date);
      },
      stringify: ({ value }) => value?.toISOString().replace(/(T00:00:00)?\.000Z$/, "") ?? ""
    };
    exports.floatTime = floatTime;
    exports.intTime = intTime;
    exports.timestamp = timestamp;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/schema.js
var require_schema3 = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/schema.js"(exports) {
    "use strict";
    var map = require_map();
    var _null = require_null();
    var seq = require_seq();
    var string = require_string();
    var binary = require_binary();
    var bool = require_bool2();
    var float = require_float2();
    var int = require_int2();
    var merge = require_merge();
    var omap = require_omap();
    var pairs = require_pairs();
    var set = require_set();
    var timestamp = require_timestamp();
    var schema = [
      map.map,
      seq.seq,
      string.string,
      _null.nullTag,
      bool.trueTag,
      bool.falseTag,
      int.intBin,
      int.intOct,
      int.int,
      int.intHex,
      float.floatNaN,
      float.floatExp,
      float.float,
      binary.binary,
      merge.merge,
      omap.omap,
      pairs.pairs,
      set.set,
      timestamp.intTime,
      timestamp.floatTime,
      timestamp.timestamp
    ];
    exports.schema = schema;
  }
});

// node_modules/yaml/dist/schema/tags.js
var require_tags = __commonJS({
  "node_modules/yaml/dist/schema/tags.js"(exports) {
    "use strict";
    var map = require_map();
    var _null = require_null();
    var seq = require_seq();
    var string = require_string();
    var bool = require_bool();
    var float = require_float();
    var int = require_int();
    var schema = require_schema();
    var schema$1 = require_schema2();
    var binary = require_binary();
    var merge = require_merge();
    var omap = require_omap();
    var pairs = require_pairs();
    var schema$2 = require_schema3();
    var set = require_set();
    var timestamp = require_timestamp();
    var schemas = /* @__PURE__ */ new Map([
      ["core", schema.schema],
      ["failsafe", [map.map, seq.seq, string.string]],
      ["json", schema$1.schema],
      ["yaml11", schema$2.schema],
      ["yaml-1.1", schema$2.schema]
    ]);
    var tagsByName = {
      binary: binary.binary,
      bool: bool.boolTag,
      float: float.float,
      floatExp: float.floatExp,
      floatNaN: float.floatNaN,
      floatTime: timestamp.floatTime,
      int: int.int,
      intHex: int.intHex,
      intOct: int.intOct,
      intTime: timestamp.intTime,
      map: map.map,
      merge: merge.merge,
      null: _null.nullTag,
      omap: omap.omap,
      pairs: pairs.pairs,
      seq: seq.seq,
      set: set.set,
      timestamp: timestamp.timestamp
    };
    var coreKnownTags = {
      "tag:yaml.org,2002:binary": binary.binary,
      "tag:yaml.org,2002:merge": merge.merge,
      "tag:yaml.org,2002:omap": omap.omap,
      "tag:yaml.org,2002:pairs": pairs.pairs,
      "tag:yaml.org,2002:set": set.set,
      "tag:yaml.org,2002:timestamp": timestamp.timestamp
    };
    function getTags(customTags, schemaName, addMergeTag) {
      const schemaTags = schemas.get(schemaName);
      if (schemaTags && !customTags) {
        return addMergeTag && !schemaTags.includes(merge.merge) ? schemaTags.concat(merge.merge) : schemaTags.slice();
      }
      let tags = schemaTags;
      if (!tags) {
        if (Array.isArray(customTags))
          tags = [];
        else {
          const keys = Array.from(schemas.keys()).filter((key) => key !== "yaml11").map((key) => JSON.stringify(key)).join(", ");
          throw new Error(`Unknown schema "${schemaName}"; use one of ${keys} or define customTags array`);
        }
      }
      if (Array.isArray(customTags)) {
        for (const tag of customTags)
          tags = tags.concat(tag);
      } else if (typeof customTags === "function") {
        tags = customTags(tags.slice());
      }
      if (addMergeTag)
        tags = tags.concat(merge.merge);
      return tags.reduce((tags2, tag) => {
        const tagObj = typeof tag === "string" ? tagsByName[tag] : tag;
        if (!tagObj) {
          const tagName = JSON.stringify(tag);
          const keys = Object.keys(tagsByName).map((key) => JSON.stringify(key)).join(", ");
          throw new Error(`Unknown custom tag ${tagName}; use one of ${keys}`);
        }
        if (!tags2.includes(tagObj))
          tags2.push(tagObj);
        return tags2;
      }, []);
    }
    exports.coreKnownTags = coreKnownTags;
    exports.getTags = getTags;
  }
});

// node_modules/yaml/dist/schema/Schema.js
var require_Schema = __commonJS({
  "node_modules/yaml/dist/schema/Schema.js"(exports) {
    "use strict";
    var identity = require_identity();
    var map = require_map();
    var seq = require_seq();
    var string = require_string();
    var tags = require_tags();
    var sortMapEntriesByKey = (a, b) => a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
    var Schema = class _Schema {
      constructor({ compat, customTags, merge, resolveKnownTags, schema, sortMapEntries, toStringDefaults }) {
        this.compat = Array.isArray(compat) ? tags.getTags(compat, "compat") : compat ? tags.getTags(null, compat) : null;
        this.name = typeof schema === "string" && schema || "core";
        this.knownTags = resolveKnownTags ? tags.coreKnownTags : {};
        this.tags = tags.getTags(customTags, this.name, merge);
        this.toStringOptions = toStringDefaults ?? null;
        Object.defineProperty(this, identity.MAP, { value: map.map });
        Object.defineProperty(this, identity.SCALAR, { value: string.string });
        Object.defineProperty(this, identity.SEQ, { value: seq.seq });
        this.sortMapEntries = typeof sortMapEntries === "function" ? sortMapEntries : sortMapEntries === true ? sortMapEntriesByKey : null;
      }
      clone() {
        const copy = Object.create(_Schema.prototype, Object.getOwnPropertyDescriptors(this));
        copy.tags = this.tags.slice();
        return copy;
      }
    };
    exports.Schema = Schema;
  }
});

// node_modules/yaml/dist/stringify/stringifyDocument.js
var require_stringifyDocument = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyDocument.js"(exports) {
    "use strict";
    var identity = require_identity();
    var stringify = require_stringify();
    var stringifyComment = require_stringifyComment();
    function stringifyDocument(doc, options) {
      const lines = [];
      let hasDirectives = options.directives === true;
      if (options.directives !== false && doc.directives) {
        const dir = doc.directives.toString(doc);
        if (dir) {
          lines.push(dir);
          hasDirectives = true;
        } else if (doc.directives.docStart)
          hasDirectives = true;
      }
      if (hasDirectives)
        lines.push("---");
      const ctx = stringify.createStringifyContext(doc, options);
      const { commentString } = ctx.options;
      if (doc.commentBefore) {
        if (lines.length !== 1)
          lines.unshift("");
        const cs = commentString(doc.commentBefore);
        lines.unshift(stringifyComment.indentComment(cs, ""));
      }
      let chompKeep = false;
      let contentComment = null;
      if (doc.contents) {
        if (identity.isNode(doc.contents)) {
          if (doc.contents.spaceBefore && hasDirectives)
            lines.push("");
          if (doc.contents.commentBefore) {
            const cs = commentString(doc.contents.commentBefore);
            lines.push(stringifyComment.indentComment(cs, ""));
          }
          ctx.forceBlockIndent = !!doc.comment;
          contentComment = doc.contents.comment;
        }
        const onChompKeep = contentComment ? void 0 : () => chompKeep = true;
        let body = stringify.stringify(doc.contents, ctx, () => contentComment = null, onChompKeep);
        if (contentComment)
          body += stringifyComment.lineComment(body, "", commentString(contentComment));
        if ((body[0] === "|" || body[0] === ">") && lines[lines.length - 1] === "---") {
          lines[lines.length - 1] = `--- ${body}`;
        } else
          lines.push(body);
      } else {
        lines.push(stringify.stringify(doc.contents, ctx));
      }
      if (doc.directives?.docEnd) {
        if (doc.comment) {
          const cs = commentString(doc.comment);
          if (cs.includes("\n")) {
            lines.push("...");
            lines.push(stringifyComment.indentComment(cs, ""));
          } else {
            lines.push(`... ${cs}`);
          }
        } else {
          lines.push("...");
        }
      } else {
        let dc = doc.comment;
        if (dc && chompKeep)
          dc = dc.replace(/^\n+/, "");
        if (dc) {
          if ((!chompKeep || contentComment) && lines[lines.length - 1] !== "")
            lines.push("");
          lines.push(stringifyComment.indentComment(commentString(dc), ""));
        }
      }
      return lines.join("\n") + "\n";
    }
    exports.stringifyDocument = stringifyDocument;
  }
});

// node_modules/yaml/dist/doc/Document.js
var require_Document = __commonJS({
  "node_modules/yaml/dist/doc/Document.js"(exports) {
    "use strict";
    var Alias = require_Alias();
    var Collection = require_Collection();
    var identity = require_identity();
    var Pair = require_Pair();
    var toJS = require_toJS();
    var Schema = require_Schema();
    var stringifyDocument = require_stringifyDocument();
    var anchors = require_anchors();
    var applyReviver = require_applyReviver();
    var createNode = require_createNode();
    var directives = require_directives();
    var Document = class _Document {
      constructor(value, replacer, options) {
        this.commentBefore = null;
        this.comment = null;
        this.errors = [];
        this.warnings = [];
        Object.defineProperty(this, identity.NODE_TYPE, { value: identity.DOC });
        let _replacer = null;
        if (typeof replacer === "function" || Array.isArray(replacer)) {
          _replacer = replacer;
        } else if (options === void 0 && replacer) {
          options = replacer;
          replacer = void 0;
        }
        const opt = Object.assign({
          intAsBigInt: false,
          keepSourceTokens: false,
          logLevel: "warn",
          prettyErrors: true,
          strict: true,
          stringKeys: false,
          uniqueKeys: true,
          version: "1.2"
        }, options);
        this.options = opt;
        let { version } = opt;
        if (options?._directives) {
          this.directives = options._directives.atDocument();
          if (this.directives.yaml.explicit)
            version = this.directives.yaml.version;
        } else
          this.directives = new directives.Directives({ version });
        this.setSchema(version, options);
        this.contents = value === void 0 ? null : this.createNode(value, _replacer, options);
      }
      /**
       * Create a deep copy of this Document and its contents.
       *
       * Custom Node values that inherit from `Object` still refer to their original instances.
       */
      clone() {
        const copy = Object.create(_Document.prototype, {
          [identity.NODE_TYPE]: { value: identity.DOC }
        });
        copy.commentBefore = this.commentBefore;
        copy.comment = this.comment;
        copy.errors = this.errors.slice();
        copy.warnings = this.warnings.slice();
        copy.options = Object.assign({}, this.options);
        if (this.directives)
          copy.directives = this.directives.clone();
        copy.schema = this.schema.clone();
        copy.contents = identity.isNode(this.contents) ? this.contents.clone(copy.schema) : this.contents;
        if (this.range)
          copy.range = this.range.slice();
        return copy;
      }
      /** Adds a value to the document. */
      add(value) {
        if (assertCollection(this.contents))
          this.contents.add(value);
      }
      /** Adds a value to the document. */
      addIn(path, value) {
        if (assertCollection(this.contents))
          this.contents.addIn(path, value);
      }
      /**
       * Create a new `Alias` node, ensuring that the target `node` has the required anchor.
       *
       * If `node` already has an anchor, `name` is ignored.
       * Otherwise, the `node.anchor` value will be set to `name`,
       * or if an anchor with that name is already present in the document,
       * `name` will be used as a prefix for a new unique anchor.
       * If `name` is undefined, the generated anchor will use 'a' as a prefix.
       */
      createAlias(node, name) {
        if (!node.anchor) {
          const prev = anchors.anchorNames(this);
          node.anchor = // eslint-disable-next-line @typescript-eslint/prefer-nullish-coalescing
          !name || prev.has(name) ? anchors.findNewAnchor(name || "a", prev) : name;
        }
        return new Alias.Alias(node.anchor);
      }
      createNode(value, replacer, options) {
        let _replacer = void 0;
        if (typeof replacer === "function") {
          value = replacer.call({ "": value }, "", value);
          _replacer = replacer;
        } else if (Array.isArray(replacer)) {
          const keyToStr = (v) => typeof v === "number" || v instanceof String || v instanceof Number;
          const asStr = replacer.filter(keyToStr).map(String);
          if (asStr.length > 0)
            replacer = replacer.concat(asStr);
          _replacer = replacer;
        } else if (options === void 0 && replacer) {
          options = replacer;
          replacer = void 0;
        }
        const { aliasDuplicateObjects, anchorPrefix, flow, keepUndefined, onTagObj, tag } = options ?? {};
        const { onAnchor, setAnchors, sourceObjects } = anchors.createNodeAnchors(
          this,
          // eslint-disable-next-line @typescript-eslint/prefer-nullish-coalescing
          anchorPrefix || "a"
        );
        const ctx = {
          aliasDuplicateObjects: aliasDuplicateObjects ?? true,
          keepUndefined: keepUndefined ?? false,
          onAnchor,
          onTagObj,
          replacer: _replacer,
          schema: this.schema,
          sourceObjects
        };
        const node = createNode.createNode(value, tag, ctx);
        if (flow && identity.isCollection(node))
          node.flow = true;
        setAnchors();
        return node;
      }
      /**
       * Convert a key and a value into a `Pair` using the current schema,
       * recursively wrapping all values as `Scalar` or `Collection` nodes.
       */
      createPair(key, value, options = {}) {
        const k = this.createNode(key, null, options);
        const v = this.createNode(value, null, options);
        return new Pair.Pair(k, v);
      }
      /**
       * Removes a value from the document.
       * @returns `true` if the item was found and removed.
       */
      delete(key) {
        return assertCollection(this.contents) ? this.contents.delete(key) : false;
      }
      /**
       * Removes a value from the document.
       * @returns `true` if the item was found and removed.
       */
      deleteIn(path) {
        if (Collection.isEmptyPath(path)) {
          if (this.contents == null)
            return false;
          this.contents = null;
          return true;
        }
        return assertCollection(this.contents) ? this.contents.deleteIn(path) : false;
      }
      /**
       * Returns item at `key`, or `undefined` if not found. By default unwraps
       * scalar values from their surrounding node; to disable set `keepScalar` to
       * `true` (collections are always returned intact).
       */
      get(key, keepScalar) {
        return identity.isCollection(this.contents) ? this.contents.get(key, keepScalar) : void 0;
      }
      /**
       * Returns item at `path`, or `undefined` if not found. By default unwraps
       * scalar values from their surrounding node; to disable set `keepScalar` to
       * `true` (collections are always returned intact).
       */
      getIn(path, keepScalar) {
        if (Collection.isEmptyPath(path))
          return !keepScalar && identity.isScalar(this.contents) ? this.contents.value : this.contents;
        return identity.isCollection(this.contents) ? this.contents.getIn(path, keepScalar) : void 0;
      }
      /**
       * Checks if the document includes a value with the key `key`.
       */
      has(key) {
        return identity.isCollection(this.contents) ? this.contents.has(key) : false;
      }
      /**
       * Checks if the document includes a value at `path`.
       */
      hasIn(path) {
        if (Collection.isEmptyPath(path))
          return this.contents !== void 0;
        return identity.isCollection(this.contents) ? this.contents.hasIn(path) : false;
      }
      /**
       * Sets a value in this document. For `!!set`, `value` needs to be a
       * boolean to add/remove the item from the set.
       */
      set(key, value) {
        if (this.contents == null) {
          this.contents = Collection.collectionFromPath(this.schema, [key], value);
        } else if (assertCollection(this.contents)) {
          this.contents.set(key, value);
        }
      }
      /**
       * Sets a value in this document. For `!!set`, `value` needs to be a
       * boolean to add/remove the item from the set.
       */
      setIn(path, value) {
        if (Collection.isEmptyPath(path)) {
          this.contents = value;
        } else if (this.contents == null) {
          this.contents = Collection.collectionFromPath(this.schema, Array.from(path), value);
        } else if (assertCollection(this.contents)) {
          this.contents.setIn(path, value);
        }
      }
      /**
       * Change the YAML version and schema used by the document.
       * A `null` version disables support for directives, explicit tags, anchors, and aliases.
       * It also requires the `schema` option to be given as a `Schema` instance value.
       *
       * Overrides all previously set schema options.
       */
      setSchema(version, options = {}) {
        if (typeof version === "number")
          version = String(version);
        let opt;
        switch (version) {
          case "1.1":
            if (this.directives)
              this.directives.yaml.version = "1.1";
            else
              this.directives = new directives.Directives({ version: "1.1" });
            opt = { resolveKnownTags: false, schema: "yaml-1.1" };
            break;
          case "1.2":
          case "next":
            if (this.directives)
              this.directives.yaml.version = version;
            else
              this.directives = new directives.Directives({ version });
            opt = { resolveKnownTags: true, schema: "core" };
            break;
          case null:
            if (this.directives)
              delete this.directives;
            opt = null;
            break;
          default: {
            const sv = JSON.stringify(version);
            throw new Error(`Expected '1.1', '1.2' or null as first argument, but found: ${sv}`);
          }
        }
        if (options.schema instanceof Object)
          this.schema = options.schema;
        else if (opt)
          this.schema = new Schema.Schema(Object.assign(opt, options));
        else
          throw new Error(`With a null YAML version, the { schema: Schema } option is required`);
      }
      // json & jsonArg are only used from toJSON()
      toJS({ json, jsonArg, mapAsMap, maxAliasCount, onAnchor, reviver } = {}) {
        const ctx = {
          anchors: /* @__PURE__ */ new Map(),
          doc: this,
          keep: !json,
          mapAsMap: mapAsMap === true,
          mapKeyWarned: false,
          maxAliasCount: typeof maxAliasCount === "number" ? maxAliasCount : 100
        };
        const res = toJS.toJS(this.contents, jsonArg ?? "", ctx);
        if (typeof onAnchor === "function")
          for (const { count, res: res2 } of ctx.anchors.values())
            onAnchor(res2, count);
        return typeof reviver === "function" ? applyReviver.applyReviver(reviver, { "": res }, "", res) : res;
      }
      /**
       * A JSON representation of the document `contents`.
       *
       * @param jsonArg Used by `JSON.stringify` to indicate the array index or
       *   property name.
       */
      toJSON(jsonArg, onAnchor) {
        return this.toJS({ json: true, jsonArg, mapAsMap: false, onAnchor });
      }
      /** A YAML representation of the document. */
      toString(options = {}) {
        if (this.errors.length > 0)
          throw new Error("Document with errors cannot be stringified");
        if ("indent" in options && (!Number.isInteger(options.indent) || Number(options.indent) <= 0)) {
          const s = JSON.stringify(options.indent);
          throw new Error(`"indent" option must be a positive integer, not ${s}`);
        }
        return stringifyDocument.stringifyDocument(this, options);
      }
    };
    function assertCollection(contents) {
      if (identity.isCollection(contents))
        return true;
      throw new Error("Expected a YAML collection as document contents");
    }
    exports.Document = Document;
  }
});

// node_modules/yaml/dist/errors.js
var require_errors = __commonJS({
  "node_modules/yaml/dist/errors.js"(exports) {
    "use strict";
    var YAMLError = class extends Error {
      constructor(name, pos, code, message) {
        super();
        this.name = name;
        this.code = code;
        this.message = message;
        this.pos = pos;
      }
    };
    var YAMLParseError = class extends YAMLError {
      constructor(pos, code, message) {
        super("YAMLParseError", pos, code, message);
      }
    };
    var YAMLWarning = class extends YAMLError {
      constructor(pos, code, message) {
        super("YAMLWarning", pos, code, message);
      }
    };
    var prettifyError = (src, lc) => (error) => {
      if (error.pos[0] === -1)
        return;
      error.linePos = error.pos.map((pos) => lc.linePos(pos));
      const { line, col } = error.linePos[0];
      error.message += ` at line ${line}, column ${col}`;
      let ci = col - 1;
      let lineStr = src.substring(lc.lineStarts[line - 1], lc.lineStarts[line]).replace(/[\n\r]+$/, "");
      if (ci >= 60 && lineStr.length > 80) {
        const trimStart = Math.min(ci - 39, lineStr.length - 79);
        lineStr = "\u2026" + lineStr.substring(trimStart);
        ci -= trimStart - 1;
      }
      if (lineStr.length > 80)
        lineStr = lineStr.substring(0, 79) + "\u2026";
      if (line > 1 && /^ *$/.test(lineStr.substring(0, ci))) {
        let prev = src.substring(lc.lineStarts[line - 2], lc.lineStarts[line - 1]);
        if (prev.length > 80)
          prev = prev.substring(0, 79) + "\u2026\n";
        lineStr = prev + lineStr;
      }
      if (/[^ ]/.test(lineStr)) {
        let count = 1;
        const end = error.linePos[1];
        if (end?.line === line && end.col > col) {
          count = Math.max(1, Math.min(end.col - col, 80 - ci));
        }
        const pointer = " ".repeat(ci) + "^".repeat(count);
        error.message += `:

${lineStr}
${pointer}
`;
      }
    };
    exports.YAMLError = YAMLError;
    exports.YAMLParseError = YAMLParseError;
    exports.YAMLWarning = YAMLWarning;
    exports.prettifyError = prettifyError;
  }
});

// node_modules/yaml/dist/compose/resolve-props.js
var require_resolve_props = __commonJS({
  "node_modules/yaml/dist/compose/resolve-props.js"(exports) {
    "use strict";
    function resolveProps(tokens, { flow, indicator, next, offset, onError, parentIndent, startOnNewline }) {
      let spaceBefore = false;
      let atNewline = startOnNewline;
      let hasSpace = startOnNewline;
      let comment = "";
      let commentSep = "";
      let hasNewline = false;
      let reqSpace = false;
      let tab = null;
      let anchor = null;
      let tag = null;
      let newlineAfterProp = null;
      let comma = null;
      let found = null;
      let start = null;
      for (const token of tokens) {
        if (reqSpace) {
          if (token.type !== "space" && token.type !== "newline" && token.type !== "comma")
            onError(token.offset, "MISSING_CHAR", "Tags and anchors must be separated from the next token by white space");
          reqSpace = false;
        }
        if (tab) {
          if (atNewline && token.type !== "comment" && token.type !== "newline") {
            onError(tab, "TAB_AS_INDENT", "Tabs are not allowed as indentation");
          }
          tab = null;
        }
        switch (token.type) {
          case "space":
            if (!flow && (indicator !== "doc-start" || next?.type !== "flow-collection") && token.source.includes("	")) {
              tab = token;
            }
            hasSpace = true;
            break;
          case "comment": {
            if (!hasSpace)
              onError(token, "MISSING_CHAR", "Comments must be separated from other tokens by white space characters");
            const cb = token.source.substring(1) || " ";
            if (!comment)
              comment = cb;
            else
              comment += commentSep + cb;
            commentSep = "";
            atNewline = false;
            break;
          }
          case "newline":
            if (atNewline) {
              if (comment)
                comment += token.source;
              else if (!found || indicator !== "seq-item-ind")
                spaceBefore = true;
            } else
              commentSep += token.source;
            atNewline = true;
            hasNewline = true;
            if (anchor || tag)
              newlineAfterProp = token;
            hasSpace = true;
            break;
          case "anchor":
            if (anchor)
              onError(token, "MULTIPLE_ANCHORS", "A node can have at most one anchor");
            if (token.source.endsWith(":"))
              onError(token.offset + token.source.length - 1, "BAD_ALIAS", "Anchor ending in : is ambiguous", true);
            anchor = token;
            start ?? (start = token.offset);
            atNewline = false;
            hasSpace = false;
            reqSpace = true;
            break;
          case "tag": {
            if (tag)
              onError(token, "MULTIPLE_TAGS", "A node can have at most one tag");
            tag = token;
            start ?? (start = token.offset);
            atNewline = false;
            hasSpace = false;
            reqSpace = true;
            break;
          }
          case indicator:
            if (anchor || tag)
              onError(token, "BAD_PROP_ORDER", `Anchors and tags must be after the ${token.source} indicator`);
            if (found)
              onError(token, "UNEXPECTED_TOKEN", `Unexpected ${token.source} in ${flow ?? "collection"}`);
            found = token;
            atNewline = indicator === "seq-item-ind" || indicator === "explicit-key-ind";
            hasSpace = false;
            break;
          case "comma":
            if (flow) {
              if (comma)
                onError(token, "UNEXPECTED_TOKEN", `Unexpected , in ${flow}`);
              comma = token;
              atNewline = false;
              hasSpace = false;
              break;
            }
          // else fallthrough
          default:
            onError(token, "UNEXPECTED_TOKEN", `Unexpected ${token.type} token`);
            atNewline = false;
            hasSpace = false;
        }
      }
      const last = tokens[tokens.length - 1];
      const end = last ? last.offset + last.source.length : offset;
      if (reqSpace && next && next.type !== "space" && next.type !== "newline" && next.type !== "comma" && (next.type !== "scalar" || next.source !== "")) {
        onError(next.offset, "MISSING_CHAR", "Tags and anchors must be separated from the next token by white space");
      }
      if (tab && (atNewline && tab.indent <= parentIndent || next?.type === "block-map" || next?.type === "block-seq"))
        onError(tab, "TAB_AS_INDENT", "Tabs are not allowed as indentation");
      return {
        comma,
        found,
        spaceBefore,
        comment,
        hasNewline,
        anchor,
        tag,
        newlineAfterProp,
        end,
        start: start ?? end
      };
    }
    exports.resolveProps = resolveProps;
  }
});

// node_modules/yaml/dist/compose/util-contains-newline.js
var require_util_contains_newline = __commonJS({
  "node_modules/yaml/dist/compose/util-contains-newline.js"(exports) {
    "use strict";
    function containsNewline(key) {
      if (!key)
        return null;
      switch (key.type) {
        case "alias":
        case "scalar":
        case "double-quoted-scalar":
        case "single-quoted-scalar":
          if (key.source.includes("\n"))
            return true;
          if (key.end) {
            for (const st of key.end)
              if (st.type === "newline")
                return true;
          }
          return false;
        case "flow-collection":
          for (const it of key.items) {
            for (const st of it.start)
              if (st.type === "newline")
                return true;
            if (it.sep) {
              for (const st of it.sep)
                if (st.type === "newline")
                  return true;
            }
            if (containsNewline(it.key) || containsNewline(it.value))
              return true;
          }
          return false;
        default:
          return true;
      }
    }
    exports.containsNewline = containsNewline;
  }
});

// node_modules/yaml/dist/compose/util-flow-indent-check.js
var require_util_flow_indent_check = __commonJS({
  "node_modules/yaml/dist/compose/util-flow-indent-check.js"(exports) {
    "use strict";
    var utilContainsNewline = require_util_contains_newline();
    function flowIndentCheck(indent, fc, onError) {
      if (fc?.type === "flow-collection") {
        const end = fc.end[0];
        if (end.indent === indent && (end.source === "]" || end.source === "}") && utilContainsNewline.containsNewline(fc)) {
          const msg = "Flow end indicator should be more indented than parent";
          onError(end, "BAD_INDENT", msg, true);
        }
      }
    }
    exports.flowIndentCheck = flowIndentCheck;
  }
});

// node_modules/yaml/dist/compose/util-map-includes.js
var require_util_map_includes = __commonJS({
  "node_modules/yaml/dist/compose/util-map-includes.js"(exports) {
    "use strict";
    var identity = require_identity();
    function mapIncludes(ctx, items, search) {
      const { uniqueKeys } = ctx.options;
      if (uniqueKeys === false)
        return false;
      const isEqual = typeof uniqueKeys === "function" ? uniqueKeys : (a, b) => a === b || identity.isScalar(a) && identity.isScalar(b) && a.value === b.value;
      return items.some((pair) => isEqual(pair.key, search));
    }
    exports.mapIncludes = mapIncludes;
  }
});

// node_modules/yaml/dist/compose/resolve-block-map.js
var require_resolve_block_map = __commonJS({
  "node_modules/yaml/dist/compose/resolve-block-map.js"(exports) {
    "use strict";
    var Pair = require_Pair();
    var YAMLMap = require_YAMLMap();
    var resolveProps = require_resolve_props();
    var utilContainsNewline = require_util_contains_newline();
    var utilFlowIndentCheck = require_util_flow_indent_check();
    var utilMapIncludes = require_util_map_includes();
    var startColMsg = "All mapping items must start at the same column";
    function resolveBlockMap({ composeNode, composeEmptyNode }, ctx, bm, onError, tag) {
      const NodeClass = tag?.nodeClass ?? YAMLMap.YAMLMap;
      const map = new NodeClass(ctx.schema);
      if (ctx.atRoot)
        ctx.atRoot = false;
      let offset = bm.offset;
      let commentEnd = null;
      for (const collItem of bm.items) {
        const { start, key, sep: sep2, value } = collItem;
        const keyProps = resolveProps.resolveProps(start, {
          indicator: "explicit-key-ind",
          next: key ?? sep2?.[0],
          offset,
          onError,
          parentIndent: bm.indent,
          startOnNewline: true
        });
        const implicitKey = !keyProps.found;
        if (implicitKey) {
          if (key) {
            if (key.type === "block-seq")
              onError(offset, "BLOCK_AS_IMPLICIT_KEY", "A block sequence may not be used as an implicit map key");
            else if ("indent" in key && key.indent !== bm.indent)
              onError(offset, "BAD_INDENT", startColMsg);
          }
          if (!keyProps.anchor && !keyProps.tag && !sep2) {
            commentEnd = keyProps.end;
            if (keyProps.comment) {
              if (map.comment)
                map.comment += "\n" + keyProps.comment;
              else
                map.comment = keyProps.comment;
            }
            continue;
          }
          if (keyProps.newlineAfterProp || utilContainsNewline.containsNewline(key)) {
            onError(key ?? start[start.length - 1], "MULTILINE_IMPLICIT_KEY", "Implicit keys need to be on a single line");
          }
        } else if (keyProps.found?.indent !== bm.indent) {
          onError(offset, "BAD_INDENT", startColMsg);
        }
        ctx.atKey = true;
        const keyStart = keyProps.end;
        const keyNode = key ? composeNode(ctx, key, keyProps, onError) : composeEmptyNode(ctx, keyStart, start, null, keyProps, onError);
        if (ctx.schema.compat)
          utilFlowIndentCheck.flowIndentCheck(bm.indent, key, onError);
        ctx.atKey = false;
        if (utilMapIncludes.mapIncludes(ctx, map.items, keyNode))
          onError(keyStart, "DUPLICATE_KEY", "Map keys must be unique");
        const valueProps = resolveProps.resolveProps(sep2 ?? [], {
          indicator: "map-value-ind",
          next: value,
          offset: keyNode.range[2],
          onError,
          parentIndent: bm.indent,
          startOnNewline: !key || key.type === "block-scalar"
        });
        offset = valueProps.end;
        if (valueProps.found) {
          if (implicitKey) {
            if (value?.type === "block-map" && !valueProps.hasNewline)
              onError(offset, "BLOCK_AS_IMPLICIT_KEY", "Nested mappings are not allowed in compact mappings");
            if (ctx.options.strict && keyProps.start < valueProps.found.offset - 1024)
              onError(keyNode.range, "KEY_OVER_1024_CHARS", "The : indicator must be at most 1024 chars after the start of an implicit block mapping key");
          }
          const valueNode = value ? composeNode(ctx, value, valueProps, onError) : composeEmptyNode(ctx, offset, sep2, null, valueProps, onError);
          if (ctx.schema.compat)
            utilFlowIndentCheck.flowIndentCheck(bm.indent, value, onError);
          offset = valueNode.range[2];
          const pair = new Pair.Pair(keyNode, valueNode);
          if (ctx.options.keepSourceTokens)
            pair.srcToken = collItem;
          map.items.push(pair);
        } else {
          if (implicitKey)
            onError(keyNode.range, "MISSING_CHAR", "Implicit map keys need to be followed by map values");
          if (valueProps.comment) {
            if (keyNode.comment)
              keyNode.comment += "\n" + valueProps.comment;
            else
              keyNode.comment = valueProps.comment;
          }
          const pair = new Pair.Pair(keyNode);
          if (ctx.options.keepSourceTokens)
            pair.srcToken = collItem;
          map.items.push(pair);
        }
      }
      if (commentEnd && commentEnd < offset)
        onError(commentEnd, "IMPOSSIBLE", "Map comment with trailing content");
      map.range = [bm.offset, offset, commentEnd ?? offset];
      return map;
    }
    exports.resolveBlockMap = resolveBlockMap;
  }
});

// node_modules/yaml/dist/compose/resolve-block-seq.js
var require_resolve_block_seq = __commonJS({
  "node_modules/yaml/dist/compose/resolve-block-seq.js"(exports) {
    "use strict";
    var YAMLSeq = require_YAMLSeq();
    var resolveProps = require_resolve_props();
    var utilFlowIndentCheck = require_util_flow_indent_check();
    function resolveBlockSeq({ composeNode, composeEmptyNode }, ctx, bs, onError, tag) {
      const NodeClass = tag?.nodeClass ?? YAMLSeq.YAMLSeq;
      const seq = new NodeClass(ctx.schema);
      if (ctx.atRoot)
        ctx.atRoot = false;
      if (ctx.atKey)
        ctx.atKey = false;
      let offset = bs.offset;
      let commentEnd = null;
      for (const { start, value } of bs.items) {
        const props = resolveProps.resolveProps(start, {
          indicator: "seq-item-ind",
          next: value,
          offset,
          onError,
          parentIndent: bs.indent,
          startOnNewline: true
        });
        if (!props.found) {
          if (props.anchor || props.tag || value) {
            if (value?.type === "block-seq")
              onError(props.end, "BAD_INDENT", "All sequence items must start at the same column");
            else
              onError(offset, "MISSING_CHAR", "Sequence item without - indicator");
          } else {
            commentEnd = props.end;
            if (props.comment)
              seq.comment = props.comment;
            continue;
          }
        }
        const node = value ? composeNode(ctx, value, props, onError) : composeEmptyNode(ctx, props.end, start, null, props, onError);
        if (ctx.schema.compat)
          utilFlowIndentCheck.flowIndentCheck(bs.indent, value, onError);
        offset = node.range[2];
        seq.items.push(node);
      }
      seq.range = [bs.offset, offset, commentEnd ?? offset];
      return seq;
    }
    exports.resolveBlockSeq = resolveBlockSeq;
  }
});

// node_modules/yaml/dist/compose/resolve-end.js
var require_resolve_end = __commonJS({
  "node_modules/yaml/dist/compose/resolve-end.js"(exports) {
    "use strict";
    function resolveEnd(end, offset, reqSpace, onError) {
      let comment = "";
      if (end) {
        let hasSpace = false;
        let sep2 = "";
        for (const token of end) {
          const { source: source2, type } = token;
          switch (type) {
            case "space":
              hasSpace = true;
              break;
            case "comment": {
              if (reqSpace && !hasSpace)
                onError(token, "MISSING_CHAR", "Comments must be separated from other tokens by white space characters");
              const cb = source2.substring(1) || " ";
              if (!comment)
                comment = cb;
              else
                comment += sep2 + cb;
              sep2 = "";
              break;
            }
            case "newline":
              if (comment)
                sep2 += source2;
              hasSpace = true;
              break;
            default:
              onError(token, "UNEXPECTED_TOKEN", `Unexpected ${type} at node end`);
          }
          offset += source2.length;
        }
      }
      return { comment, offset };
    }
    exports.resolveEnd = resolveEnd;
  }
});

// node_modules/yaml/dist/compose/resolve-flow-collection.js
var require_resolve_flow_collection = __commonJS({
  "node_modules/yaml/dist/compose/resolve-flow-collection.js"(exports) {
    "use strict";
    var identity = require_identity();
    var Pair = require_Pair();
    var YAMLMap = require_YAMLMap();
    var YAMLSeq = require_YAMLSeq();
    var resolveEnd = require_resolve_end();
    var resolveProps = require_resolve_props();
    var utilContainsNewline = require_util_contains_newline();
    var utilMapIncludes = require_util_map_includes();
    var blockMsg = "Block collections are not allowed within flow collections";
    var isBlock = (token) => token && (token.type === "block-map" || token.type === "block-seq");
    function resolveFlowCollection({ composeNode, composeEmptyNode }, ctx, fc, onError, tag) {
      const isMap = fc.start.source === "{";
      const fcName = isMap ? "flow map" : "flow sequence";
      const NodeClass = tag?.nodeClass ?? (isMap ? YAMLMap.YAMLMap : YAMLSeq.YAMLSeq);
      const coll = new NodeClass(ctx.schema);
      coll.flow = true;
      const atRoot = ctx.atRoot;
      if (atRoot)
        ctx.atRoot = false;
      if (ctx.atKey)
        ctx.atKey = false;
      let offset = fc.offset + fc.start.source.length;
      for (let i = 0; i < fc.items.length; ++i) {
        const collItem = fc.items[i];
        const { start, key, sep: sep2, value } = collItem;
        const props = resolveProps.resolveProps(start, {
          flow: fcName,
          indicator: "explicit-key-ind",
          next: key ?? sep2?.[0],
          offset,
          onError,
          parentIndent: fc.indent,
          startOnNewline: false
        });
        if (!props.found) {
          if (!props.anchor && !props.tag && !sep2 && !value) {
            if (i === 0 && props.comma)
              onError(props.comma, "UNEXPECTED_TOKEN", `Unexpected , in ${fcName}`);
            else if (i < fc.items.length - 1)
              onError(props.start, "UNEXPECTED_TOKEN", `Unexpected empty item in ${fcName}`);
            if (props.comment) {
              if (coll.comment)
                coll.comment += "\n" + props.comment;
              else
                coll.comment = props.comment;
            }
            offset = props.end;
            continue;
          }
          if (!isMap && ctx.options.strict && utilContainsNewline.containsNewline(key))
            onError(
              key,
              // checked by containsNewline()
              "MULTILINE_IMPLICIT_KEY",
              "Implicit keys of flow sequence pairs need to be on a single line"
            );
        }
        if (i === 0) {
          if (props.comma)
            onError(props.comma, "UNEXPECTED_TOKEN", `Unexpected , in ${fcName}`);
        } else {
          if (!props.comma)
            onError(props.start, "MISSING_CHAR", `Missing , between ${fcName} items`);
          if (props.comment) {
            let prevItemComment = "";
            loop: for (const st of start) {
              switch (st.type) {
                case "comma":
                case "space":
                  break;
                case "comment":
                  prevItemComment = st.source.substring(1);
                  break loop;
                default:
                  break loop;
              }
            }
            if (prevItemComment) {
              let prev = coll.items[coll.items.length - 1];
              if (identity.isPair(prev))
                prev = prev.value ?? prev.key;
              if (prev.comment)
                prev.comment += "\n" + prevItemComment;
              else
                prev.comment = prevItemComment;
              props.comment = props.comment.substring(prevItemComment.length + 1);
            }
          }
        }
        if (!isMap && !sep2 && !props.found) {
          const valueNode = value ? composeNode(ctx, value, props, onError) : composeEmptyNode(ctx, props.end, sep2, null, props, onError);
          coll.items.push(valueNode);
          offset = valueNode.range[2];
          if (isBlock(value))
            onError(valueNode.range, "BLOCK_IN_FLOW", blockMsg);
        } else {
          ctx.atKey = true;
          const keyStart = props.end;
          const keyNode = key ? composeNode(ctx, key, props, onError) : composeEmptyNode(ctx, keyStart, start, null, props, onError);
          if (isBlock(key))
            onError(keyNode.range, "BLOCK_IN_FLOW", blockMsg);
          ctx.atKey = false;
          const valueProps = resolveProps.resolveProps(sep2 ?? [], {
            flow: fcName,
            indicator: "map-value-ind",
            next: value,
            offset: keyNode.range[2],
            onError,
            parentIndent: fc.indent,
            startOnNewline: false
          });
          if (valueProps.found) {
            if (!isMap && !props.found && ctx.options.strict) {
              if (sep2)
                for (const st of sep2) {
                  if (st === valueProps.found)
                    break;
                  if (st.type === "newline") {
                    onError(st, "MULTILINE_IMPLICIT_KEY", "Implicit keys of flow sequence pairs need to be on a single line");
                    break;
                  }
                }
              if (props.start < valueProps.found.offset - 1024)
                onError(valueProps.found, "KEY_OVER_1024_CHARS", "The : indicator must be at most 1024 chars after the start of an implicit flow sequence key");
            }
          } else if (value) {
            if ("source" in value && value.source?.[0] === ":")
              onError(value, "MISSING_CHAR", `Missing space after : in ${fcName}`);
            else
              onError(valueProps.start, "MISSING_CHAR", `Missing , or : between ${fcName} items`);
          }
          const valueNode = value ? composeNode(ctx, value, valueProps, onError) : valueProps.found ? composeEmptyNode(ctx, valueProps.end, sep2, null, valueProps, onError) : null;
          if (valueNode) {
            if (isBlock(value))
              onError(valueNode.range, "BLOCK_IN_FLOW", blockMsg);
          } else if (valueProps.comment) {
            if (keyNode.comment)
              keyNode.comment += "\n" + valueProps.comment;
            else
              keyNode.comment = valueProps.comment;
          }
          const pair = new Pair.Pair(keyNode, valueNode);
          if (ctx.options.keepSourceTokens)
            pair.srcToken = collItem;
          if (isMap) {
            const map = coll;
            if (utilMapIncludes.mapIncludes(ctx, map.items, keyNode))
              onError(keyStart, "DUPLICATE_KEY", "Map keys must be unique");
            map.items.push(pair);
          } else {
            const map = new YAMLMap.YAMLMap(ctx.schema);
            map.flow = true;
            map.items.push(pair);
            const endRange = (valueNode ?? keyNode).range;
            map.range = [keyNode.range[0], endRange[1], endRange[2]];
            coll.items.push(map);
          }
          offset = valueNode ? valueNode.range[2] : valueProps.end;
        }
      }
      const expectedEnd = isMap ? "}" : "]";
      const [ce, ...ee] = fc.end;
      let cePos = offset;
      if (ce?.source === expectedEnd)
        cePos = ce.offset + ce.source.length;
      else {
        const name = fcName[0].toUpperCase() + fcName.substring(1);
        const msg = atRoot ? `${name} must end with a ${expectedEnd}` : `${name} in block collection must be sufficiently indented and end with a ${expectedEnd}`;
        onError(offset, atRoot ? "MISSING_CHAR" : "BAD_INDENT", msg);
        if (ce && ce.source.length !== 1)
          ee.unshift(ce);
      }
      if (ee.length > 0) {
        const end = resolveEnd.resolveEnd(ee, cePos, ctx.options.strict, onError);
        if (end.comment) {
          if (coll.comment)
            coll.comment += "\n" + end.comment;
          else
            coll.comment = end.comment;
        }
        coll.range = [fc.offset, cePos, end.offset];
      } else {
        coll.range = [fc.offset, cePos, cePos];
      }
      return coll;
    }
    exports.resolveFlowCollection = resolveFlowCollection;
  }
});

// node_modules/yaml/dist/compose/compose-collection.js
var require_compose_collection = __commonJS({
  "node_modules/yaml/dist/compose/compose-collection.js"(exports) {
    "use strict";
    var identity = require_identity();
    var Scalar = require_Scalar();
    var YAMLMap = require_YAMLMap();
    var YAMLSeq = require_YAMLSeq();
    var resolveBlockMap = require_resolve_block_map();
    var resolveBlockSeq = require_resolve_block_seq();
    var resolveFlowCollection = require_resolve_flow_collection();
    function resolveCollection(CN, ctx, token, onError, tagName, tag) {
      const coll = token.type === "block-map" ? resolveBlockMap.resolveBlockMap(CN, ctx, token, onError, tag) : token.type === "block-seq" ? resolveBlockSeq.resolveBlockSeq(CN, ctx, token, onError, tag) : resolveFlowCollection.resolveFlowCollection(CN, ctx, token, onError, tag);
      const Coll = coll.constructor;
      if (tagName === "!" || tagName === Coll.tagName) {
        coll.tag = Coll.tagName;
        return coll;
      }
      if (tagName)
        coll.tag = tagName;
      return coll;
    }
    function composeCollection(CN, ctx, token, props, onError) {
      const tagToken = props.tag;
      const tagName = !tagToken ? null : ctx.directives.tagName(tagToken.source, (msg) => onError(tagToken, "TAG_RESOLVE_FAILED", msg));
      if (token.type === "block-seq") {
        const { anchor, newlineAfterProp: nl } = props;
        const lastProp = anchor && tagToken ? anchor.offset > tagToken.offset ? anchor : tagToken : anchor ?? tagToken;
        if (lastProp && (!nl || nl.offset < lastProp.offset)) {
          const message = "Missing newline after block sequence props";
          onError(lastProp, "MISSING_CHAR", message);
        }
      }
      const expType = token.type === "block-map" ? "map" : token.type === "block-seq" ? "seq" : token.start.source === "{" ? "map" : "seq";
      if (!tagToken || !tagName || tagName === "!" || tagName === YAMLMap.YAMLMap.tagName && expType === "map" || tagName === YAMLSeq.YAMLSeq.tagName && expType === "seq") {
        return resolveCollection(CN, ctx, token, onError, tagName);
      }
      let tag = ctx.schema.tags.find((t) => t.tag === tagName && t.collection === expType);
      if (!tag) {
        const kt = ctx.schema.knownTags[tagName];
        if (kt?.collection === expType) {
          ctx.schema.tags.push(Object.assign({}, kt, { default: false }));
          tag = kt;
        } else {
          if (kt) {
            onError(tagToken, "BAD_COLLECTION_TYPE", `${kt.tag} used for ${expType} collection, but expects ${kt.collection ?? "scalar"}`, true);
          } else {
            onError(tagToken, "TAG_RESOLVE_FAILED", `Unresolved tag: ${tagName}`, true);
          }
          return resolveCollection(CN, ctx, token, onError, tagName);
        }
      }
      const coll = resolveCollection(CN, ctx, token, onError, tagName, tag);
      const res = tag.resolve?.(coll, (msg) => onError(tagToken, "TAG_RESOLVE_FAILED", msg), ctx.options) ?? coll;
      const node = identity.isNode(res) ? res : new Scalar.Scalar(res);
      node.range = coll.range;
      node.tag = tagName;
      if (tag?.format)
        node.format = tag.format;
      return node;
    }
    exports.composeCollection = composeCollection;
  }
});

// node_modules/yaml/dist/compose/resolve-block-scalar.js
var require_resolve_block_scalar = __commonJS({
  "node_modules/yaml/dist/compose/resolve-block-scalar.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    function resolveBlockScalar(ctx, scalar2, onError) {
      const start = scalar2.offset;
      const header = parseBlockScalarHeader(scalar2, ctx.options.strict, onError);
      if (!header)
        return { value: "", type: null, comment: "", range: [start, start, start] };
      const type = header.mode === ">" ? Scalar.Scalar.BLOCK_FOLDED : Scalar.Scalar.BLOCK_LITERAL;
      const lines = scalar2.source ? splitLines(scalar2.source) : [];
      let chompStart = lines.length;
      for (let i = lines.length - 1; i >= 0; --i) {
        const content = lines[i][1];
        if (content === "" || content === "\r")
          chompStart = i;
        else
          break;
      }
      if (chompStart === 0) {
        const value2 = header.chomp === "+" && lines.length > 0 ? "\n".repeat(Math.max(1, lines.length - 1)) : "";
        let end2 = start + header.length;
        if (scalar2.source)
          end2 += scalar2.source.length;
        return { value: value2, type, comment: header.comment, range: [start, end2, end2] };
      }
      let trimIndent = scalar2.indent + header.indent;
      let offset = scalar2.offset + header.length;
      let contentStart = 0;
      for (let i = 0; i < chompStart; ++i) {
        const [indent, content] = lines[i];
        if (content === "" || content === "\r") {
          if (header.indent === 0 && indent.length > trimIndent)
            trimIndent = indent.length;
        } else {
          if (indent.length < trimIndent) {
            const message = "Block scalars with more-indented leading empty lines must use an explicit indentation indicator";
            onError(offset + indent.length, "MISSING_CHAR", message);
          }
          if (header.indent === 0)
            trimIndent = indent.length;
          contentStart = i;
          if (trimIndent === 0 && !ctx.atRoot) {
            const message = "Block scalar values in collections must be indented";
            onError(offset, "BAD_INDENT", message);
          }
          break;
        }
        offset += indent.length + content.length + 1;
      }
      for (let i = lines.length - 1; i >= chompStart; --i) {
        if (lines[i][0].length > trimIndent)
          chompStart = i + 1;
      }
      let value = "";
      let sep2 = "";
      let prevMoreIndented = false;
      for (let i = 0; i < contentStart; ++i)
        value += lines[i][0].slice(trimIndent) + "\n";
      for (let i = contentStart; i < chompStart; ++i) {
        let [indent, content] = lines[i];
        offset += indent.length + content.length + 1;
        const crlf = content[content.length - 1] === "\r";
        if (crlf)
          content = content.slice(0, -1);
        if (content && indent.length < trimIndent) {
          const src = header.indent ? "explicit indentation indicator" : "first line";
          const message = `Block scalar lines must not be less indented than their ${src}`;
          onError(offset - content.length - (crlf ? 2 : 1), "BAD_INDENT", message);
          indent = "";
        }
        if (type === Scalar.Scalar.BLOCK_LITERAL) {
          value += sep2 + indent.slice(trimIndent) + content;
          sep2 = "\n";
        } else if (indent.length > trimIndent || content[0] === "	") {
          if (sep2 === " ")
            sep2 = "\n";
          else if (!prevMoreIndented && sep2 === "\n")
            sep2 = "\n\n";
          value += sep2 + indent.slice(trimIndent) + content;
          sep2 = "\n";
          prevMoreIndented = true;
        } else if (content === "") {
          if (sep2 === "\n")
            value += "\n";
          else
            sep2 = "\n";
        } else {
          value += sep2 + content;
          sep2 = " ";
          prevMoreIndented = false;
        }
      }
      switch (header.chomp) {
        case "-":
          break;
        case "+":
          for (let i = chompStart; i < lines.length; ++i)
            value += "\n" + lines[i][0].slice(trimIndent);
          if (value[value.length - 1] !== "\n")
            value += "\n";
          break;
        default:
          value += "\n";
      }
      const end = start + header.length + scalar2.source.length;
      return { value, type, comment: header.comment, range: [start, end, end] };
    }
    function parseBlockScalarHeader({ offset, props }, strict, onError) {
      if (props[0].type !== "block-scalar-header") {
        onError(props[0], "IMPOSSIBLE", "Block scalar header not found");
        return null;
      }
      const { source: source2 } = props[0];
      const mode = source2[0];
      let indent = 0;
      let chomp = "";
      let error = -1;
      for (let i = 1; i < source2.length; ++i) {
        const ch = source2[i];
        if (!chomp && (ch === "-" || ch === "+"))
          chomp = ch;
        else {
          const n = Number(ch);
          if (!indent && n)
            indent = n;
          else if (error === -1)
            error = offset + i;
        }
      }
      if (error !== -1)
        onError(error, "UNEXPECTED_TOKEN", `Block scalar header includes extra characters: ${source2}`);
      let hasSpace = false;
      let comment = "";
      let length = source2.length;
      for (let i = 1; i < props.length; ++i) {
        const token = props[i];
        switch (token.type) {
          case "space":
            hasSpace = true;
          // fallthrough
          case "newline":
            length += token.source.length;
            break;
          case "comment":
            if (strict && !hasSpace) {
              const message = "Comments must be separated from other tokens by white space characters";
              onError(token, "MISSING_CHAR", message);
            }
            length += token.source.length;
            comment = token.source.substring(1);
            break;
          case "error":
            onError(token, "UNEXPECTED_TOKEN", token.message);
            length += token.source.length;
            break;
          /* istanbul ignore next should not happen */
          default: {
            const message = `Unexpected token in block scalar header: ${token.type}`;
            onError(token, "UNEXPECTED_TOKEN", message);
            const ts = token.source;
            if (ts && typeof ts === "string")
              length += ts.length;
          }
        }
      }
      return { mode, indent, chomp, comment, length };
    }
    function splitLines(source2) {
      const split = source2.split(/\n( *)/);
      const first = split[0];
      const m = first.match(/^( *)/);
      const line0 = m?.[1] ? [m[1], first.slice(m[1].length)] : ["", first];
      const lines = [line0];
      for (let i = 1; i < split.length; i += 2)
        lines.push([split[i], split[i + 1]]);
      return lines;
    }
    exports.resolveBlockScalar = resolveBlockScalar;
  }
});

// node_modules/yaml/dist/compose/resolve-flow-scalar.js
var require_resolve_flow_scalar = __commonJS({
  "node_modules/yaml/dist/compose/resolve-flow-scalar.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var resolveEnd = require_resolve_end();
    function resolveFlowScalar(scalar2, strict, onError) {
      const { offset, type, source: source2, end } = scalar2;
      let _type;
      let value;
      const _onError = (rel, code, msg) => onError(offset + rel, code, msg);
      switch (type) {
        case "scalar":
          _type = Scalar.Scalar.PLAIN;
          value = plainValue(source2, _onError);
          break;
        case "single-quoted-scalar":
          _type = Scalar.Scalar.QUOTE_SINGLE;
          value = singleQuotedValue(source2, _onError);
          break;
        case "double-quoted-scalar":
          _type = Scalar.Scalar.QUOTE_DOUBLE;
          value = doubleQuotedValue(source2, _onError);
          break;
        /* istanbul ignore next should not happen */
        default:
          onError(scalar2, "UNEXPECTED_TOKEN", `Expected a flow scalar value, but found: ${type}`);
          return {
            value: "",
            type: null,
            comment: "",
            range: [offset, offset + source2.length, offset + source2.length]
          };
      }
      const valueEnd = offset + source2.length;
      const re = resolveEnd.resolveEnd(end, valueEnd, strict, onError);
      return {
        value,
        type: _type,
        comment: re.comment,
        range: [offset, valueEnd, re.offset]
      };
    }
    function plainValue(source2, onError) {
      let badChar = "";
      switch (source2[0]) {
        /* istanbul ignore next should not happen */
        case "	":
          badChar = "a tab character";
          break;
        case ",":
          badChar = "flow indicator character ,";
          break;
        case "%":
          badChar = "directive indicator character %";
          break;
        case "|":
        case ">": {
          badChar = `block scalar indicator ${source2[0]}`;
          break;
        }
        case "@":
        case "`": {
          badChar = `reserved character ${source2[0]}`;
          break;
        }
      }
      if (badChar)
        onError(0, "BAD_SCALAR_START", `Plain value cannot start with ${badChar}`);
      return unfoldLines(source2);
    }
    function singleQuotedValue(source2, onError) {
      if (source2[source2.length - 1] !== "'" || source2.length === 1)
        onError(source2.length, "MISSING_CHAR", "Missing closing 'quote");
      return unfoldLines(source2.slice(1, -1)).replace(/''/g, "'");
    }
    function unfoldLines(source2) {
      const line = /(.*?)\r?\n/sy;
      let match = line.exec(source2);
      if (!match)
        return source2;
      let trimEnd, trimBoth;
      try {
        trimEnd = new RegExp("(?<![ 	])[ 	]+$");
        trimBoth = new RegExp("^[ 	]+|(?<![ 	])[ 	]+$", "g");
      } catch {
        trimEnd = /[ \t]+$/;
        trimBoth = /^[ \t]+|[ \t]+$/g;
      }
      let res = match[1].replace(trimEnd, "");
      let sep2 = " ";
      let pos = line.lastIndex;
      while (match = line.exec(source2)) {
        const lm = match[1].replace(trimBoth, "");
        if (lm === "") {
          if (sep2 === "\n")
            res += sep2;
          else
            sep2 = "\n";
        } else {
          res += sep2 + lm;
          sep2 = " ";
        }
        pos = line.lastIndex;
      }
      const last = /[ \t]*(.*)/sy;
      last.lastIndex = pos;
      match = last.exec(source2);
      return res + sep2 + (match?.[1] ?? "");
    }
    function doubleQuotedValue(source2, onError) {
      let res = "";
      for (let i = 1; i < source2.length - 1; ++i) {
        const ch = source2[i];
        if (ch === "\r" && source2[i + 1] === "\n")
          continue;
        if (ch === "\n") {
          const { fold, offset } = foldNewline(source2, i);
          res += fold;
          i = offset;
        } else if (ch === "\\") {
          let next = source2[++i];
          const cc = escapeCodes[next];
          if (cc)
            res += cc;
          else if (next === "\n") {
            next = source2[i + 1];
            while (next === " " || next === "	")
              next = source2[++i + 1];
          } else if (next === "\r" && source2[i + 1] === "\n") {
            next = source2[++i + 1];
            while (next === " " || next === "	")
              next = source2[++i + 1];
          } else if (next === "x" || next === "u" || next === "U") {
            const length = next === "x" ? 2 : next === "u" ? 4 : 8;
            res += parseCharCode(source2, i + 1, length, onError);
            i += length;
          } else {
            const raw = source2.substr(i - 1, 2);
            onError(i - 1, "BAD_DQ_ESCAPE", `Invalid escape sequence ${raw}`);
            res += raw;
          }
        } else if (ch === " " || ch === "	") {
          const wsStart = i;
          let next = source2[i + 1];
          while (next === " " || next === "	")
            next = source2[++i + 1];
          if (next !== "\n" && !(next === "\r" && source2[i + 2] === "\n"))
            res += i > wsStart ? source2.slice(wsStart, i + 1) : ch;
        } else {
          res += ch;
        }
      }
      if (source2[source2.length - 1] !== '"' || source2.length === 1)
        onError(source2.length, "MISSING_CHAR", 'Missing closing "quote');
      return res;
    }
    function foldNewline(source2, offset) {
      let fold = "";
      let ch = source2[offset + 1];
      while (ch === " " || ch === "	" || ch === "\n" || ch === "\r") {
        if (ch === "\r" && source2[offset + 2] !== "\n")
          break;
        if (ch === "\n")
          fold += "\n";
        offset += 1;
        ch = source2[offset + 1];
      }
      if (!fold)
        fold = " ";
      return { fold, offset };
    }
    var escapeCodes = {
      "0": "\0",
      // null character
      a: "\x07",
      // bell character
      b: "\b",
      // backspace
      e: "\x1B",
      // escape character
      f: "\f",
      // form feed
      n: "\n",
      // line feed
      r: "\r",
      // carriage return
      t: "	",
      // horizontal tab
      v: "\v",
      // vertical tab
      N: "\x85",
      // Unicode next line
      _: "\xA0",
      // Unicode non-breaking space
      L: "\u2028",
      // Unicode line separator
      P: "\u2029",
      // Unicode paragraph separator
      " ": " ",
      '"': '"',
      "/": "/",
      "\\": "\\",
      "	": "	"
    };
    function parseCharCode(source2, offset, length, onError) {
      const cc = source2.substr(offset, length);
      const ok = cc.length === length && /^[0-9a-fA-F]+$/.test(cc);
      const code = ok ? parseInt(cc, 16) : NaN;
      try {
        return String.fromCodePoint(code);
      } catch {
        const raw = source2.substr(offset - 2, length + 2);
        onError(offset - 2, "BAD_DQ_ESCAPE", `Invalid escape sequence ${raw}`);
        return raw;
      }
    }
    exports.resolveFlowScalar = resolveFlowScalar;
  }
});

// node_modules/yaml/dist/compose/compose-scalar.js
var require_compose_scalar = __commonJS({
  "node_modules/yaml/dist/compose/compose-scalar.js"(exports) {
    "use strict";
    var identity = require_identity();
    var Scalar = require_Scalar();
    var resolveBlockScalar = require_resolve_block_scalar();
    var resolveFlowScalar = require_resolve_flow_scalar();
    function composeScalar(ctx, token, tagToken, onError) {
      const { value, type, comment, range } = token.type === "block-scalar" ? resolveBlockScalar.resolveBlockScalar(ctx, token, onError) : resolveFlowScalar.resolveFlowScalar(token, ctx.options.strict, onError);
      const tagName = tagToken ? ctx.directives.tagName(tagToken.source, (msg) => onError(tagToken, "TAG_RESOLVE_FAILED", msg)) : null;
      let tag;
      if (ctx.options.stringKeys && ctx.atKey) {
        tag = ctx.schema[identity.SCALAR];
      } else if (tagName)
        tag = findScalarTagByName(ctx.schema, value, tagName, tagToken, onError);
      else if (token.type === "scalar")
        tag = findScalarTagByTest(ctx, value, token, onError);
      else
        tag = ctx.schema[identity.SCALAR];
      let scalar2;
      try {
        const res = tag.resolve(value, (msg) => onError(tagToken ?? token, "TAG_RESOLVE_FAILED", msg), ctx.options);
        scalar2 = identity.isScalar(res) ? res : new Scalar.Scalar(res);
      } catch (error) {
        const msg = error instanceof Error ? error.message : String(error);
        onError(tagToken ?? token, "TAG_RESOLVE_FAILED", msg);
        scalar2 = new Scalar.Scalar(value);
      }
      scalar2.range = range;
      scalar2.source = value;
      if (type)
        scalar2.type = type;
      if (tagName)
        scalar2.tag = tagName;
      if (tag.format)
        scalar2.format = tag.format;
      if (comment)
        scalar2.comment = comment;
      return scalar2;
    }
    function findScalarTagByName(schema, value, tagName, tagToken, onError) {
      if (tagName === "!")
        return schema[identity.SCALAR];
      const matchWithTest = [];
      for (const tag of schema.tags) {
        if (!tag.collection && tag.tag === tagName) {
          if (tag.default && tag.test)
            matchWithTest.push(tag);
          else
            return tag;
        }
      }
      for (const tag of matchWithTest)
        if (tag.test?.test(value))
          return tag;
      const kt = schema.knownTags[tagName];
      if (kt && !kt.collection) {
        schema.tags.push(Object.assign({}, kt, { default: false, test: void 0 }));
        return kt;
      }
      onError(tagToken, "TAG_RESOLVE_FAILED", `Unresolved tag: ${tagName}`, tagName !== "tag:yaml.org,2002:str");
      return schema[identity.SCALAR];
    }
    function findScalarTagByTest({ atKey, directives, schema }, value, token, onError) {
      const tag = schema.tags.find((tag2) => (tag2.default === true || atKey && tag2.default === "key") && tag2.test?.test(value)) || schema[identity.SCALAR];
      if (schema.compat) {
        const compat = schema.compat.find((tag2) => tag2.default && tag2.test?.test(value)) ?? schema[identity.SCALAR];
        if (tag.tag !== compat.tag) {
          const ts = directives.tagString(tag.tag);
          const cs = directives.tagString(compat.tag);
          const msg = `Value may be parsed as either ${ts} or ${cs}`;
          onError(token, "TAG_RESOLVE_FAILED", msg, true);
        }
      }
      return tag;
    }
    exports.composeScalar = composeScalar;
  }
});

// node_modules/yaml/dist/compose/util-empty-scalar-position.js
var require_util_empty_scalar_position = __commonJS({
  "node_modules/yaml/dist/compose/util-empty-scalar-position.js"(exports) {
    "use strict";
    function emptyScalarPosition(offset, before, pos) {
      if (before) {
        pos ?? (pos = before.length);
        for (let i = pos - 1; i >= 0; --i) {
          let st = before[i];
          switch (st.type) {
            case "space":
            case "comment":
            case "newline":
              offset -= st.source.length;
              continue;
          }
          st = before[++i];
          while (st?.type === "space") {
            offset += st.source.length;
            st = before[++i];
          }
          break;
        }
      }
      return offset;
    }
    exports.emptyScalarPosition = emptyScalarPosition;
  }
});

// node_modules/yaml/dist/compose/compose-node.js
var require_compose_node = __commonJS({
  "node_modules/yaml/dist/compose/compose-node.js"(exports) {
    "use strict";
    var Alias = require_Alias();
    var identity = require_identity();
    var composeCollection = require_compose_collection();
    var composeScalar = require_compose_scalar();
    var resolveEnd = require_resolve_end();
    var utilEmptyScalarPosition = require_util_empty_scalar_position();
    var CN = { composeNode, composeEmptyNode };
    function composeNode(ctx, token, props, onError) {
      const atKey = ctx.atKey;
      const { spaceBefore, comment, anchor, tag } = props;
      let node;
      let isSrcToken = true;
      switch (token.type) {
        case "alias":
          node = composeAlias(ctx, token, onError);
          if (anchor || tag)
            onError(token, "ALIAS_PROPS", "An alias node must not specify any properties");
          break;
        case "scalar":
        case "single-quoted-scalar":
        case "double-quoted-scalar":
        case "block-scalar":
          node = composeScalar.composeScalar(ctx, token, tag, onError);
          if (anchor)
            node.anchor = anchor.source.substring(1);
          break;
        case "block-map":
        case "block-seq":
        case "flow-collection":
          try {
            node = composeCollection.composeCollection(CN, ctx, token, props, onError);
            if (anchor)
              node.anchor = anchor.source.substring(1);
          } catch (error) {
            const message = error instanceof Error ? error.message : String(error);
            onError(token, "RESOURCE_EXHAUSTION", message);
          }
          break;
        default: {
          const message = token.type === "error" ? token.message : `Unsupported token (type: ${token.type})`;
          onError(token, "UNEXPECTED_TOKEN", message);
          isSrcToken = false;
        }
      }
      node ?? (node = composeEmptyNode(ctx, token.offset, void 0, null, props, onError));
      if (anchor && node.anchor === "")
        onError(anchor, "BAD_ALIAS", "Anchor cannot be an empty string");
      if (atKey && ctx.options.stringKeys && (!identity.isScalar(node) || typeof node.value !== "string" || node.tag && node.tag !== "tag:yaml.org,2002:str")) {
        const msg = "With stringKeys, all keys must be strings";
        onError(tag ?? token, "NON_STRING_KEY", msg);
      }
      if (spaceBefore)
        node.spaceBefore = true;
      if (comment) {
        if (token.type === "scalar" && token.source === "")
          node.comment = comment;
        else
          node.commentBefore = comment;
      }
      if (ctx.options.keepSourceTokens && isSrcToken)
        node.srcToken = token;
      return node;
    }
    function composeEmptyNode(ctx, offset, before, pos, { spaceBefore, comment, anchor, tag, end }, onError) {
      const token = {
        type: "scalar",
        offset: utilEmptyScalarPosition.emptyScalarPosition(offset, before, pos),
        indent: -1,
        source: ""
      };
      const node = composeScalar.composeScalar(ctx, token, tag, onError);
      if (anchor) {
        node.anchor = anchor.source.substring(1);
        if (node.anchor === "")
          onError(anchor, "BAD_ALIAS", "Anchor cannot be an empty string");
      }
      if (spaceBefore)
        node.spaceBefore = true;
      if (comment) {
        node.comment = comment;
        node.range[2] = end;
      }
      return node;
    }
    function composeAlias({ options }, { offset, source: source2, end }, onError) {
      const alias = new Alias.Alias(source2.substring(1));
      if (alias.source === "")
        onError(offset, "BAD_ALIAS", "Alias cannot be an empty string");
      if (alias.source.endsWith(":"))
        onError(offset + source2.length - 1, "BAD_ALIAS", "Alias ending in : is ambiguous", true);
      const valueEnd = offset + source2.length;
      const re = resolveEnd.resolveEnd(end, valueEnd, options.strict, onError);
      alias.range = [offset, valueEnd, re.offset];
      if (re.comment)
        alias.comment = re.comment;
      return alias;
    }
    exports.composeEmptyNode = composeEmptyNode;
    exports.composeNode = composeNode;
  }
});

// node_modules/yaml/dist/compose/compose-doc.js
var require_compose_doc = __commonJS({
  "node_modules/yaml/dist/compose/compose-doc.js"(exports) {
    "use strict";
    var Document = require_Document();
    var composeNode = require_compose_node();
    var resolveEnd = require_resolve_end();
    var resolveProps = require_resolve_props();
    function composeDoc(options, directives, { offset, start, value, end }, onError) {
      const opts = Object.assign({ _directives: directives }, options);
      const doc = new Document.Document(void 0, opts);
      const ctx = {
        atKey: false,
        atRoot: true,
        directives: doc.directives,
        options: doc.options,
        schema: doc.schema
      };
      const props = resolveProps.resolveProps(start, {
        indicator: "doc-start",
        next: value ?? end?.[0],
        offset,
        onError,
        parentIndent: 0,
        startOnNewline: true
      });
      if (props.found) {
        doc.directives.docStart = true;
        if (value && (value.type === "block-map" || value.type === "block-seq") && !props.hasNewline)
          onError(props.end, "MISSING_CHAR", "Block collection cannot start on same line with directives-end marker");
      }
      doc.contents = value ? composeNode.composeNode(ctx, value, props, onError) : composeNode.composeEmptyNode(ctx, props.end, start, null, props, onError);
      const contentEnd = doc.contents.range[2];
      const re = resolveEnd.resolveEnd(end, contentEnd, false, onError);
      if (re.comment)
        doc.comment = re.comment;
      doc.range = [offset, contentEnd, re.offset];
      return doc;
    }
    exports.composeDoc = composeDoc;
  }
});

// node_modules/yaml/dist/compose/composer.js
var require_composer = __commonJS({
  "node_modules/yaml/dist/compose/composer.js"(exports) {
    "use strict";
    var node_process = __require("process");
    var directives = require_directives();
    var Document = require_Document();
    var errors = require_errors();
    var identity = require_identity();
    var composeDoc = require_compose_doc();
    var resolveEnd = require_resolve_end();
    function getErrorPos(src) {
      if (typeof src === "number")
        return [src, src + 1];
      if (Array.isArray(src))
        return src.length === 2 ? src : [src[0], src[1]];
      const { offset, source: source2 } = src;
      return [offset, offset + (typeof source2 === "string" ? source2.length : 1)];
    }
    function parsePrelude(prelude) {
      let comment = "";
      let atComment = false;
      let afterEmptyLine = false;
      for (let i = 0; i < prelude.length; ++i) {
        const source2 = prelude[i];
        switch (source2[0]) {
          case "#":
            comment += (comment === "" ? "" : afterEmptyLine ? "\n\n" : "\n") + (source2.substring(1) || " ");
            atComment = true;
            afterEmptyLine = false;
            break;
          case "%":
            if (prelude[i + 1]?.[0] !== "#")
              i += 1;
            atComment = false;
            break;
          default:
            if (!atComment)
              afterEmptyLine = true;
            atComment = false;
        }
      }
      return { comment, afterEmptyLine };
    }
    var Composer = class {
      constructor(options = {}) {
        this.doc = null;
        this.atDirectives = false;
        this.prelude = [];
        this.errors = [];
        this.warnings = [];
        this.onError = (source2, code, message, warning) => {
          const pos = getErrorPos(source2);
          if (warning)
            this.warnings.push(new errors.YAMLWarning(pos, code, message));
          else
            this.errors.push(new errors.YAMLParseError(pos, code, message));
        };
        this.directives = new directives.Directives({ version: options.version || "1.2" });
        this.options = options;
      }
      decorate(doc, afterDoc) {
        const { comment, afterEmptyLine } = parsePrelude(this.prelude);
        if (comment) {
          const dc = doc.contents;
          if (afterDoc) {
            doc.comment = doc.comment ? `${doc.comment}
${comment}` : comment;
          } else if (afterEmptyLine || doc.directives.docStart || !dc) {
            doc.commentBefore = comment;
          } else if (identity.isCollection(dc) && !dc.flow && dc.items.length > 0) {
            let it = dc.items[0];
            if (identity.isPair(it))
              it = it.key;
            const cb = it.commentBefore;
            it.commentBefore = cb ? `${comment}
${cb}` : comment;
          } else {
            const cb = dc.commentBefore;
            dc.commentBefore = cb ? `${comment}
${cb}` : comment;
          }
        }
        if (afterDoc) {
          for (let i = 0; i < this.errors.length; ++i)
            doc.errors.push(this.errors[i]);
          for (let i = 0; i < this.warnings.length; ++i)
            doc.warnings.push(this.warnings[i]);
        } else {
          doc.errors = this.errors;
          doc.warnings = this.warnings;
        }
        this.prelude = [];
        this.errors = [];
        this.warnings = [];
      }
      /**
       * Current stream status information.
       *
       * Mostly useful at the end of input for an empty stream.
       */
      streamInfo() {
        return {
          comment: parsePrelude(this.prelude).comment,
          directives: this.directives,
          errors: this.errors,
          warnings: this.warnings
        };
      }
      /**
       * Compose tokens into documents.
       *
       * @param forceDoc - If the stream contains no document, still emit a final document including any comments and directives that would be applied to a subsequent document.
       * @param endOffset - Should be set if `forceDoc` is also set, to set the document range end and to indicate errors correctly.
       */
      *compose(tokens, forceDoc = false, endOffset = -1) {
        for (const token of tokens)
          yield* this.next(token);
        yield* this.end(forceDoc, endOffset);
      }
      /** Advance the composer by one CST token. */
      *next(token) {
        if (node_process.env.LOG_STREAM)
          console.dir(token, { depth: null });
        switch (token.type) {
          case "directive":
            this.directives.add(token.source, (offset, message, warning) => {
              const pos = getErrorPos(token);
              pos[0] += offset;
              this.onError(pos, "BAD_DIRECTIVE", message, warning);
            });
            this.prelude.push(token.source);
            this.atDirectives = true;
            break;
          case "document": {
            const doc = composeDoc.composeDoc(this.options, this.directives, token, this.onError);
            if (this.atDirectives && !doc.directives.docStart)
              this.onError(token, "MISSING_CHAR", "Missing directives-end/doc-start indicator line");
            this.decorate(doc, false);
            if (this.doc)
              yield this.doc;
            this.doc = doc;
            this.atDirectives = false;
            break;
          }
          case "byte-order-mark":
          case "space":
            break;
          case "comment":
          case "newline":
            this.prelude.push(token.source);
            break;
          case "error": {
            const msg = token.source ? `${token.message}: ${JSON.stringify(token.source)}` : token.message;
            const error = new errors.YAMLParseError(getErrorPos(token), "UNEXPECTED_TOKEN", msg);
            if (this.atDirectives || !this.doc)
              this.errors.push(error);
            else
              this.doc.errors.push(error);
            break;
          }
          case "doc-end": {
            if (!this.doc) {
              const msg = "Unexpected doc-end without preceding document";
              this.errors.push(new errors.YAMLParseError(getErrorPos(token), "UNEXPECTED_TOKEN", msg));
              break;
            }
            this.doc.directives.docEnd = true;
            const end = resolveEnd.resolveEnd(token.end, token.offset + token.source.length, this.doc.options.strict, this.onError);
            this.decorate(this.doc, true);
            if (end.comment) {
              const dc = this.doc.comment;
              this.doc.comment = dc ? `${dc}
${end.comment}` : end.comment;
            }
            this.doc.range[2] = end.offset;
            break;
          }
          default:
            this.errors.push(new errors.YAMLParseError(getErrorPos(token), "UNEXPECTED_TOKEN", `Unsupported token ${token.type}`));
        }
      }
      /**
       * Call at end of input to yield any remaining document.
       *
       * @param forceDoc - If the stream contains no document, still emit a final document including any comments and directives that would be applied to a subsequent document.
       * @param endOffset - Should be set if `forceDoc` is also set, to set the document range end and to indicate errors correctly.
       */
      *end(forceDoc = false, endOffset = -1) {
        if (this.doc) {
          this.decorate(this.doc, true);
          yield this.doc;
          this.doc = null;
        } else if (forceDoc) {
          const opts = Object.assign({ _directives: this.directives }, this.options);
          const doc = new Document.Document(void 0, opts);
          if (this.atDirectives)
            this.onError(endOffset, "MISSING_CHAR", "Missing directives-end indicator line");
          doc.range = [0, endOffset, endOffset];
          this.decorate(doc, false);
          yield doc;
        }
      }
    };
    exports.Composer = Composer;
  }
});

// node_modules/yaml/dist/parse/cst-scalar.js
var require_cst_scalar = __commonJS({
  "node_modules/yaml/dist/parse/cst-scalar.js"(exports) {
    "use strict";
    var resolveBlockScalar = require_resolve_block_scalar();
    var resolveFlowScalar = require_resolve_flow_scalar();
    var errors = require_errors();
    var stringifyString = require_stringifyString();
    function resolveAsScalar(token, strict = true, onError) {
      if (token) {
        const _onError = (pos, code, message) => {
          const offset = typeof pos === "number" ? pos : Array.isArray(pos) ? pos[0] : pos.offset;
          if (onError)
            onError(offset, code, message);
          else
            throw new errors.YAMLParseError([offset, offset + 1], code, message);
        };
        switch (token.type) {
          case "scalar":
          case "single-quoted-scalar":
          case "double-quoted-scalar":
            return resolveFlowScalar.resolveFlowScalar(token, strict, _onError);
          case "block-scalar":
            return resolveBlockScalar.resolveBlockScalar({ options: { strict } }, token, _onError);
        }
      }
      return null;
    }
    function createScalarToken(value, context) {
      const { implicitKey = false, indent, inFlow = false, offset = -1, type = "PLAIN" } = context;
      const source2 = stringifyString.stringifyString({ type, value }, {
        implicitKey,
        indent: indent > 0 ? " ".repeat(indent) : "",
        inFlow,
        options: { blockQuote: true, lineWidth: -1 }
      });
      const end = context.end ?? [
        { type: "newline", offset: -1, indent, source: "\n" }
      ];
      switch (source2[0]) {
        case "|":
        case ">": {
          const he = source2.indexOf("\n");
          const head = source2.substring(0, he);
          const body = source2.substring(he + 1) + "\n";
          const props = [
            { type: "block-scalar-header", offset, indent, source: head }
          ];
          if (!addEndtoBlockProps(props, end))
            props.push({ type: "newline", offset: -1, indent, source: "\n" });
          return { type: "block-scalar", offset, indent, props, source: body };
        }
        case '"':
          return { type: "double-quoted-scalar", offset, indent, source: source2, end };
        case "'":
          return { type: "single-quoted-scalar", offset, indent, source: source2, end };
        default:
          return { type: "scalar", offset, indent, source: source2, end };
      }
    }
    function setScalarValue(token, value, context = {}) {
      let { afterKey = false, implicitKey = false, inFlow = false, type } = context;
      let indent = "indent" in token ? token.indent : null;
      if (afterKey && typeof indent === "number")
        indent += 2;
      if (!type)
        switch (token.type) {
          case "single-quoted-scalar":
            type = "QUOTE_SINGLE";
            break;
          case "double-quoted-scalar":
            type = "QUOTE_DOUBLE";
            break;
          case "block-scalar": {
            const header = token.props[0];
            if (header.type !== "block-scalar-header")
              throw new Error("Invalid block scalar header");
            type = header.source[0] === ">" ? "BLOCK_FOLDED" : "BLOCK_LITERAL";
            break;
          }
          default:
            type = "PLAIN";
        }
      const source2 = stringifyString.stringifyString({ type, value }, {
        implicitKey: implicitKey || indent === null,
        indent: indent !== null && indent > 0 ? " ".repeat(indent) : "",
        inFlow,
        options: { blockQuote: true, lineWidth: -1 }
      });
      switch (source2[0]) {
        case "|":
        case ">":
          setBlockScalarValue(token, source2);
          break;
        case '"':
          setFlowScalarValue(token, source2, "double-quoted-scalar");
          break;
        case "'":
          setFlowScalarValue(token, source2, "single-quoted-scalar");
          break;
        default:
          setFlowScalarValue(token, source2, "scalar");
      }
    }
    function setBlockScalarValue(token, source2) {
      const he = source2.indexOf("\n");
      const head = source2.substring(0, he);
      const body = source2.substring(he + 1) + "\n";
      if (token.type === "block-scalar") {
        const header = token.props[0];
        if (header.type !== "block-scalar-header")
          throw new Error("Invalid block scalar header");
        header.source = head;
        token.source = body;
      } else {
        const { offset } = token;
        const indent = "indent" in token ? token.indent : -1;
        const props = [
          { type: "block-scalar-header", offset, indent, source: head }
        ];
        if (!addEndtoBlockProps(props, "end" in token ? token.end : void 0))
          props.push({ type: "newline", offset: -1, indent, source: "\n" });
        for (const key of Object.keys(token))
          if (key !== "type" && key !== "offset")
            delete token[key];
        Object.assign(token, { type: "block-scalar", indent, props, source: body });
      }
    }
    function addEndtoBlockProps(props, end) {
      if (end)
        for (const st of end)
          switch (st.type) {
            case "space":
            case "comment":
              props.push(st);
              break;
            case "newline":
              props.push(st);
              return true;
          }
      return false;
    }
    function setFlowScalarValue(token, source2, type) {
      switch (token.type) {
        case "scalar":
        case "double-quoted-scalar":
        case "single-quoted-scalar":
          token.type = type;
          token.source = source2;
          break;
        case "block-scalar": {
          const end = token.props.slice(1);
          let oa = source2.length;
          if (token.props[0].type === "block-scalar-header")
            oa -= token.props[0].source.length;
          for (const tok of end)
            tok.offset += oa;
          delete token.props;
          Object.assign(token, { type, source: source2, end });
          break;
        }
        case "block-map":
        case "block-seq": {
          const offset = token.offset + source2.length;
          const nl = { type: "newline", offset, indent: token.indent, source: "\n" };
          delete token.items;
          Object.assign(token, { type, source: source2, end: [nl] });
          break;
        }
        default: {
          const indent = "indent" in token ? token.indent : -1;
          const end = "end" in token && Array.isArray(token.end) ? token.end.filter((st) => st.type === "space" || st.type === "comment" || st.type === "newline") : [];
          for (const key of Object.keys(token))
            if (key !== "type" && key !== "offset")
              delete token[key];
          Object.assign(token, { type, indent, source: source2, end });
        }
      }
    }
    exports.createScalarToken = createScalarToken;
    exports.resolveAsScalar = resolveAsScalar;
    exports.setScalarValue = setScalarValue;
  }
});

// node_modules/yaml/dist/parse/cst-stringify.js
var require_cst_stringify = __commonJS({
  "node_modules/yaml/dist/parse/cst-stringify.js"(exports) {
    "use strict";
    var stringify = (cst) => "type" in cst ? stringifyToken(cst) : stringifyItem(cst);
    function stringifyToken(token) {
      switch (token.type) {
        case "block-scalar": {
          let res = "";
          for (const tok of token.props)
            res += stringifyToken(tok);
          return res + token.source;
        }
        case "block-map":
        case "block-seq": {
          let res = "";
          for (const item of token.items)
            res += stringifyItem(item);
          return res;
        }
        case "flow-collection": {
          let res = token.start.source;
          for (const item of token.items)
            res += stringifyItem(item);
          for (const st of token.end)
            res += st.source;
          return res;
        }
        case "document": {
          let res = stringifyItem(token);
          if (token.end)
            for (const st of token.end)
              res += st.source;
          return res;
        }
        default: {
          let res = token.source;
          if ("end" in token && token.end)
            for (const st of token.end)
              res += st.source;
          return res;
        }
      }
    }
    function stringifyItem({ start, key, sep: sep2, value }) {
      let res = "";
      for (const st of start)
        res += st.source;
      if (key)
        res += stringifyToken(key);
      if (sep2)
        for (const st of sep2)
          res += st.source;
      if (value)
        res += stringifyToken(value);
      return res;
    }
    exports.stringify = stringify;
  }
});

// node_modules/yaml/dist/parse/cst-visit.js
var require_cst_visit = __commonJS({
  "node_modules/yaml/dist/parse/cst-visit.js"(exports) {
    "use strict";
    var BREAK = /* @__PURE__ */ Symbol("break visit");
    var SKIP = /* @__PURE__ */ Symbol("skip children");
    var REMOVE = /* @__PURE__ */ Symbol("remove item");
    function visit(cst, visitor) {
      if ("type" in cst && cst.type === "document")
        cst = { start: cst.start, value: cst.value };
      _visit(Object.freeze([]), cst, visitor);
    }
    visit.BREAK = BREAK;
    visit.SKIP = SKIP;
    visit.REMOVE = REMOVE;
    visit.itemAtPath = (cst, path) => {
      let item = cst;
      for (const [field2, index] of path) {
        const tok = item?.[field2];
        if (tok && "items" in tok) {
          item = tok.items[index];
        } else
          return void 0;
      }
      return item;
    };
    visit.parentCollection = (cst, path) => {
      const parent = visit.itemAtPath(cst, path.slice(0, -1));
      const field2 = path[path.length - 1][0];
      const coll = parent?.[field2];
      if (coll && "items" in coll)
        return coll;
      throw new Error("Parent collection not found");
    };
    function _visit(path, item, visitor) {
      let ctrl = visitor(item, path);
      if (typeof ctrl === "symbol")
        return ctrl;
      for (const field2 of ["key", "value"]) {
        const token = item[field2];
        if (token && "items" in token) {
          for (let i = 0; i < token.items.length; ++i) {
            const ci = _visit(Object.freeze(path.concat([[field2, i]])), token.items[i], visitor);
            if (typeof ci === "number")
              i = ci - 1;
            else if (ci === BREAK)
              return BREAK;
            else if (ci === REMOVE) {
              token.items.splice(i, 1);
              i -= 1;
            }
          }
          if (typeof ctrl === "function" && field2 === "key")
            ctrl = ctrl(item, path);
        }
      }
      return typeof ctrl === "function" ? ctrl(item, path) : ctrl;
    }
    exports.visit = visit;
  }
});

// node_modules/yaml/dist/parse/cst.js
var require_cst = __commonJS({
  "node_modules/yaml/dist/parse/cst.js"(exports) {
    "use strict";
    var cstScalar = require_cst_scalar();
    var cstStringify = require_cst_stringify();
    var cstVisit = require_cst_visit();
    var BOM = "\uFEFF";
    var DOCUMENT = "";
    var FLOW_END = "";
    var SCALAR = "";
    var isCollection = (token) => !!token && "items" in token;
    var isScalar = (token) => !!token && (token.type === "scalar" || token.type === "single-quoted-scalar" || token.type === "double-quoted-scalar" || token.type === "block-scalar");
    function prettyToken(token) {
      switch (token) {
        case BOM:
          return "<BOM>";
        case DOCUMENT:
          return "<DOC>";
        case FLOW_END:
          return "<FLOW_END>";
        case SCALAR:
          return "<SCALAR>";
        default:
          return JSON.stringify(token);
      }
    }
    function tokenType(source2) {
      switch (source2) {
        case BOM:
          return "byte-order-mark";
        case DOCUMENT:
          return "doc-mode";
        case FLOW_END:
          return "flow-error-end";
        case SCALAR:
          return "scalar";
        case "---":
          return "doc-start";
        case "...":
          return "doc-end";
        case "":
        case "\n":
        case "\r\n":
          return "newline";
        case "-":
          return "seq-item-ind";
        case "?":
          return "explicit-key-ind";
        case ":":
          return "map-value-ind";
        case "{":
          return "flow-map-start";
        case "}":
          return "flow-map-end";
        case "[":
          return "flow-seq-start";
        case "]":
          return "flow-seq-end";
        case ",":
          return "comma";
      }
      switch (source2[0]) {
        case " ":
        case "	":
          return "space";
        case "#":
          return "comment";
        case "%":
          return "directive-line";
        case "*":
          return "alias";
        case "&":
          return "anchor";
        case "!":
          return "tag";
        case "'":
          return "single-quoted-scalar";
        case '"':
          return "double-quoted-scalar";
        case "|":
        case ">":
          return "block-scalar-header";
      }
      return null;
    }
    exports.createScalarToken = cstScalar.createScalarToken;
    exports.resolveAsScalar = cstScalar.resolveAsScalar;
    exports.setScalarValue = cstScalar.setScalarValue;
    exports.stringify = cstStringify.stringify;
    exports.visit = cstVisit.visit;
    exports.BOM = BOM;
    exports.DOCUMENT = DOCUMENT;
    exports.FLOW_END = FLOW_END;
    exports.SCALAR = SCALAR;
    exports.isCollection = isCollection;
    exports.isScalar = isScalar;
    exports.prettyToken = prettyToken;
    exports.tokenType = tokenType;
  }
});

// node_modules/yaml/dist/parse/lexer.js
var require_lexer = __commonJS({
  "node_modules/yaml/dist/parse/lexer.js"(exports) {
    "use strict";
    var cst = require_cst();
    function isEmpty(ch) {
      switch (ch) {
        case void 0:
        case " ":
        case "\n":
        case "\r":
        case "	":
          return true;
        default:
          return false;
      }
    }
    var hexDigits = new Set("0123456789ABCDEFabcdef");
    var tagChars = new Set("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-#;/?:@&=+$_.!~*'()");
    var flowIndicatorChars = new Set(",[]{}");
    var invalidAnchorChars = new Set(" ,[]{}\n\r	");
    var isNotAnchorChar = (ch) => !ch || invalidAnchorChars.has(ch);
    var Lexer = class {
      constructor() {
        this.atEnd = false;
        this.blockScalarIndent = -1;
        this.blockScalarKeep = false;
        this.buffer = "";
        this.flowKey = false;
        this.flowLevel = 0;
        this.indentNext = 0;
        this.indentValue = 0;
        this.lineEndPos = null;
        this.next = null;
        this.pos = 0;
      }
      /**
       * Generate YAML tokens from the `source` string. If `incomplete`,
       * a part of the last line may be left as a buffer for the next call.
       *
       * @returns A generator of lexical tokens
       */
      *lex(source2, incomplete = false) {
        if (source2) {
          if (typeof source2 !== "string")
            throw TypeError("source is not a string");
          this.buffer = this.buffer ? this.buffer + source2 : source2;
          this.lineEndPos = null;
        }
        this.atEnd = !incomplete;
        let next = this.next ?? "stream";
        while (next && (incomplete || this.hasChars(1)))
          next = yield* this.parseNext(next);
      }
      atLineEnd() {
        let i = this.pos;
        let ch = this.buffer[i];
        while (ch === " " || ch === "	")
          ch = this.buffer[++i];
        if (!ch || ch === "#" || ch === "\n")
          return true;
        if (ch === "\r")
          return this.buffer[i + 1] === "\n";
        return false;
      }
      charAt(n) {
        return this.buffer[this.pos + n];
      }
      continueScalar(offset) {
        let ch = this.buffer[offset];
        if (this.indentNext > 0) {
          let indent = 0;
          while (ch === " ")
            ch = this.buffer[++indent + offset];
          if (ch === "\r") {
            const next = this.buffer[indent + offset + 1];
            if (next === "\n" || !next && !this.atEnd)
              return offset + indent + 1;
          }
          return ch === "\n" || indent >= this.indentNext || !ch && !this.atEnd ? offset + indent : -1;
        }
        if (ch === "-" || ch === ".") {
          const dt = this.buffer.substr(offset, 3);
          if ((dt === "---" || dt === "...") && isEmpty(this.buffer[offset + 3]))
            return -1;
        }
        return offset;
      }
      getLine() {
        let end = this.lineEndPos;
        if (typeof end !== "number" || end !== -1 && end < this.pos) {
          end = this.buffer.indexOf("\n", this.pos);
          this.lineEndPos = end;
        }
        if (end === -1)
          return this.atEnd ? this.buffer.substring(this.pos) : null;
        if (this.buffer[end - 1] === "\r")
          end -= 1;
        return this.buffer.substring(this.pos, end);
      }
      hasChars(n) {
        return this.pos + n <= this.buffer.length;
      }
      setNext(state) {
        this.buffer = this.buffer.substring(this.pos);
        this.pos = 0;
        this.lineEndPos = null;
        this.next = state;
        return null;
      }
      peek(n) {
        return this.buffer.substr(this.pos, n);
      }
      *parseNext(next) {
        switch (next) {
          case "stream":
            return yield* this.parseStream();
          case "line-start":
            return yield* this.parseLineStart();
          case "block-start":
            return yield* this.parseBlockStart();
          case "doc":
            return yield* this.parseDocument();
          case "flow":
            return yield* this.parseFlowCollection();
          case "quoted-scalar":
            return yield* this.parseQuotedScalar();
          case "block-scalar":
            return yield* this.parseBlockScalar();
          case "plain-scalar":
            return yield* this.parsePlainScalar();
        }
      }
      *parseStream() {
        let line = this.getLine();
        if (line === null)
          return this.setNext("stream");
        if (line[0] === cst.BOM) {
          yield* this.pushCount(1);
          line = line.substring(1);
        }
        if (line[0] === "%") {
          let dirEnd = line.length;
          let cs = line.indexOf("#");
          while (cs !== -1) {
            const ch = line[cs - 1];
            if (ch === " " || ch === "	") {
              dirEnd = cs - 1;
              break;
            } else {
              cs = line.indexOf("#", cs + 1);
            }
          }
          while (true) {
            const ch = line[dirEnd - 1];
            if (ch === " " || ch === "	")
              dirEnd -= 1;
            else
              break;
          }
          const n = (yield* this.pushCount(dirEnd)) + (yield* this.pushSpaces(true));
          yield* this.pushCount(line.length - n);
          this.pushNewline();
          return "stream";
        }
        if (this.atLineEnd()) {
          const sp = yield* this.pushSpaces(true);
          yield* this.pushCount(line.length - sp);
          yield* this.pushNewline();
          return "stream";
        }
        yield cst.DOCUMENT;
        return yield* this.parseLineStart();
      }
      *parseLineStart() {
        const ch = this.charAt(0);
        if (!ch && !this.atEnd)
          return this.setNext("line-start");
        if (ch === "-" || ch === ".") {
          if (!this.atEnd && !this.hasChars(4))
            return this.setNext("line-start");
          const s = this.peek(3);
          if ((s === "---" || s === "...") && isEmpty(this.charAt(3))) {
            yield* this.pushCount(3);
            this.indentValue = 0;
            this.indentNext = 0;
            return s === "---" ? "doc" : "stream";
          }
        }
        this.indentValue = yield* this.pushSpaces(false);
        if (this.indentNext > this.indentValue && !isEmpty(this.charAt(1)))
          this.indentNext = this.indentValue;
        return yield* this.parseBlockStart();
      }
      *parseBlockStart() {
        const [ch0, ch1] = this.peek(2);
        if (!ch1 && !this.atEnd)
          return this.setNext("block-start");
        if ((ch0 === "-" || ch0 === "?" || ch0 === ":") && isEmpty(ch1)) {
          const n = (yield* this.pushCount(1)) + (yield* this.pushSpaces(true));
          this.indentNext = this.indentValue + 1;
          this.indentValue += n;
          return "block-start";
        }
        return "doc";
      }
      *parseDocument() {
        yield* this.pushSpaces(true);
        const line = this.getLine();
        if (line === null)
          return this.setNext("doc");
        let n = yield* this.pushIndicators();
        switch (line[n]) {
          case "#":
            yield* this.pushCount(line.length - n);
          // fallthrough
          case void 0:
            yield* this.pushNewline();
            return yield* this.parseLineStart();
          case "{":
          case "[":
            yield* this.pushCount(1);
            this.flowKey = false;
            this.flowLevel = 1;
            return "flow";
          case "}":
          case "]":
            yield* this.pushCount(1);
            return "doc";
          case "*":
            yield* this.pushUntil(isNotAnchorChar);
            return "doc";
          case '"':
          case "'":
            return yield* this.parseQuotedScalar();
          case "|":
          case ">":
            n += yield* this.parseBlockScalarHeader();
            n += yield* this.pushSpaces(true);
            yield* this.pushCount(line.length - n);
            yield* this.pushNewline();
            return yield* this.parseBlockScalar();
          default:
            return yield* this.parsePlainScalar();
        }
      }
      *parseFlowCollection() {
        let nl, sp;
        let indent = -1;
        do {
          nl = yield* this.pushNewline();
          if (nl > 0) {
            sp = yield* this.pushSpaces(false);
            this.indentValue = indent = sp;
          } else {
            sp = 0;
          }
          sp += yield* this.pushSpaces(true);
        } while (nl + sp > 0);
        const line = this.getLine();
        if (line === null)
          return this.setNext("flow");
        if (indent !== -1 && indent < this.indentNext && line[0] !== "#" || indent === 0 && (line.startsWith("---") || line.startsWith("...")) && isEmpty(line[3])) {
          const atFlowEndMarker = indent === this.indentNext - 1 && this.flowLevel === 1 && (line[0] === "]" || line[0] === "}");
          if (!atFlowEndMarker) {
            this.flowLevel = 0;
            yield cst.FLOW_END;
            return yield* this.parseLineStart();
          }
        }
        let n = 0;
        while (line[n] === ",") {
          n += yield* this.pushCount(1);
          n += yield* this.pushSpaces(true);
          this.flowKey = false;
        }
        n += yield* this.pushIndicators();
        switch (line[n]) {
          case void 0:
            return "flow";
          case "#":
            yield* this.pushCount(line.length - n);
            return "flow";
          case "{":
          case "[":
            yield* this.pushCount(1);
            this.flowKey = false;
            this.flowLevel += 1;
            return "flow";
          case "}":
          case "]":
            yield* this.pushCount(1);
            this.flowKey = true;
            this.flowLevel -= 1;
            return this.flowLevel ? "flow" : "doc";
          case "*":
            yield* this.pushUntil(isNotAnchorChar);
            return "flow";
          case '"':
          case "'":
            this.flowKey = true;
            return yield* this.parseQuotedScalar();
          case ":": {
            const next = this.charAt(1);
            if (this.flowKey || isEmpty(next) || next === ",") {
              this.flowKey = false;
              yield* this.pushCount(1);
              yield* this.pushSpaces(true);
              return "flow";
            }
          }
          // fallthrough
          default:
            this.flowKey = false;
            return yield* this.parsePlainScalar();
        }
      }
      *parseQuotedScalar() {
        const quote = this.charAt(0);
        let end = this.buffer.indexOf(quote, this.pos + 1);
        if (quote === "'") {
          while (end !== -1 && this.buffer[end + 1] === "'")
            end = this.buffer.indexOf("'", end + 2);
        } else {
          while (end !== -1) {
            let n = 0;
            while (this.buffer[end - 1 - n] === "\\")
              n += 1;
            if (n % 2 === 0)
              break;
            end = this.buffer.indexOf('"', end + 1);
          }
        }
        const qb = this.buffer.substring(0, end);
        let nl = qb.indexOf("\n", this.pos);
        if (nl !== -1) {
          while (nl !== -1) {
            const cs = this.continueScalar(nl + 1);
            if (cs === -1)
              break;
            nl = qb.indexOf("\n", cs);
          }
          if (nl !== -1) {
            end = nl - (qb[nl - 1] === "\r" ? 2 : 1);
          }
        }
        if (end === -1) {
          if (!this.atEnd)
            return this.setNext("quoted-scalar");
          end = this.buffer.length;
        }
        yield* this.pushToIndex(end + 1, false);
        return this.flowLevel ? "flow" : "doc";
      }
      *parseBlockScalarHeader() {
        this.blockScalarIndent = -1;
        this.blockScalarKeep = false;
        let i = this.pos;
        while (true) {
          const ch = this.buffer[++i];
          if (ch === "+")
            this.blockScalarKeep = true;
          else if (ch > "0" && ch <= "9")
            this.blockScalarIndent = Number(ch) - 1;
          else if (ch !== "-")
            break;
        }
        return yield* this.pushUntil((ch) => isEmpty(ch) || ch === "#");
      }
      *parseBlockScalar() {
        let nl = this.pos - 1;
        let indent = 0;
        let ch;
        loop: for (let i2 = this.pos; ch = this.buffer[i2]; ++i2) {
          switch (ch) {
            case " ":
              indent += 1;
              break;
            case "\n":
              nl = i2;
              indent = 0;
              break;
            case "\r": {
              const next = this.buffer[i2 + 1];
              if (!next && !this.atEnd)
                return this.setNext("block-scalar");
              if (next === "\n")
                break;
            }
            // fallthrough
            default:
              break loop;
          }
        }
        if (!ch && !this.atEnd)
          return this.setNext("block-scalar");
        if (indent >= this.indentNext) {
          if (this.blockScalarIndent === -1)
            this.indentNext = indent;
          else {
            this.indentNext = this.blockScalarIndent + (this.indentNext === 0 ? 1 : this.indentNext);
          }
          do {
            const cs = this.continueScalar(nl + 1);
            if (cs === -1)
              break;
            nl = this.buffer.indexOf("\n", cs);
          } while (nl !== -1);
          if (nl === -1) {
            if (!this.atEnd)
              return this.setNext("block-scalar");
            nl = this.buffer.length;
          }
        }
        let i = nl + 1;
        ch = this.buffer[i];
        while (ch === " ")
          ch = this.buffer[++i];
        if (ch === "	") {
          while (ch === "	" || ch === " " || ch === "\r" || ch === "\n")
            ch = this.buffer[++i];
          nl = i - 1;
        } else if (!this.blockScalarKeep) {
          do {
            let i2 = nl - 1;
            let ch2 = this.buffer[i2];
            if (ch2 === "\r")
              ch2 = this.buffer[--i2];
            const lastChar = i2;
            while (ch2 === " ")
              ch2 = this.buffer[--i2];
            if (ch2 === "\n" && i2 >= this.pos && i2 + 1 + indent > lastChar)
              nl = i2;
            else
              break;
          } while (true);
        }
        yield cst.SCALAR;
        yield* this.pushToIndex(nl + 1, true);
        return yield* this.parseLineStart();
      }
      *parsePlainScalar() {
        const inFlow = this.flowLevel > 0;
        let end = this.pos - 1;
        let i = this.pos - 1;
        let ch;
        while (ch = this.buffer[++i]) {
          if (ch === ":") {
            const next = this.buffer[i + 1];
            if (isEmpty(next) || inFlow && flowIndicatorChars.has(next))
              break;
            end = i;
          } else if (isEmpty(ch)) {
            let next = this.buffer[i + 1];
            if (ch === "\r") {
              if (next === "\n") {
                i += 1;
                ch = "\n";
                next = this.buffer[i + 1];
              } else
                end = i;
            }
            if (next === "#" || inFlow && flowIndicatorChars.has(next))
              break;
            if (ch === "\n") {
              const cs = this.continueScalar(i + 1);
              if (cs === -1)
                break;
              i = Math.max(i, cs - 2);
            }
          } else {
            if (inFlow && flowIndicatorChars.has(ch))
              break;
            end = i;
          }
        }
        if (!ch && !this.atEnd)
          return this.setNext("plain-scalar");
        yield cst.SCALAR;
        yield* this.pushToIndex(end + 1, true);
        return inFlow ? "flow" : "doc";
      }
      *pushCount(n) {
        if (n > 0) {
          yield this.buffer.substr(this.pos, n);
          this.pos += n;
          return n;
        }
        return 0;
      }
      *pushToIndex(i, allowEmpty) {
        const s = this.buffer.slice(this.pos, i);
        if (s) {
          yield s;
          this.pos += s.length;
          return s.length;
        } else if (allowEmpty)
          yield "";
        return 0;
      }
      *pushIndicators() {
        let n = 0;
        loop: while (true) {
          switch (this.charAt(0)) {
            case "!":
              n += yield* this.pushTag();
              n += yield* this.pushSpaces(true);
              continue loop;
            case "&":
              n += yield* this.pushUntil(isNotAnchorChar);
              n += yield* this.pushSpaces(true);
              continue loop;
            case "-":
            // this is an error
            case "?":
            // this is an error outside flow collections
            case ":": {
              const inFlow = this.flowLevel > 0;
              const ch1 = this.charAt(1);
              if (isEmpty(ch1) || inFlow && flowIndicatorChars.has(ch1)) {
                if (!inFlow)
                  this.indentNext = this.indentValue + 1;
                else if (this.flowKey)
                  this.flowKey = false;
                n += yield* this.pushCount(1);
                n += yield* this.pushSpaces(true);
                continue loop;
              }
            }
          }
          break loop;
        }
        return n;
      }
      *pushTag() {
        if (this.charAt(1) === "<") {
          let i = this.pos + 2;
          let ch = this.buffer[i];
          while (!isEmpty(ch) && ch !== ">")
            ch = this.buffer[++i];
          return yield* this.pushToIndex(ch === ">" ? i + 1 : i, false);
        } else {
          let i = this.pos + 1;
          let ch = this.buffer[i];
          while (ch) {
            if (tagChars.has(ch))
              ch = this.buffer[++i];
            else if (ch === "%" && hexDigits.has(this.buffer[i + 1]) && hexDigits.has(this.buffer[i + 2])) {
              ch = this.buffer[i += 3];
            } else
              break;
          }
          return yield* this.pushToIndex(i, false);
        }
      }
      *pushNewline() {
        const ch = this.buffer[this.pos];
        if (ch === "\n")
          return yield* this.pushCount(1);
        else if (ch === "\r" && this.charAt(1) === "\n")
          return yield* this.pushCount(2);
        else
          return 0;
      }
      *pushSpaces(allowTabs) {
        let i = this.pos - 1;
        let ch;
        do {
          ch = this.buffer[++i];
        } while (ch === " " || allowTabs && ch === "	");
        const n = i - this.pos;
        if (n > 0) {
          yield this.buffer.substr(this.pos, n);
          this.pos = i;
        }
        return n;
      }
      *pushUntil(test) {
        let i = this.pos;
        let ch = this.buffer[i];
        while (!test(ch))
          ch = this.buffer[++i];
        return yield* this.pushToIndex(i, false);
      }
    };
    exports.Lexer = Lexer;
  }
});

// node_modules/yaml/dist/parse/line-counter.js
var require_line_counter = __commonJS({
  "node_modules/yaml/dist/parse/line-counter.js"(exports) {
    "use strict";
    var LineCounter2 = class {
      constructor() {
        this.lineStarts = [];
        this.addNewLine = (offset) => this.lineStarts.push(offset);
        this.linePos = (offset) => {
          let low = 0;
          let high = this.lineStarts.length;
          while (low < high) {
            const mid = low + high >> 1;
            if (this.lineStarts[mid] < offset)
              low = mid + 1;
            else
              high = mid;
          }
          if (this.lineStarts[low] === offset)
            return { line: low + 1, col: 1 };
          if (low === 0)
            return { line: 0, col: offset };
          const start = this.lineStarts[low - 1];
          return { line: low, col: offset - start + 1 };
        };
      }
    };
    exports.LineCounter = LineCounter2;
  }
});

// node_modules/yaml/dist/parse/parser.js
var require_parser = __commonJS({
  "node_modules/yaml/dist/parse/parser.js"(exports) {
    "use strict";
    var node_process = __require("process");
    var cst = require_cst();
    var lexer = require_lexer();
    function includesToken(list, type) {
      for (let i = 0; i < list.length; ++i)
        if (list[i].type === type)
          return true;
      return false;
    }
    function findNonEmptyIndex(list) {
      for (let i = 0; i < list.length; ++i) {
        switch (list[i].type) {
          case "space":
          case "comment":
          case "newline":
            break;
          default:
            return i;
        }
      }
      return -1;
    }
    function isFlowToken(token) {
      switch (token?.type) {
        case "alias":
        case "scalar":
        case "single-quoted-scalar":
        case "double-quoted-scalar":
        case "flow-collection":
          return true;
        default:
          return false;
      }
    }
    function getPrevProps(parent) {
      switch (parent.type) {
        case "document":
          return parent.start;
        case "block-map": {
          const it = parent.items[parent.items.length - 1];
          return it.sep ?? it.start;
        }
        case "block-seq":
          return parent.items[parent.items.length - 1].start;
        /* istanbul ignore next should not happen */
        default:
          return [];
      }
    }
    function getFirstKeyStartProps(prev) {
      if (prev.length === 0)
        return [];
      let i = prev.length;
      loop: while (--i >= 0) {
        switch (prev[i].type) {
          case "doc-start":
          case "explicit-key-ind":
          case "map-value-ind":
          case "seq-item-ind":
          case "newline":
            break loop;
        }
      }
      while (prev[++i]?.type === "space") {
      }
      return prev.splice(i, prev.length);
    }
    function arrayPushArray(target, source2) {
      if (source2.length < 1e5)
        Array.prototype.push.apply(target, source2);
      else
        for (let i = 0; i < source2.length; ++i)
          target.push(source2[i]);
    }
    function fixFlowSeqItems(fc) {
      if (fc.start.type === "flow-seq-start") {
        for (const it of fc.items) {
          if (it.sep && !it.value && !includesToken(it.start, "explicit-key-ind") && !includesToken(it.sep, "map-value-ind")) {
            if (it.key)
              it.value = it.key;
            delete it.key;
            if (isFlowToken(it.value)) {
              if (it.value.end)
                arrayPushArray(it.value.end, it.sep);
              else
                it.value.end = it.sep;
            } else
              arrayPushArray(it.start, it.sep);
            delete it.sep;
          }
        }
      }
    }
    var Parser = class {
      /**
       * @param onNewLine - If defined, called separately with the start position of
       *   each new line (in `parse()`, including the start of input).
       */
      constructor(onNewLine) {
        this.atNewLine = true;
        this.atScalar = false;
        this.indent = 0;
        this.offset = 0;
        this.onKeyLine = false;
        this.stack = [];
        this.source = "";
        this.type = "";
        this.lexer = new lexer.Lexer();
        this.onNewLine = onNewLine;
      }
      /**
       * Parse `source` as a YAML stream.
       * If `incomplete`, a part of the last line may be left as a buffer for the next call.
       *
       * Errors are not thrown, but yielded as `{ type: 'error', message }` tokens.
       *
       * @returns A generator of tokens representing each directive, document, and other structure.
       */
      *parse(source2, incomplete = false) {
        if (this.onNewLine && this.offset === 0)
          this.onNewLine(0);
        for (const lexeme of this.lexer.lex(source2, incomplete))
          yield* this.next(lexeme);
        if (!incomplete)
          yield* this.end();
      }
      /**
       * Advance the parser by the `source` of one lexical token.
       */
      *next(source2) {
        this.source = source2;
        if (node_process.env.LOG_TOKENS)
          console.log("|", cst.prettyToken(source2));
        if (this.atScalar) {
          this.atScalar = false;
          yield* this.step();
          this.offset += source2.length;
          return;
        }
        const type = cst.tokenType(source2);
        if (!type) {
          const message = `Not a YAML token: ${source2}`;
          yield* this.pop({ type: "error", offset: this.offset, message, source: source2 });
          this.offset += source2.length;
        } else if (type === "scalar") {
          this.atNewLine = false;
          this.atScalar = true;
          this.type = "scalar";
        } else {
          this.type = type;
          yield* this.step();
          switch (type) {
            case "newline":
              this.atNewLine = true;
              this.indent = 0;
              if (this.onNewLine)
                this.onNewLine(this.offset + source2.length);
              break;
            case "space":
              if (this.atNewLine && source2[0] === " ")
                this.indent += source2.length;
              break;
            case "explicit-key-ind":
            case "map-value-ind":
            case "seq-item-ind":
              if (this.atNewLine)
                this.indent += source2.length;
              break;
            case "doc-mode":
            case "flow-error-end":
              return;
            default:
              this.atNewLine = false;
          }
          this.offset += source2.length;
        }
      }
      /** Call at end of input to push out any remaining constructions */
      *end() {
        while (this.stack.length > 0)
          yield* this.pop();
      }
      get sourceToken() {
        const st = {
          type: this.type,
          offset: this.offset,
          indent: this.indent,
          source: this.source
        };
        return st;
      }
      *step() {
        const top = this.peek(1);
        if (this.type === "doc-end" && top?.type !== "doc-end") {
          while (this.stack.length > 0)
            yield* this.pop();
          this.stack.push({
            type: "doc-end",
            offset: this.offset,
            source: this.source
          });
          return;
        }
        if (!top)
          return yield* this.stream();
        switch (top.type) {
          case "document":
            return yield* this.document(top);
          case "alias":
          case "scalar":
          case "single-quoted-scalar":
          case "double-quoted-scalar":
            return yield* this.scalar(top);
          case "block-scalar":
            return yield* this.blockScalar(top);
          case "block-map":
            return yield* this.blockMap(top);
          case "block-seq":
            return yield* this.blockSequence(top);
          case "flow-collection":
            return yield* this.flowCollection(top);
          case "doc-end":
            return yield* this.documentEnd(top);
        }
        yield* this.pop();
      }
      peek(n) {
        return this.stack[this.stack.length - n];
      }
      *pop(error) {
        const token = error ?? this.stack.pop();
        if (!token) {
          const message = "Tried to pop an empty stack";
          yield { type: "error", offset: this.offset, source: "", message };
        } else if (this.stack.length === 0) {
          yield token;
        } else {
          const top = this.peek(1);
          if (token.type === "block-scalar") {
            token.indent = "indent" in top ? top.indent : 0;
          } else if (token.type === "flow-collection" && top.type === "document") {
            token.indent = 0;
          }
          if (token.type === "flow-collection")
            fixFlowSeqItems(token);
          switch (top.type) {
            case "document":
              top.value = token;
              break;
            case "block-scalar":
              top.props.push(token);
              break;
            case "block-map": {
              const it = top.items[top.items.length - 1];
              if (it.value) {
                top.items.push({ start: [], key: token, sep: [] });
                this.onKeyLine = true;
                return;
              } else if (it.sep) {
                it.value = token;
              } else {
                Object.assign(it, { key: token, sep: [] });
                this.onKeyLine = !it.explicitKey;
                return;
              }
              break;
            }
            case "block-seq": {
              const it = top.items[top.items.length - 1];
              if (it.value)
                top.items.push({ start: [], value: token });
              else
                it.value = token;
              break;
            }
            case "flow-collection": {
              const it = top.items[top.items.length - 1];
              if (!it || it.value)
                top.items.push({ start: [], key: token, sep: [] });
              else if (it.sep)
                it.value = token;
              else
                Object.assign(it, { key: token, sep: [] });
              return;
            }
            /* istanbul ignore next should not happen */
            default:
              yield* this.pop();
              yield* this.pop(token);
          }
          if ((top.type === "document" || top.type === "block-map" || top.type === "block-seq") && (token.type === "block-map" || token.type === "block-seq")) {
            const last = token.items[token.items.length - 1];
            if (last && !last.sep && !last.value && last.start.length > 0 && findNonEmptyIndex(last.start) === -1 && (token.indent === 0 || last.start.every((st) => st.type !== "comment" || st.indent < token.indent))) {
              if (top.type === "document")
                top.end = last.start;
              else
                top.items.push({ start: last.start });
              token.items.splice(-1, 1);
            }
          }
        }
      }
      *stream() {
        switch (this.type) {
          case "directive-line":
            yield { type: "directive", offset: this.offset, source: this.source };
            return;
          case "byte-order-mark":
          case "space":
          case "comment":
          case "newline":
            yield this.sourceToken;
            return;
          case "doc-mode":
          case "doc-start": {
            const doc = {
              type: "document",
              offset: this.offset,
              start: []
            };
            if (this.type === "doc-start")
              doc.start.push(this.sourceToken);
            this.stack.push(doc);
            return;
          }
        }
        yield {
          type: "error",
          offset: this.offset,
          message: `Unexpected ${this.type} token in YAML stream`,
          source: this.source
        };
      }
      *document(doc) {
        if (doc.value)
          return yield* this.lineEnd(doc);
        switch (this.type) {
          case "doc-start": {
            if (findNonEmptyIndex(doc.start) !== -1) {
              yield* this.pop();
              yield* this.step();
            } else
              doc.start.push(this.sourceToken);
            return;
          }
          case "anchor":
          case "tag":
          case "space":
          case "comment":
          case "newline":
            doc.start.push(this.sourceToken);
            return;
        }
        const bv = this.startBlockValue(doc);
        if (bv)
          this.stack.push(bv);
        else {
          yield {
            type: "error",
            offset: this.offset,
            message: `Unexpected ${this.type} token in YAML document`,
            source: this.source
          };
        }
      }
      *scalar(scalar2) {
        if (this.type === "map-value-ind") {
          const prev = getPrevProps(this.peek(2));
          const start = getFirstKeyStartProps(prev);
          let sep2;
          if (scalar2.end) {
            sep2 = scalar2.end;
            sep2.push(this.sourceToken);
            delete scalar2.end;
          } else
            sep2 = [this.sourceToken];
          const map = {
            type: "block-map",
            offset: scalar2.offset,
            indent: scalar2.indent,
            items: [{ start, key: scalar2, sep: sep2 }]
          };
          this.onKeyLine = true;
          this.stack[this.stack.length - 1] = map;
        } else
          yield* this.lineEnd(scalar2);
      }
      *blockScalar(scalar2) {
        switch (this.type) {
          case "space":
          case "comment":
          case "newline":
            scalar2.props.push(this.sourceToken);
            return;
          case "scalar":
            scalar2.source = this.source;
            this.atNewLine = true;
            this.indent = 0;
            if (this.onNewLine) {
              let nl = this.source.indexOf("\n") + 1;
              while (nl !== 0) {
                this.onNewLine(this.offset + nl);
                nl = this.source.indexOf("\n", nl) + 1;
              }
            }
            yield* this.pop();
            break;
          /* istanbul ignore next should not happen */
          default:
            yield* this.pop();
            yield* this.step();
        }
      }
      *blockMap(map) {
        const it = map.items[map.items.length - 1];
        switch (this.type) {
          case "newline":
            this.onKeyLine = false;
            if (it.value) {
              const end = "end" in it.value ? it.value.end : void 0;
              const last = Array.isArray(end) ? end[end.length - 1] : void 0;
              if (last?.type === "comment")
                end?.push(this.sourceToken);
              else
                map.items.push({ start: [this.sourceToken] });
            } else if (it.sep) {
              it.sep.push(this.sourceToken);
            } else {
              it.start.push(this.sourceToken);
            }
            return;
          case "space":
          case "comment":
            if (it.value) {
              map.items.push({ start: [this.sourceToken] });
            } else if (it.sep) {
              it.sep.push(this.sourceToken);
            } else {
              if (this.atIndentedComment(it.start, map.indent)) {
                const prev = map.items[map.items.length - 2];
                const end = prev?.value?.end;
                if (Array.isArray(end)) {
                  arrayPushArray(end, it.start);
                  end.push(this.sourceToken);
                  map.items.pop();
                  return;
                }
              }
              it.start.push(this.sourceToken);
            }
            return;
        }
        if (this.indent >= map.indent) {
          const atMapIndent = !this.onKeyLine && this.indent === map.indent;
          const atNextItem = atMapIndent && (it.sep || it.explicitKey) && this.type !== "seq-item-ind";
          let start = [];
          if (atNextItem && it.sep && !it.value) {
            const nl = [];
            for (let i = 0; i < it.sep.length; ++i) {
              const st = it.sep[i];
              switch (st.type) {
                case "newline":
                  nl.push(i);
                  break;
                case "space":
                  break;
                case "comment":
                  if (st.indent > map.indent)
                    nl.length = 0;
                  break;
                default:
                  nl.length = 0;
              }
            }
            if (nl.length >= 2)
              start = it.sep.splice(nl[1]);
          }
          switch (this.type) {
            case "anchor":
            case "tag":
              if (atNextItem || it.value) {
                start.push(this.sourceToken);
                map.items.push({ start });
                this.onKeyLine = true;
              } else if (it.sep) {
                it.sep.push(this.sourceToken);
              } else {
                it.start.push(this.sourceToken);
              }
              return;
            case "explicit-key-ind":
              if (!it.sep && !it.explicitKey) {
                it.start.push(this.sourceToken);
                it.explicitKey = true;
              } else if (atNextItem || it.value) {
                start.push(this.sourceToken);
                map.items.push({ start, explicitKey: true });
              } else {
                this.stack.push({
                  type: "block-map",
                  offset: this.offset,
                  indent: this.indent,
                  items: [{ start: [this.sourceToken], explicitKey: true }]
                });
              }
              this.onKeyLine = true;
              return;
            case "map-value-ind":
              if (it.explicitKey) {
                if (!it.sep) {
                  if (includesToken(it.start, "newline")) {
                    Object.assign(it, { key: null, sep: [this.sourceToken] });
                  } else {
                    const start2 = getFirstKeyStartProps(it.start);
                    this.stack.push({
                      type: "block-map",
                      offset: this.offset,
                      indent: this.indent,
                      items: [{ start: start2, key: null, sep: [this.sourceToken] }]
                    });
                  }
                } else if (it.value) {
                  map.items.push({ start: [], key: null, sep: [this.sourceToken] });
                } else if (includesToken(it.sep, "map-value-ind")) {
                  this.stack.push({
                    type: "block-map",
                    offset: this.offset,
                    indent: this.indent,
                    items: [{ start, key: null, sep: [this.sourceToken] }]
                  });
                } else if (isFlowToken(it.key) && !includesToken(it.sep, "newline")) {
                  const start2 = getFirstKeyStartProps(it.start);
                  const key = it.key;
                  const sep2 = it.sep;
                  sep2.push(this.sourceToken);
                  delete it.key;
                  delete it.sep;
                  this.stack.push({
                    type: "block-map",
                    offset: this.offset,
                    indent: this.indent,
                    items: [{ start: start2, key, sep: sep2 }]
                  });
                } else if (start.length > 0) {
                  it.sep = it.sep.concat(start, this.sourceToken);
                } else {
                  it.sep.push(this.sourceToken);
                }
              } else {
                if (!it.sep) {
                  Object.assign(it, { key: null, sep: [this.sourceToken] });
                } else if (it.value || atNextItem) {
                  map.items.push({ start, key: null, sep: [this.sourceToken] });
                } else if (includesToken(it.sep, "map-value-ind")) {
                  this.stack.push({
                    type: "block-map",
                    offset: this.offset,
                    indent: this.indent,
                    items: [{ start: [], key: null, sep: [this.sourceToken] }]
                  });
                } else {
                  it.sep.push(this.sourceToken);
                }
              }
              this.onKeyLine = true;
              return;
            case "alias":
            case "scalar":
            case "single-quoted-scalar":
            case "double-quoted-scalar": {
              const fs = this.flowScalar(this.type);
              if (atNextItem || it.value) {
                map.items.push({ start, key: fs, sep: [] });
                this.onKeyLine = true;
              } else if (it.sep) {
                this.stack.push(fs);
              } else {
                Object.assign(it, { key: fs, sep: [] });
                this.onKeyLine = true;
              }
              return;
            }
            default: {
              const bv = this.startBlockValue(map);
              if (bv) {
                if (bv.type === "block-seq") {
                  if (!it.explicitKey && it.sep && !includesToken(it.sep, "newline")) {
                    yield* this.pop({
                      type: "error",
                      offset: this.offset,
                      message: "Unexpected block-seq-ind on same line with key",
                      source: this.source
                    });
                    return;
                  }
                } else if (atMapIndent) {
                  map.items.push({ start });
                }
                this.stack.push(bv);
                return;
              }
            }
          }
        }
        yield* this.pop();
        yield* this.step();
      }
      *blockSequence(seq) {
        const it = seq.items[seq.items.length - 1];
        switch (this.type) {
          case "newline":
            if (it.value) {
              const end = "end" in it.value ? it.value.end : void 0;
              const last = Array.isArray(end) ? end[end.length - 1] : void 0;
              if (last?.type === "comment")
                end?.push(this.sourceToken);
              else
                seq.items.push({ start: [this.sourceToken] });
            } else
              it.start.push(this.sourceToken);
            return;
          case "space":
          case "comment":
            if (it.value)
              seq.items.push({ start: [this.sourceToken] });
            else {
              if (this.atIndentedComment(it.start, seq.indent)) {
                const prev = seq.items[seq.items.length - 2];
                const end = prev?.value?.end;
                if (Array.isArray(end)) {
                  arrayPushArray(end, it.start);
                  end.push(this.sourceToken);
                  seq.items.pop();
                  return;
                }
              }
              it.start.push(this.sourceToken);
            }
            return;
          case "anchor":
          case "tag":
            if (it.value || this.indent <= seq.indent)
              break;
            it.start.push(this.sourceToken);
            return;
          case "seq-item-ind":
            if (this.indent !== seq.indent)
              break;
            if (it.value || includesToken(it.start, "seq-item-ind"))
              seq.items.push({ start: [this.sourceToken] });
            else
              it.start.push(this.sourceToken);
            return;
        }
        if (this.indent > seq.indent) {
          const bv = this.startBlockValue(seq);
          if (bv) {
            this.stack.push(bv);
            return;
          }
        }
        yield* this.pop();
        yield* this.step();
      }
      *flowCollection(fc) {
        const it = fc.items[fc.items.length - 1];
        if (this.type === "flow-error-end") {
          let top;
          do {
            yield* this.pop();
            top = this.peek(1);
          } while (top?.type === "flow-collection");
        } else if (fc.end.length === 0) {
          switch (this.type) {
            case "comma":
            case "explicit-key-ind":
              if (!it || it.sep)
                fc.items.push({ start: [this.sourceToken] });
              else
                it.start.push(this.sourceToken);
              return;
            case "map-value-ind":
              if (!it || it.value)
                fc.items.push({ start: [], key: null, sep: [this.sourceToken] });
              else if (it.sep)
                it.sep.push(this.sourceToken);
              else
                Object.assign(it, { key: null, sep: [this.sourceToken] });
              return;
            case "space":
            case "comment":
            case "newline":
            case "anchor":
            case "tag":
              if (!it || it.value)
                fc.items.push({ start: [this.sourceToken] });
              else if (it.sep)
                it.sep.push(this.sourceToken);
              else
                it.start.push(this.sourceToken);
              return;
            case "alias":
            case "scalar":
            case "single-quoted-scalar":
            case "double-quoted-scalar": {
              const fs = this.flowScalar(this.type);
              if (!it || it.value)
                fc.items.push({ start: [], key: fs, sep: [] });
              else if (it.sep)
                this.stack.push(fs);
              else
                Object.assign(it, { key: fs, sep: [] });
              return;
            }
            case "flow-map-end":
            case "flow-seq-end":
              fc.end.push(this.sourceToken);
              return;
          }
          const bv = this.startBlockValue(fc);
          if (bv)
            this.stack.push(bv);
          else {
            yield* this.pop();
            yield* this.step();
          }
        } else {
          const parent = this.peek(2);
          if (parent.type === "block-map" && (this.type === "map-value-ind" && parent.indent === fc.indent || this.type === "newline" && !parent.items[parent.items.length - 1].sep)) {
            yield* this.pop();
            yield* this.step();
          } else if (this.type === "map-value-ind" && parent.type !== "flow-collection") {
            const prev = getPrevProps(parent);
            const start = getFirstKeyStartProps(prev);
            fixFlowSeqItems(fc);
            const sep2 = fc.end.splice(1, fc.end.length);
            sep2.push(this.sourceToken);
            const map = {
              type: "block-map",
              offset: fc.offset,
              indent: fc.indent,
              items: [{ start, key: fc, sep: sep2 }]
            };
            this.onKeyLine = true;
            this.stack[this.stack.length - 1] = map;
          } else {
            yield* this.lineEnd(fc);
          }
        }
      }
      flowScalar(type) {
        if (this.onNewLine) {
          let nl = this.source.indexOf("\n") + 1;
          while (nl !== 0) {
            this.onNewLine(this.offset + nl);
            nl = this.source.indexOf("\n", nl) + 1;
          }
        }
        return {
          type,
          offset: this.offset,
          indent: this.indent,
          source: this.source
        };
      }
      startBlockValue(parent) {
        switch (this.type) {
          case "alias":
          case "scalar":
          case "single-quoted-scalar":
          case "double-quoted-scalar":
            return this.flowScalar(this.type);
          case "block-scalar-header":
            return {
              type: "block-scalar",
              offset: this.offset,
              indent: this.indent,
              props: [this.sourceToken],
              source: ""
            };
          case "flow-map-start":
          case "flow-seq-start":
            return {
              type: "flow-collection",
              offset: this.offset,
              indent: this.indent,
              start: this.sourceToken,
              items: [],
              end: []
            };
          case "seq-item-ind":
            return {
              type: "block-seq",
              offset: this.offset,
              indent: this.indent,
              items: [{ start: [this.sourceToken] }]
            };
          case "explicit-key-ind": {
            this.onKeyLine = true;
            const prev = getPrevProps(parent);
            const start = getFirstKeyStartProps(prev);
            start.push(this.sourceToken);
            return {
              type: "block-map",
              offset: this.offset,
              indent: this.indent,
              items: [{ start, explicitKey: true }]
            };
          }
          case "map-value-ind": {
            this.onKeyLine = true;
            const prev = getPrevProps(parent);
            const start = getFirstKeyStartProps(prev);
            return {
              type: "block-map",
              offset: this.offset,
              indent: this.indent,
              items: [{ start, key: null, sep: [this.sourceToken] }]
            };
          }
        }
        return null;
      }
      atIndentedComment(start, indent) {
        if (this.type !== "comment")
          return false;
        if (this.indent <= indent)
          return false;
        return start.every((st) => st.type === "newline" || st.type === "space");
      }
      *documentEnd(docEnd) {
        if (this.type !== "doc-mode") {
          if (docEnd.end)
            docEnd.end.push(this.sourceToken);
          else
            docEnd.end = [this.sourceToken];
          if (this.type === "newline")
            yield* this.pop();
        }
      }
      *lineEnd(token) {
        switch (this.type) {
          case "comma":
          case "doc-start":
          case "doc-end":
          case "flow-seq-end":
          case "flow-map-end":
          case "map-value-ind":
            yield* this.pop();
            yield* this.step();
            break;
          case "newline":
            this.onKeyLine = false;
          // fallthrough
          case "space":
          case "comment":
          default:
            if (token.end)
              token.end.push(this.sourceToken);
            else
              token.end = [this.sourceToken];
            if (this.type === "newline")
              yield* this.pop();
        }
      }
    };
    exports.Parser = Parser;
  }
});

// node_modules/yaml/dist/public-api.js
var require_public_api = __commonJS({
  "node_modules/yaml/dist/public-api.js"(exports) {
    "use strict";
    var composer = require_composer();
    var Document = require_Document();
    var errors = require_errors();
    var log = require_log();
    var identity = require_identity();
    var lineCounter = require_line_counter();
    var parser = require_parser();
    function parseOptions(options) {
      const prettyErrors = options.prettyErrors !== false;
      const lineCounter$1 = options.lineCounter || prettyErrors && new lineCounter.LineCounter() || null;
      return { lineCounter: lineCounter$1, prettyErrors };
    }
    function parseAllDocuments2(source2, options = {}) {
      const { lineCounter: lineCounter2, prettyErrors } = parseOptions(options);
      const parser$1 = new parser.Parser(lineCounter2?.addNewLine);
      const composer$1 = new composer.Composer(options);
      const docs = Array.from(composer$1.compose(parser$1.parse(source2)));
      if (prettyErrors && lineCounter2)
        for (const doc of docs) {
          doc.errors.forEach(errors.prettifyError(source2, lineCounter2));
          doc.warnings.forEach(errors.prettifyError(source2, lineCounter2));
        }
      if (docs.length > 0)
        return docs;
      return Object.assign([], { empty: true }, composer$1.streamInfo());
    }
    function parseDocument(source2, options = {}) {
      const { lineCounter: lineCounter2, prettyErrors } = parseOptions(options);
      const parser$1 = new parser.Parser(lineCounter2?.addNewLine);
      const composer$1 = new composer.Composer(options);
      let doc = null;
      for (const _doc of composer$1.compose(parser$1.parse(source2), true, source2.length)) {
        if (!doc)
          doc = _doc;
        else if (doc.options.logLevel !== "silent") {
          doc.errors.push(new errors.YAMLParseError(_doc.range.slice(0, 2), "MULTIPLE_DOCS", "Source contains multiple documents; please use YAML.parseAllDocuments()"));
          break;
        }
      }
      if (prettyErrors && lineCounter2) {
        doc.errors.forEach(errors.prettifyError(source2, lineCounter2));
        doc.warnings.forEach(errors.prettifyError(source2, lineCounter2));
      }
      return doc;
    }
    function parse2(src, reviver, options) {
      let _reviver = void 0;
      if (typeof reviver === "function") {
        _reviver = reviver;
      } else if (options === void 0 && reviver && typeof reviver === "object") {
        options = reviver;
      }
      const doc = parseDocument(src, options);
      if (!doc)
        return null;
      doc.warnings.forEach((warning) => log.warn(doc.options.logLevel, warning));
      if (doc.errors.length > 0) {
        if (doc.options.logLevel !== "silent")
          throw doc.errors[0];
        else
          doc.errors = [];
      }
      return doc.toJS(Object.assign({ reviver: _reviver }, options));
    }
    function stringify(value, replacer, options) {
      let _replacer = null;
      if (typeof replacer === "function" || Array.isArray(replacer)) {
        _replacer = replacer;
      } else if (options === void 0 && replacer) {
        options = replacer;
      }
      if (typeof options === "string")
        options = options.length;
      if (typeof options === "number") {
        const indent = Math.round(options);
        options = indent < 1 ? void 0 : indent > 8 ? { indent: 8 } : { indent };
      }
      if (value === void 0) {
        const { keepUndefined } = options ?? replacer ?? {};
        if (!keepUndefined)
          return void 0;
      }
      if (identity.isDocument(value) && !_replacer)
        return value.toString(options);
      return new Document.Document(value, _replacer, options).toString(options);
    }
    exports.parse = parse2;
    exports.parseAllDocuments = parseAllDocuments2;
    exports.parseDocument = parseDocument;
    exports.stringify = stringify;
  }
});

// node_modules/yaml/dist/index.js
var require_dist = __commonJS({
  "node_modules/yaml/dist/index.js"(exports) {
    "use strict";
    var composer = require_composer();
    var Document = require_Document();
    var Schema = require_Schema();
    var errors = require_errors();
    var Alias = require_Alias();
    var identity = require_identity();
    var Pair = require_Pair();
    var Scalar = require_Scalar();
    var YAMLMap = require_YAMLMap();
    var YAMLSeq = require_YAMLSeq();
    var cst = require_cst();
    var lexer = require_lexer();
    var lineCounter = require_line_counter();
    var parser = require_parser();
    var publicApi = require_public_api();
    var visit = require_visit();
    exports.Composer = composer.Composer;
    exports.Document = Document.Document;
    exports.Schema = Schema.Schema;
    exports.YAMLError = errors.YAMLError;
    exports.YAMLParseError = errors.YAMLParseError;
    exports.YAMLWarning = errors.YAMLWarning;
    exports.Alias = Alias.Alias;
    exports.isAlias = identity.isAlias;
    exports.isCollection = identity.isCollection;
    exports.isDocument = identity.isDocument;
    exports.isMap = identity.isMap;
    exports.isNode = identity.isNode;
    exports.isPair = identity.isPair;
    exports.isScalar = identity.isScalar;
    exports.isSeq = identity.isSeq;
    exports.Pair = Pair.Pair;
    exports.Scalar = Scalar.Scalar;
    exports.YAMLMap = YAMLMap.YAMLMap;
    exports.YAMLSeq = YAMLSeq.YAMLSeq;
    exports.CST = cst;
    exports.Lexer = lexer.Lexer;
    exports.LineCounter = lineCounter.LineCounter;
    exports.Parser = parser.Parser;
    exports.parse = publicApi.parse;
    exports.parseAllDocuments = publicApi.parseAllDocuments;
    exports.parseDocument = publicApi.parseDocument;
    exports.stringify = publicApi.stringify;
    exports.visit = visit.visit;
    exports.visitAsync = visit.visitAsync;
  }
});

// src/compose/cluster-connection.ts
function createClusterConnection(settings, env, labels = {}) {
  const options = {
    kubeconfigPath: settings.kubeconfig,
    kubeconfigData: settings.kubeconfigData,
    context: settings.context,
    env,
    execPluginTimeoutMs: settings.execPluginTimeoutMs,
    pathLabel: labels.path,
    dataLabel: labels.data
  };
  const configured = findKubeConfigSource(options) !== void 0;
  let loading;
  const load = () => {
    loading ??= import("./connect-HORYUGR4.js").then(({ loadKubeConfig }) => loadKubeConfig(options));
    return loading;
  };
  return {
    configured,
    secretsToMask: async () => configured ? (await load())?.secretsToMask ?? [] : [],
    connect: async () => {
      const loaded = await load();
      if (!loaded) return void 0;
      const { createCluster } = await import("./kube-client-3DC5YJ3L.js");
      return createCluster(loaded.kc, {
        requestTimeoutMs: 3e4,
        userAgent: USER_AGENT,
        fieldManager: "config-rollout",
        retries: 5
      });
    }
  };
}

// src/ci/github-event.ts
import { readFile } from "node:fs/promises";
async function readEventPayload(env) {
  const path = env.GITHUB_EVENT_PATH;
  return path ? readEventFile(path) : void 0;
}
async function readEventFile(path) {
  let text;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    const code = error.code;
    throw new UserError(
      `GITHUB_EVENT_PATH ${path} cannot be read (${code === "ENOENT" ? "no such file" : code ?? String(error)})`
    );
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new UserError(`GITHUB_EVENT_PATH ${path} is not valid JSON: ${error.message}`);
  }
}

// src/ci/ci-kind.ts
function detectCiKind(env) {
  if (env.GITHUB_ACTIONS === "true") return "github";
  if (env.GITLAB_CI === "true") return "gitlab";
  return "local";
}
function fetchDepthHint(ci) {
  switch (ci) {
    case "github":
      return "set fetch-depth: 0 on actions/checkout";
    case "gitlab":
      return "set GIT_DEPTH: 0 in the job's variables";
    case "local":
      return "fetch more history (git fetch --unshallow)";
  }
}

// src/ci/read-ci-environment.ts
var RELEVANT = /^(GITHUB_|GITLAB_CI$|CI_)/;
async function readCiEnvironment(flags, env = process.env) {
  const picked = {};
  for (const [key, value] of Object.entries(env)) {
    if (RELEVANT.test(key)) picked[key] = value;
  }
  const input = { flags, env: picked };
  const flagsDecide = Boolean(flags.base?.trim() || flags.head?.trim());
  if (env.GITHUB_ACTIONS === "true" && env.GITHUB_EVENT_PATH && !flagsDecide) {
    input.event = await readEventFile(env.GITHUB_EVENT_PATH);
  }
  return input;
}

// src/ci/range-request.ts
var SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;
function isFullSha(value) {
  return SHA.test(value);
}
function isZeroSha(value) {
  return isFullSha(value) && /^0+$/.test(value);
}

// src/ci/github-range.ts
function resolveGitHubRange(env, event) {
  const name = env.GITHUB_EVENT_NAME ?? "";
  switch (name) {
    case "push":
      return resolvePush(requireEvent(name, event));
    case "pull_request":
    case "pull_request_target": {
      const payload = requireEvent(name, event);
      return {
        kind: "merge-base",
        base: requireSha(payload, ["pull_request", "base", "sha"], name),
        head: requireSha(payload, ["pull_request", "head", "sha"], name),
        note: `GitHub ${name}: merge-base of the base branch and the pull request head`
      };
    }
    case "merge_group": {
      const payload = requireEvent(name, event);
      return {
        kind: "range",
        base: requireSha(payload, ["merge_group", "base_sha"], name),
        head: requireSha(payload, ["merge_group", "head_sha"], name),
        note: "GitHub merge_group: base_sha..head_sha"
      };
    }
    default:
      return {
        kind: "first-parent",
        head: env.GITHUB_SHA || "HEAD",
        note: `GitHub ${name || "run"}: the event names no range, so comparing GITHUB_SHA with its first parent`
      };
  }
}
function resolvePush(payload) {
  const ref = typeof payload.ref === "string" ? payload.ref : "the ref";
  if (payload.deleted === true) {
    return { kind: "nothing", note: `GitHub push deleted ${ref}: nothing to compare` };
  }
  const after = requireSha(payload, ["after"], "push");
  const before = requireSha(payload, ["before"], "push");
  if (isZeroSha(before)) {
    const defaultBranch = stringAt(payload, ["repository", "default_branch"]);
    const what = ref.startsWith("refs/tags/") ? "tag" : "branch";
    return {
      kind: "new-branch",
      head: after,
      defaultBranch,
      note: defaultBranch ? `new ${what}: comparing with the merge-base of ${defaultBranch}` : `new ${what}: comparing with the first parent (the event names no default branch)`
    };
  }
  if (payload.forced === true) {
    return {
      kind: "range",
      base: before,
      head: after,
      forced: true,
      note: "GitHub forced push: before..after"
    };
  }
  return { kind: "range", base: before, head: after, note: "GitHub push: before..after" };
}
function requireEvent(name, event) {
  if (!isRecord2(event)) {
    throw new UserError(
      `GitHub ${name} event without an event payload: GITHUB_EVENT_PATH is not set or not a JSON object; pass --base and --head`
    );
  }
  return event;
}
function requireSha(payload, path, name) {
  const value = stringAt(payload, path);
  if (value === void 0 || !isFullSha(value)) {
    throw new UserError(
      `GitHub ${name} event: ${path.join(".")} is ${value === void 0 ? "missing" : `not a commit SHA (${JSON.stringify(value)})`} in the GITHUB_EVENT_PATH payload`
    );
  }
  return value;
}
function stringAt(payload, path) {
  let value = payload;
  for (const key of path) {
    if (!isRecord2(value)) return void 0;
    value = value[key];
  }
  return typeof value === "string" && value !== "" ? value : void 0;
}
function isRecord2(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

// src/ci/gitlab-range.ts
var NON_PUSH_SOURCES = /* @__PURE__ */ new Set([
  "schedule",
  "web",
  "api",
  "trigger",
  "pipeline",
  "parent_pipeline",
  "chat"
]);
function resolveGitLabRange(env) {
  const head = env.CI_COMMIT_SHA || "HEAD";
  const isMergeRequest = env.CI_PIPELINE_SOURCE === "merge_request_event" || Boolean(env.CI_MERGE_REQUEST_IID);
  if (isMergeRequest) return resolveMergeRequest(env, head);
  const before = env.CI_COMMIT_BEFORE_SHA ?? "";
  if (before !== "" && !isZeroSha(before)) {
    return { kind: "range", base: before, head, note: "GitLab push: CI_COMMIT_BEFORE_SHA..CI_COMMIT_SHA" };
  }
  const source2 = env.CI_PIPELINE_SOURCE ?? "push";
  if (NON_PUSH_SOURCES.has(source2)) {
    return {
      kind: "first-parent",
      head,
      note: `GitLab ${source2} pipeline: no previous commit, so comparing CI_COMMIT_SHA with its first parent`
    };
  }
  const defaultBranch = env.CI_DEFAULT_BRANCH || void 0;
  return {
    kind: "new-branch",
    head,
    defaultBranch,
    note: defaultBranch ? `new ${env.CI_COMMIT_TAG ? "tag" : "branch"}: comparing with the merge-base of ${defaultBranch}` : "new branch: comparing with the first parent (CI_DEFAULT_BRANCH is not set)"
  };
}
function resolveMergeRequest(env, head) {
  const targetSha = env.CI_MERGE_REQUEST_TARGET_BRANCH_SHA ?? "";
  if (env.CI_MERGE_REQUEST_EVENT_TYPE === "merged_result" && targetSha && !isZeroSha(targetSha)) {
    return {
      kind: "range",
      base: targetSha,
      head,
      note: "GitLab merged results pipeline: CI_MERGE_REQUEST_TARGET_BRANCH_SHA..CI_COMMIT_SHA"
    };
  }
  const diffBase = env.CI_MERGE_REQUEST_DIFF_BASE_SHA ?? "";
  if (diffBase && !isZeroSha(diffBase)) {
    return {
      kind: "range",
      base: diffBase,
      head,
      note: "GitLab merge request: CI_MERGE_REQUEST_DIFF_BASE_SHA..CI_COMMIT_SHA"
    };
  }
  const target = env.CI_MERGE_REQUEST_TARGET_BRANCH_NAME || env.CI_DEFAULT_BRANCH || void 0;
  return {
    kind: "new-branch",
    head,
    defaultBranch: target,
    note: target ? `GitLab merge request without a diff base: comparing with the merge-base of ${target}` : "GitLab merge request without a diff base or target branch: comparing with the first parent"
  };
}

// src/ci/resolve-range.ts
function resolveRange(input) {
  const fromFlags = resolveFlags(input);
  if (fromFlags) return fromFlags;
  switch (detectCiKind(input.env)) {
    case "github":
      return resolveGitHubRange(input.env, input.event);
    case "gitlab":
      return resolveGitLabRange(input.env);
    case "local":
      return { kind: "first-parent", head: "HEAD", note: "not in CI: comparing HEAD with its first parent" };
  }
}
function resolveFlags({ flags, env }) {
  const base = flags.base?.trim() || void 0;
  const head = flags.head?.trim() || void 0;
  if (base === void 0 && head === void 0) return void 0;
  if (base === void 0) {
    return {
      kind: "first-parent",
      head,
      note: "--head without --base: comparing it with its first parent"
    };
  }
  if (isZeroSha(base)) {
    const defaultBranch = env.CI_DEFAULT_BRANCH || void 0;
    return {
      kind: "new-branch",
      head: head ?? "HEAD",
      defaultBranch,
      note: defaultBranch ? `--base is all zeros (new branch): comparing with the merge-base of ${defaultBranch}` : "--base is all zeros (new branch): comparing with the first parent"
    };
  }
  return {
    kind: "range",
    base,
    head: head ?? "HEAD",
    note: head ? "flags: --base..--head" : "flags: --base..HEAD"
  };
}

// src/core/model.ts
function idKey(id) {
  return `${id.kind}/${id.namespace}/${id.name}`;
}
function formatId(id) {
  return `${id.kind.toLowerCase()}/${id.name} (namespace ${id.namespace})`;
}

// src/core/manifests/config-content.ts
import { createHash, createHmac } from "node:crypto";

// src/core/manifests/order.ts
function compareStrings(a, b) {
  return a < b ? -1 : a > b ? 1 : 0;
}
function compareIds(a, b) {
  return compareStrings(a.namespace, b.namespace) || compareStrings(a.kind, b.kind) || compareStrings(a.name, b.name);
}

// src/core/manifests/config-content.ts
var VALID_KEY = /^[-._a-zA-Z0-9]+$/;
var STD_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
function isConfigManifest(m) {
  return (m.id.kind === "ConfigMap" || m.id.kind === "Secret") && field(m.object, "apiVersion") === "v1";
}
function configContentOf(m) {
  const problems = [];
  const content = {};
  const label2 = `${m.id.kind.toLowerCase()}/${m.id.name}`;
  const report = (message, severity = "error") => problems.push({ file: m.file, line: m.line, col: 1, message: `${label2}: ${message}`, severity });
  const entries = (section) => {
    const value = field(m.object, section);
    if (value === void 0 || value === null) return [];
    if (!isRecord(value)) {
      report(`${section} must be a mapping of keys to strings, found ${describeType(value)}`);
      return [];
    }
    const valid = [];
    for (const [key, v] of Object.entries(value)) {
      if (!VALID_KEY.test(key)) {
        report(`${section} key ${JSON.stringify(key)} is not a valid key (letters, digits, "-", "_", ".")`);
        continue;
      }
      valid.push([key, v]);
    }
    return valid;
  };
  const text = (section, key, value) => {
    if (typeof value === "string") return value;
    if (value === null) {
      report(`${section} key "${key}" has no value; it is treated as an empty string`, "warning");
      return "";
    }
    report(
      `${section} key "${key}" must be a string, found ${describeType(value)} (quote it; kubectl would reject it)`
    );
    return void 0;
  };
  const decoded = (section, key, value) => {
    const s = text(section, key, value);
    if (s === void 0) return void 0;
    const compact = s.replace(/[\r\n]/g, "");
    if (!STD_BASE64.test(compact)) {
      report(`${section} key "${key}" is not valid base64`);
      return void 0;
    }
    return Buffer.from(compact, "base64").toString("base64");
  };
  if (m.id.kind === "ConfigMap") {
    for (const [key, value] of entries("data")) {
      const s = text("data", key, value);
      if (s !== void 0) setKey(content, key, Buffer.from(s, "utf8").toString("base64"));
    }
    for (const [key, value] of entries("binaryData")) {
      if (Object.hasOwn(content, key)) {
        report(`key "${key}" is in both data and binaryData`);
        continue;
      }
      const b = decoded("binaryData", key, value);
      if (b !== void 0) setKey(content, key, b);
    }
  } else if (m.id.kind === "Secret") {
    for (const [key, value] of entries("data")) {
      const b = decoded("data", key, value);
      if (b !== void 0) setKey(content, key, b);
    }
    for (const [key, value] of entries("stringData")) {
      const s = text("stringData", key, value);
      if (s !== void 0) setKey(content, key, Buffer.from(s, "utf8").toString("base64"));
    }
  }
  return { content: sortKeys(content), problems };
}
function contentHash(contents, key) {
  const entries = contents.map(({ id, content }) => canonicalJson({ id, content })).sort(compareStrings);
  const payload = `[${entries.join(",")}]`;
  const hash = key === void 0 ? createHash("sha256") : createHmac("sha256", key);
  return hash.update(payload, "utf8").digest("hex");
}
function changedKeys(a, b) {
  const before = a ?? {};
  const after = b ?? {};
  const keys = /* @__PURE__ */ new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((k) => Object.hasOwn(before, k) !== Object.hasOwn(after, k) || before[k] !== after[k]).sort(compareStrings);
}
function canonicalJson(value) {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (isRecord(value)) {
    const parts = Object.keys(value).filter((k) => value[k] !== void 0).sort(compareStrings).map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k])}`);
    return `{${parts.join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}
function sortKeys(content) {
  const sorted = {};
  for (const key of Object.keys(content).sort(compareStrings)) setKey(sorted, key, content[key]);
  return sorted;
}
function setKey(content, key, value) {
  Object.defineProperty(content, key, { value, enumerable: true, writable: true, configurable: true });
}

// src/core/manifests/config-changes.ts
var IGNORE_ANNOTATION = "config-rollout.io/ignore";
function hasIgnoreAnnotation(object) {
  return field(field(field(object, "metadata"), "annotations"), IGNORE_ANNOTATION) === "true";
}
function findConfigChanges(base, head) {
  const problems = [];
  const baseSnapshots = snapshotsOf(base, "base", problems);
  const headSnapshots = snapshotsOf(head, "head", problems);
  const changes = [];
  const ignored = new Set(
    head.filter((m) => isConfigManifest(m) && hasIgnoreAnnotation(m.object)).map((m) => idKey(m.id))
  );
  for (const [key, after] of headSnapshots) {
    const before = baseSnapshots.get(key);
    const keys = changedKeys(before?.content, after.content);
    const mark = ignored.has(key) ? { ignored: true } : {};
    if (before === void 0) {
      changes.push({ id: after.id, status: "added", file: after.file, line: after.line, keys, ...mark });
    } else if (keys.length > 0) {
      changes.push({ id: after.id, status: "modified", file: after.file, line: after.line, keys, ...mark });
    }
  }
  for (const [key, before] of baseSnapshots) {
    if (headSnapshots.has(key)) continue;
    const keys = changedKeys(before.content, void 0);
    changes.push({ id: before.id, status: "deleted", file: before.file, line: before.line, keys });
  }
  changes.sort((a, b) => compareIds(a.id, b.id));
  return { changes, snapshots: { base: baseSnapshots, head: headSnapshots }, problems };
}
function snapshotsOf(manifests, revision, problems) {
  const snapshots = /* @__PURE__ */ new Map();
  for (const m of manifests) {
    if (!isConfigManifest(m)) continue;
    const { content, problems: contentProblems } = configContentOf(m);
    if (revision === "head") problems.push(...contentProblems);
    const key = idKey(m.id);
    const earlier = snapshots.get(key);
    if (earlier !== void 0) {
      problems.push({
        file: m.file,
        line: m.line,
        col: 1,
        message: `${formatId(m.id)} is defined twice at ${revision}: ${earlier.file}:${earlier.line} and ${m.file}:${m.line}; the last one is used`,
        severity: "warning"
      });
    }
    snapshots.set(key, { id: m.id, file: m.file, line: m.line, content });
  }
  return snapshots;
}

// src/core/names.ts
var LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
var SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
var NAMESPACE_RULE = "at most 63 characters: lowercase letters, digits and '-', starting and ending with a letter or digit";
var OBJECT_NAME_RULE = "at most 253 characters: lowercase letters, digits, '-' and '.', starting and ending with a letter or digit";
function isNamespaceName(name) {
  return name.length <= 63 && LABEL.test(name);
}
function isObjectName(name) {
  return name.length <= 253 && SUBDOMAIN.test(name);
}
function quoteName(name) {
  const shown2 = name.length > 80 ? `${name.slice(0, 80)}\u2026` : name;
  return JSON.stringify(shown2);
}

// src/core/plan/references.ts
var CONTAINER_LISTS = ["initContainers", "containers", "ephemeralContainers"];
function findReferences(podSpec) {
  if (!isRecord(podSpec)) return [];
  const subPathVolumes = volumesMountedWithSubPath(podSpec);
  return [...volumeReferences(podSpec, subPathVolumes), ...containerReferences(podSpec)];
}
function volumeReferences(podSpec, subPathVolumes) {
  const refs = [];
  arrayField(podSpec, "volumes").forEach((volume, index) => {
    if (!isRecord(volume)) return;
    const volumeName = stringField(volume, "name");
    const path = `volumes[${shown(volumeName) ?? index}]`;
    const subPath = volumeName !== void 0 && subPathVolumes.has(volumeName) ? { subPath: true } : {};
    const configMap = field(volume, "configMap");
    const configMapName = configName(configMap, "name");
    if (configMapName) {
      refs.push({ ...source("ConfigMap", configMapName, "volume", configMap, path), ...subPath });
    }
    const secret = field(volume, "secret");
    const secretName = configName(secret, "secretName");
    if (secretName) refs.push({ ...source("Secret", secretName, "volume", secret, path), ...subPath });
    arrayField(field(volume, "projected"), "sources").forEach((projection, sourceIndex) => {
      const sourcePath = `${path}.sources[${sourceIndex}]`;
      const projectedConfigMap = field(projection, "configMap");
      const pcName = configName(projectedConfigMap, "name");
      if (pcName) {
        refs.push({
          ...source("ConfigMap", pcName, "projected", projectedConfigMap, sourcePath),
          ...subPath
        });
      }
      const projectedSecret = field(projection, "secret");
      const psName = configName(projectedSecret, "name");
      if (psName)
        refs.push({ ...source("Secret", psName, "projected", projectedSecret, sourcePath), ...subPath });
    });
  });
  return refs;
}
function source(configKind, configName2, via, volumeSource, path) {
  const items = field(volumeSource, "items");
  let keys = "all";
  if (Array.isArray(items)) {
    const named = unique(items.map((item) => stringField(item, "key")).filter((k) => !!k));
    if (named.length > 0) keys = named;
  }
  return { configKind, configName: configName2, via, keys, path, ...optional(volumeSource) };
}
function optional(source2) {
  return field(source2, "optional") === true ? { optional: true } : {};
}
function containerReferences(podSpec) {
  const refs = [];
  for (const list of CONTAINER_LISTS) {
    const init = list === "initContainers" ? { init: true } : {};
    arrayField(podSpec, list).forEach((container, index) => {
      if (!isRecord(container)) return;
      const prefix = `${list}[${shown(stringField(container, "name")) ?? index}]`;
      arrayField(container, "envFrom").forEach((envFrom, envFromIndex) => {
        const path = `${prefix}.envFrom[${envFromIndex}]`;
        for (const [refField, configKind] of [
          ["configMapRef", "ConfigMap"],
          ["secretRef", "Secret"]
        ]) {
          const ref = field(envFrom, refField);
          const name = configName(ref, "name");
          if (name) {
            refs.push({
              configKind,
              configName: name,
              via: "envFrom",
              keys: "all",
              path,
              ...init,
              ...optional(ref)
            });
          }
        }
      });
      arrayField(container, "env").forEach((env, envIndex) => {
        const valueFrom = field(env, "valueFrom");
        const path = `${prefix}.env[${shown(stringField(env, "name")) ?? envIndex}]`;
        for (const [refField, configKind] of [
          ["configMapKeyRef", "ConfigMap"],
          ["secretKeyRef", "Secret"]
        ]) {
          const ref = field(valueFrom, refField);
          const name = configName(ref, "name");
          const key = stringField(ref, "key");
          if (name && key) {
            refs.push({
              configKind,
              configName: name,
              via: "env",
              keys: [key],
              path,
              ...init,
              ...optional(ref)
            });
          }
        }
      });
    });
  }
  return refs;
}
function volumesMountedWithSubPath(podSpec) {
  const names = /* @__PURE__ */ new Set();
  for (const list of CONTAINER_LISTS) {
    for (const container of arrayField(podSpec, list)) {
      for (const mount of arrayField(container, "volumeMounts")) {
        const name = stringField(mount, "name");
        if (name && (stringField(mount, "subPath") || stringField(mount, "subPathExpr"))) names.add(name);
      }
    }
  }
  return names;
}
function configName(source2, key) {
  const name = stringField(source2, key);
  return name !== void 0 && isObjectName(name) ? name : void 0;
}
function shown(name) {
  if (name === void 0) return void 0;
  return [...name].some((char) => char.charCodeAt(0) < 32 || char.charCodeAt(0) === 127) ? JSON.stringify(name) : name;
}
function unique(values) {
  return [...new Set(values)];
}

// src/core/plan/reloader.ts
var OPT_IN = /* @__PURE__ */ new Set([
  "reloader.stakater.com/auto",
  "reloader.stakater.com/search",
  "configmap.reloader.stakater.com/reload",
  "configmap.reloader.stakater.com/auto",
  "secret.reloader.stakater.com/reload",
  "secret.reloader.stakater.com/auto"
]);
function reloaderAnnotation(workload) {
  const annotations = field(field(workload, "metadata"), "annotations");
  if (!isRecord(annotations)) return void 0;
  for (const [name, value] of Object.entries(annotations)) {
    if (!OPT_IN.has(name)) continue;
    if (typeof value !== "string" || value.trim() === "" || value.trim() === "false") continue;
    return `${name}: ${value}`;
  }
  return void 0;
}

// src/core/plan/build-plan.ts
function buildPlan(input) {
  const changesByKey = new Map(input.changes.map((c) => [idKey(c.id), c]));
  const stillReferencing = /* @__PURE__ */ new Map();
  const addedConfigs = new Set(input.changes.filter((c) => c.status === "added").map((c) => idKey(c.id)));
  const planned = [];
  const candidates = mergeCandidates(input.workloads, input.clusterWorkloads ?? []);
  const byKey = new Map(candidates.map((c) => [idKey(c.id), c]));
  const lookup = (id) => byKey.get(idKey(id))?.objects[0];
  const templateRunBy = /* @__PURE__ */ new Map();
  for (const candidate of candidates) {
    for (const object of candidate.objects) {
      const owner = workloadKindOf(object)?.templateOwner?.(object);
      if (owner) templateRunBy.set(idKey(owner), candidate.id);
    }
  }
  for (const candidate of candidates) {
    const references = [];
    const waitingFor = [];
    const ignoredReferences = [];
    for (const ref of referencesOf(candidate.objects, lookup)) {
      const config = {
        kind: ref.configKind,
        namespace: candidate.id.namespace,
        name: ref.configName
      };
      const change = changesByKey.get(idKey(config));
      if (change === void 0) continue;
      if (change.status === "deleted") {
        const key = idKey(change.id);
        if (!stillReferencing.has(key)) stillReferencing.set(key, /* @__PURE__ */ new Set());
        stillReferencing.get(key).add(shortId(candidate.id));
        continue;
      }
      if (change.status === "added" && !ref.optional) {
        waitingFor.push(config);
        continue;
      }
      const changedKeys2 = ref.keys === "all" ? [...change.keys] : change.keys.filter((k) => ref.keys.includes(k));
      (change.ignored ? ignoredReferences : references).push({ ...ref, config, changedKeys: changedKeys2 });
    }
    if (references.length === 0) {
      const consumedIgnored = ignoredReferences.filter((r) => r.changedKeys.length > 0);
      if (consumedIgnored.length > 0) {
        planned.push({
          id: candidate.id,
          source: candidate.source,
          ...candidate.file !== void 0 ? { file: candidate.file, line: candidate.line } : {},
          action: "skip",
          reason: `consumes only changed configs annotated ${IGNORE_ANNOTATION}: ${describeConsumption(consumedIgnored)}`,
          references: consumedIgnored
        });
      } else if (waitingFor.length > 0 && !input.newWorkloadIds.has(idKey(candidate.id))) {
        planned.push(waitingForAddedConfig(candidate, waitingFor));
      }
      continue;
    }
    const runBy = templateRunBy.get(idKey(candidate.id));
    const workload = planWorkload(candidate, references, input.newWorkloadIds, {
      addedConfigs,
      restartReloaderManaged: input.restartReloaderManaged ?? false
    });
    planned.push(
      runBy ? {
        ...workload,
        action: "skip",
        reason: `its pod template is run by ${shortId(runBy)} (workloadRef): restarted through it`
      } : workload
    );
  }
  planned.sort((a, b) => compareIds(a.id, b.id));
  const warnings = input.changes.filter((c) => c.status === "deleted" && stillReferencing.has(idKey(c.id))).map((c) => {
    const users = [...stillReferencing.get(idKey(c.id))].sort(compareStrings);
    const verb = users.length === 1 ? "references" : "reference";
    const message = `${formatId(c.id)} was deleted but ${users.join(", ")} still ${verb} it`;
    return { message, file: c.file, line: c.line };
  });
  return { workloads: planned, warnings };
}
function planWorkload(candidate, references, newWorkloadIds, options) {
  const base = {
    id: candidate.id,
    source: candidate.source,
    ...candidate.file !== void 0 ? { file: candidate.file, line: candidate.line } : {}
  };
  const consuming = references.filter((r) => r.changedKeys.length > 0);
  if (consuming.length === 0) {
    return { ...base, action: "skip", reason: readsNoChangedKey(references), references };
  }
  const skipReason = skipReasonFor(candidate, newWorkloadIds, options.restartReloaderManaged);
  if (skipReason !== void 0) return { ...base, action: "skip", reason: skipReason, references: consuming };
  const added = consuming.filter((r) => r.optional && options.addedConfigs.has(idKey(r.config)));
  const reason = added.length === consuming.length ? `references ${describeConsumption(added)} as optional; it was added in this diff and its pods started without it` : `consumes ${describeConsumption(consuming)}`;
  return { ...base, action: "restart", reason, references: consuming };
}
function waitingForAddedConfig(candidate, configs) {
  const names = [...new Set(configs.map(shortId))].sort(compareStrings).join(", ");
  const reason = `references ${names}, added in this diff and not optional: its pods could not have started without it and start once it exists`;
  return {
    id: candidate.id,
    source: candidate.source,
    ...candidate.file !== void 0 ? { file: candidate.file, line: candidate.line } : {},
    action: "skip",
    reason,
    references: []
  };
}
function skipReasonFor(candidate, newWorkloadIds, restartReloaderManaged) {
  if (candidate.objects.some(hasIgnoreAnnotation)) return `annotated ${IGNORE_ANNOTATION}`;
  const reloader = candidate.objects.map(reloaderAnnotation).find((a) => a !== void 0);
  if (reloader !== void 0 && !restartReloaderManaged) {
    return `managed by Stakater Reloader (annotation ${reloader}), which restarts it on config changes; pass --restart-reloader-managed to restart it here too`;
  }
  if (newWorkloadIds.has(idKey(candidate.id))) return "new in this diff: starts with the new config";
  if (!isRestartable(candidate.id.kind)) {
    return skipReasonForKind(candidate.id.kind) ?? `${candidate.id.kind}: cannot be restarted`;
  }
  return void 0;
}
function mergeCandidates(repo, cluster) {
  const candidates = /* @__PURE__ */ new Map();
  const add = (m, source2) => {
    if (!isWorkloadKind(m.id.kind)) return;
    const key = idKey(m.id);
    const existing = candidates.get(key);
    if (existing === void 0) {
      candidates.set(key, {
        id: m.id,
        source: source2,
        ...source2 === "repo" ? { file: m.file, line: m.line } : {},
        objects: [m.object]
      });
    } else {
      existing.objects.push(m.object);
    }
  };
  for (const m of repo) add(m, "repo");
  for (const m of cluster) add(m, "cluster");
  return [...candidates.values()];
}
function referencesOf(objects, lookup) {
  const seen = /* @__PURE__ */ new Set();
  const refs = [];
  for (const object of objects) {
    for (const ref of findReferences(runningPodTemplateOf(object, lookup)?.spec)) {
      const key = JSON.stringify([ref.configKind, ref.configName, ref.via, ref.path, ref.keys]);
      if (seen.has(key)) continue;
      seen.add(key);
      refs.push(ref);
    }
  }
  return refs;
}
function describeConsumption(references) {
  return groupByConfig(references).map(([config, refs]) => {
    const keys = [...new Set(refs.flatMap((r) => r.changedKeys))].sort(compareStrings);
    const vias = [...new Set(refs.map(viaLabel))];
    return `${shortId(config)} (keys: ${listKeys(keys)}) via ${vias.join(", ")}`;
  }).join("; ");
}
function readsNoChangedKey(references) {
  const parts = groupByConfig(references).map(([config, refs]) => {
    const keys = [...new Set(refs.flatMap((r) => r.keys === "all" ? [] : r.keys))].sort(compareStrings);
    return `${shortId(config)} (keys: ${listKeys(keys)})`;
  });
  return `reads ${parts.join("; ")}, none of which changed`;
}
function groupByConfig(references) {
  const groups = /* @__PURE__ */ new Map();
  for (const ref of references) {
    const key = idKey(ref.config);
    if (!groups.has(key)) groups.set(key, [ref.config, []]);
    groups.get(key)[1].push(ref);
  }
  return [...groups.values()].sort(([a], [b]) => compareIds(a, b));
}
function viaLabel(ref) {
  const base = ref.via === "projected" ? "projected volume" : ref.via;
  const notes = [ref.init ? "init container" : "", ref.subPath ? "subPath" : ""].filter(Boolean);
  return notes.length > 0 ? `${base} (${notes.join(", ")})` : base;
}
var MAX_LISTED_KEYS = 5;
function listKeys(keys) {
  if (keys.length <= MAX_LISTED_KEYS) return keys.join(", ");
  return `${keys.slice(0, MAX_LISTED_KEYS).join(", ")} and ${keys.length - MAX_LISTED_KEYS} more`;
}
function shortId(id) {
  return `${id.kind.toLowerCase()}/${id.name}`;
}

// src/core/plan/guard-rails.ts
function applyGuardRails(workloads, rails) {
  const guarded = workloads.map((w) => {
    if (w.action !== "restart") return w;
    const ns = w.id.namespace;
    if (rails.excludeNamespaces.includes(ns)) {
      return { ...w, action: "skip", reason: `namespace ${ns} is excluded (--exclude-namespaces)` };
    }
    if (rails.namespaces.length > 0 && !rails.namespaces.includes(ns)) {
      return {
        ...w,
        action: "skip",
        reason: `namespace ${ns} is not in --namespaces ${rails.namespaces.join(",")}`
      };
    }
    return w;
  });
  const restarts = guarded.filter((w) => w.action === "restart").length;
  if (rails.maxRestarts !== void 0 && restarts > rails.maxRestarts) {
    throw new UserError(
      `the plan restarts ${restarts} workloads, more than --max-restarts ${rails.maxRestarts}; nothing was restarted (run with --dry-run to see the plan)`
    );
  }
  return guarded;
}

// src/core/run-result.ts
function isFailure(result) {
  return result.restart === "failed" || ["failed", "timeout", "deleted"].includes(result.rollout ?? "");
}
function outcomeOf(plan, results, dryRun) {
  if (results.some(isFailure)) {
    return "failed";
  }
  if (!plan.workloads.some((w) => w.action === "restart")) return "nothing-to-do";
  if (dryRun !== "none") return "planned";
  return results.some((r) => r.restart === "restarted") ? "restarted" : "nothing-to-do";
}

// src/core/sources/merge-by-identity.ts
function originLabel(manifest) {
  return manifest.origin ?? `file ${manifest.file}`;
}
function mergeByIdentity(manifests) {
  const kept = /* @__PURE__ */ new Map();
  const merged = [];
  const conflicts = [];
  const seenConflicts = /* @__PURE__ */ new Set();
  for (const manifest of manifests) {
    const key = idKey(manifest.id);
    const earlier = kept.get(key);
    if (earlier === void 0 || manifest.origin === void 0 && earlier.manifest.origin === void 0) {
      if (earlier === void 0) kept.set(key, { manifest, canonical: canonicalJson2(manifest.object) });
      merged.push(manifest);
      continue;
    }
    if (originLabel(earlier.manifest) === originLabel(manifest)) {
      merged.push(manifest);
      continue;
    }
    if (earlier.canonical === canonicalJson2(manifest.object)) continue;
    if (seenConflicts.has(key)) continue;
    seenConflicts.add(key);
    conflicts.push({ id: manifest.id, first: originLabel(earlier.manifest), second: originLabel(manifest) });
  }
  return { manifests: merged, conflicts };
}
function describeConflicts(conflicts) {
  const first = conflicts[0];
  if (!first) return "";
  const more = conflicts.length > 1 ? ` (and ${conflicts.length - 1} more object(s))` : "";
  return `${first.first} and ${first.second} both define ${formatId(first.id)} with different content${more}: pass --kustomize DIR (or --render) to say which one this cluster runs`;
}
function canonicalJson2(value) {
  return JSON.stringify(value, (_key, v) => {
    if (v === null || typeof v !== "object" || Array.isArray(v)) return v;
    return Object.fromEntries(
      Object.entries(v).sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0)
    );
  });
}

// src/core/sources/rolls-on-apply.ts
var HASH_SUFFIX = /^(.+)-([a-z0-9]{10})$/;
function nameWithoutHashSuffix(name) {
  return HASH_SUFFIX.exec(name)?.[1];
}
function pairHashSuffixRenames(changes, snapshots) {
  const stemKey = (c) => {
    const stem = nameWithoutHashSuffix(c.id.name);
    return stem === void 0 ? void 0 : `${c.id.kind}/${c.id.namespace}/${stem}`;
  };
  const group = (status) => {
    const byStem = /* @__PURE__ */ new Map();
    for (const change of changes) {
      const key = change.status === status ? stemKey(change) : void 0;
      if (key === void 0) continue;
      byStem.set(key, [...byStem.get(key) ?? [], change]);
    }
    return byStem;
  };
  const deleted = group("deleted");
  const added = group("added");
  const replaced = /* @__PURE__ */ new Map();
  for (const [stem, [before, ...otherBefore]] of deleted) {
    const candidates = added.get(stem) ?? [];
    const after = candidates[0];
    if (!before || !after || otherBefore.length > 0 || candidates.length > 1) continue;
    if (before.origin === void 0 || after.origin === void 0) continue;
    const keys = changedKeys(
      snapshots.base.get(idKey(before.id))?.content,
      snapshots.head.get(idKey(after.id))?.content
    );
    replaced.set(after, { ...after, status: "modified", keys, previousName: before.id.name });
    replaced.set(before, null);
  }
  return changes.flatMap((change) => {
    const replacement = replaced.get(change);
    if (replacement === void 0) return [change];
    return replacement === null ? [] : [replacement];
  });
}
function markRollsOnApply(workloads, base, head, changes) {
  const renamedConfigs = new Map(
    changes.filter((c) => c.previousName !== void 0).map((c) => [idKey(c.id), c.previousName])
  );
  const templateAt = (manifests) => {
    const templates = /* @__PURE__ */ new Map();
    for (const m of manifests) {
      const template = podTemplateOf(m.object);
      if (template !== void 0) templates.set(idKey(m.id), canonicalJson2(template));
    }
    return templates;
  };
  const before = templateAt(base);
  const after = templateAt(head);
  return workloads.map((w) => {
    if (w.action !== "restart") return w;
    const key = idKey(w.id);
    const was = before.get(key);
    const now = after.get(key);
    if (was === void 0 || now === void 0 || was === now) return w;
    const renamed = [
      ...new Set(
        w.references.filter((r) => renamedConfigs.has(idKey(r.config))).map(
          (r) => `${r.configKind.toLowerCase()}/${r.config.name} instead of ${renamedConfigs.get(idKey(r.config))}`
        )
      )
    ];
    const detail = renamed.length > 0 ? ` (now reads ${renamed.join(", ")})` : "";
    return {
      ...w,
      action: "skip",
      rollsOnApply: true,
      reason: `rolls on apply: its pod template changed in this range${detail}, so applying the manifests restarts it`
    };
  });
}

// src/core/run-limited.ts
async function runLimited(items, limit, step) {
  const results = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await step(items[index], index);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}

// src/pipeline/check-permissions.ts
function patchWrites(targets) {
  return targets.map(({ id, kind }) => ({
    verb: "patch",
    group: kind.group,
    resource: kind.resource,
    namespace: id.namespace
  }));
}
function configWrite(id) {
  return {
    verb: "patch",
    group: "",
    resource: id.kind === "Secret" ? "secrets" : "configmaps",
    namespace: id.namespace
  };
}
async function checkPermissions(cluster, needed, log, concurrency = 8) {
  const unique2 = new Map(needed.map((c) => [`${c.verb} ${c.group}/${c.resource} ${c.namespace}`, c]));
  const answers = await runLimited([...unique2.values()], concurrency, async (check) => ({
    check,
    allowed: await cluster.canI(check)
  }));
  if (answers.some((a) => a.allowed === void 0)) {
    log.info(
      "the API server does not answer access reviews: permissions are checked by the writes themselves"
    );
  }
  const denied = answers.filter((a) => a.allowed === false).map((a) => a.check);
  if (denied.length === 0) return;
  const list = denied.map((c) => `${c.verb} ${c.group ? `${c.resource}.${c.group}` : c.resource} in namespace ${c.namespace}`).join("; ");
  throw new ClusterAccessError(
    `forbidden: context ${cluster.context} may not ${list} (checked before any change: nothing was written). Grant it with the Role in the README's RBAC section.`,
    403
  );
}

// src/pipeline/discover-cluster.ts
async function discoverClusterWorkloads(cluster, namespaces, concurrency = 8) {
  const kinds = [];
  for (const kind of restartableKinds()) if (await cluster.serves(kind.kind)) kinds.push(kind);
  const pairs = namespaces.flatMap((namespace) => kinds.map((kind) => ({ namespace, kind })));
  const lists = await runLimited(pairs, concurrency, async ({ namespace, kind }) => {
    const items = await cluster.listWorkloads(namespace, kind.kind);
    return items.map((object) => {
      const metadata = object.metadata ?? {};
      return {
        id: { kind: kind.kind, namespace, name: metadata.name ?? "" },
        file: "",
        line: 0,
        object
      };
    });
  });
  return lists.flat();
}

// src/pipeline/namespace-note.ts
var MAX_LISTED = 5;
function assumedNamespaceNote(scan, workloads, namespace) {
  const ids = [...scan.changes.map((c) => c.id), ...workloads.map((w) => w.id)];
  const names = [
    ...new Set(
      ids.filter((id) => scan.assumedNamespace.has(idKey(id))).map((id) => `${id.kind.toLowerCase()}/${id.name}`)
    )
  ];
  if (names.length === 0) return void 0;
  const listed = names.length > MAX_LISTED ? `${names.slice(0, MAX_LISTED).join(", ")} and ${names.length - MAX_LISTED} more` : names.join(", ");
  return `namespace ${JSON.stringify(namespace)} (--namespace) was assumed for ${listed}: their manifests name no namespace`;
}

// src/pipeline/resolve-commits.ts
var DEFAULT_DEEPEN_ROUNDS = 12;
async function resolveCommits(request, git2, opts = {}) {
  const ctx = {
    git: git2,
    maxRounds: opts.maxDeepenRounds ?? DEFAULT_DEEPEN_ROUNDS,
    hint: fetchDepthHint(opts.ci ?? "local")
  };
  switch (request.kind) {
    case "nothing":
      return { head: await git2.tryResolveCommit("HEAD") ?? "", note: request.note };
    case "first-parent":
      return firstParentRange(ctx, await requireCommit(ctx, request.head, "head"), request.note);
    case "range":
      return resolveRangeRequest(ctx, request);
    case "merge-base":
      return resolveMergeBase(ctx, request);
    case "new-branch":
      return resolveNewBranch(ctx, request);
  }
}
async function resolveRangeRequest(ctx, request) {
  if (!request.forced) {
    const [head2, base2] = await Promise.all([
      requireCommit(ctx, request.head, "head"),
      requireCommit(ctx, request.base, "base")
    ]);
    return { base: base2, head: head2, note: request.note };
  }
  const head = await requireCommit(ctx, request.head, "head");
  const base = await findCommit(ctx, request.base);
  if (base === void 0) {
    return firstParentRange(
      ctx,
      head,
      `forced push: the previous head ${short(request.base)} is no longer available, so comparing with the first parent`
    );
  }
  return { base, head, note: request.note };
}
async function resolveMergeBase(ctx, request) {
  const base = await requireCommit(ctx, request.base, "base");
  const head = await requireCommit(ctx, request.head, "head");
  const mergeBase = await deepenUntil(ctx, [base, head], () => ctx.git.mergeBase(base, head));
  if (mergeBase === void 0) {
    if (await ctx.git.isShallow()) {
      throw new UserError(
        `no merge-base of ${short(base)} and ${short(head)} in the fetched history of this shallow clone: ${ctx.hint}`
      );
    }
    throw new UserError(
      `${short(base)} and ${short(head)} have no common history: nothing to compare against`
    );
  }
  return { base: mergeBase, head, note: request.note };
}
async function resolveNewBranch(ctx, request) {
  const head = await requireCommit(ctx, request.head, "head");
  const branch = request.defaultBranch;
  if (branch === void 0) return firstParentRange(ctx, head, request.note);
  const ref = `refs/remotes/origin/${branch}`;
  let target = await ctx.git.tryResolveCommit(ref);
  if (target === void 0 && await ctx.git.fetchBranch(branch)) {
    target = await ctx.git.tryResolveCommit(ref);
  }
  const found = target;
  const mergeBase = found === void 0 ? void 0 : await deepenUntil(ctx, [found, head], () => ctx.git.mergeBase(found, head));
  if (mergeBase === head) {
    return {
      base: head,
      head,
      note: `new branch: ${short(head)} is already on ${branch}, nothing new to compare`
    };
  }
  if (mergeBase !== void 0) return { base: mergeBase, head, note: request.note };
  return firstParentRange(
    ctx,
    head,
    found === void 0 ? `new branch: origin/${branch} is not available, so comparing with the first parent` : `new branch: no merge-base with ${branch} found, so comparing with the first parent`
  );
}
async function firstParentRange(ctx, head, note) {
  const parent = await ctx.git.firstParent(head);
  if (parent === void 0) return { head, note: "first commit: nothing to compare" };
  let present = await ctx.git.hasCommit(parent) || await ctx.git.fetchCommit(parent);
  if (!present) {
    present = await deepenUntil(ctx, [head], async () => await ctx.git.hasCommit(parent) ? true : void 0) === true;
  }
  if (!present) {
    throw new UserError(
      `the parent ${short(parent)} of ${short(head)} is not in this shallow clone and could not be fetched: ${ctx.hint}`
    );
  }
  return { base: parent, head, note };
}
async function findCommit(ctx, ref) {
  const sha = await ctx.git.tryResolveCommit(ref);
  if (sha !== void 0 || !isFullSha(ref)) return sha;
  return await ctx.git.fetchCommit(ref) ? ctx.git.tryResolveCommit(ref) : void 0;
}
async function requireCommit(ctx, ref, role) {
  const sha = await findCommit(ctx, ref);
  if (sha !== void 0) return sha;
  if (isFullSha(ref)) {
    throw new UserError(
      `${role} commit ${ref} is not in this clone and could not be fetched from origin: ${ctx.hint}`
    );
  }
  throw new UserError(`not a commit: ${ref} (${role}); if it exists on the remote, ${ctx.hint}`);
}
async function deepenUntil(ctx, commits, check) {
  let answer = await check();
  let by = 1;
  for (let round = 0; answer === void 0 && round < ctx.maxRounds; round++) {
    if (!await ctx.git.deepen(by, commits)) break;
    answer = await check();
    by *= 2;
  }
  return answer;
}
function short(sha) {
  return isFullSha(sha) ? sha.slice(0, 12) : sha;
}

// src/pipeline/restart.ts
var import_picomatch = __toESM(require_picomatch2(), 1);
var PARALLEL_PATCHES = 4;
async function restartWorkloads(requests, cluster, opts) {
  const allowed = opts.allowedNamespaces?.length ? (0, import_picomatch.default)(opts.allowedNamespaces) : () => true;
  const excluded = opts.excludedNamespaces?.length ? (0, import_picomatch.default)(opts.excludedNamespaces) : () => false;
  const started = opts.now();
  const limit = opts.concurrency ?? PARALLEL_PATCHES;
  const prepared = await runLimited(
    requests,
    limit,
    (request) => prepareOne(request, cluster, opts, (ns) => allowed(ns) && !excluded(ns))
  );
  const pending = prepared.filter((p) => "step" in p);
  await opts.beforeWrites?.(pending.map((p) => p.target));
  return runLimited(requests, limit, async (request, index) => {
    const ready = prepared[index];
    const outcome = "step" in ready ? await sendPatch(ready, cluster, opts) : ready;
    const result = { id: request.id, ...outcome, durationMs: opts.now() - started };
    opts.log?.info(`${formatId(request.id)}: ${result.message}`);
    return result;
  });
}
async function prepareOne(request, cluster, opts, mayWrite) {
  const { id } = request;
  const kind = workloadKind(id.kind);
  if (!kind || !("patch" in kind.restart)) {
    return { result: "failed", message: `${id.kind} cannot be restarted by patching its pod template` };
  }
  if (!mayWrite(id.namespace)) {
    return { result: "failed", message: `refused: namespace ${id.namespace} is excluded from writes` };
  }
  try {
    const live = isLive(request.object) ? request.object : await cluster.readWorkload(id);
    if (!live) return { result: "failed", message: await missingMessage(id, kind, cluster) };
    const refusal = kind.refusesRestart?.(live);
    if (refusal) return { result: "paused", message: refusal };
    const ownerId = kind.templateOwner?.(live);
    const target = ownerId ? await templateOwner(ownerId, cluster) : { id, kind, live };
    if ("failed" in target) return { result: "failed", message: target.failed };
    const step = opts.strategy.patchFor(id, target.live, target.kind);
    if ("unchanged" in step) {
      return ownerId ? { result: "unchanged", message: step.unchanged, templateOwnerGeneration: generationOf(target.live) } : { result: "unchanged", message: step.unchanged, generation: generationOf(live), object: live };
    }
    return { target: { id: target.id, kind: target.kind }, step, ...ownerId ? { ownerId } : {} };
  } catch (error) {
    if (isExpectedError(error)) return { result: "failed", message: error.message };
    throw error;
  }
}
async function sendPatch({ target, step, ownerId }, cluster, opts) {
  try {
    const patched = await cluster.patchWorkload(target.id, step.patch, opts.dryRun, step.type);
    const through = ownerId ? ` of ${formatId(ownerId)} (its workloadRef)` : "";
    const message = opts.dryRun ? `server dry run accepted the patch${through} (${step.describe})` : `patched the pod template${through} (${step.describe})`;
    if (ownerId) {
      return { result: "restarted", message, templateOwnerGeneration: generationOf(patched) };
    }
    return {
      result: "restarted",
      message,
      generation: generationOf(patched),
      ...opts.dryRun ? {} : { object: patched }
    };
  } catch (error) {
    if (isExpectedError(error)) return { result: "failed", message: error.message };
    throw error;
  }
}
async function templateOwner(ownerId, cluster) {
  const kind = workloadKind(ownerId.kind);
  if (!kind || !("patch" in kind.restart)) {
    return { failed: `its workloadRef names ${formatId(ownerId)}, a kind config-rollout cannot patch` };
  }
  const live = await cluster.readWorkload(ownerId);
  if (!live)
    return { failed: `its workloadRef names ${formatId(ownerId)}, which does not exist in the cluster` };
  return { id: ownerId, kind, live };
}
async function missingMessage(id, kind, cluster) {
  if (kind.customResource && !await cluster.serves(kind.kind)) {
    return `the cluster does not serve ${kind.resource}.${kind.group}/${kind.version}: is the CustomResourceDefinition installed?`;
  }
  return `${formatId(id)} does not exist in the cluster`;
}
function generationOf(obj) {
  const generation = field(field(obj, "metadata"), "generation");
  return typeof generation === "number" ? generation : void 0;
}
function isLive(object) {
  return typeof field(field(object, "metadata"), "resourceVersion") === "string";
}

// src/pipeline/wait.ts
function waitTargetOf(restart) {
  const { id, generation, object, templateOwnerGeneration } = restart;
  return { id, generation, object, templateOwnerGeneration };
}
function logProgress(log) {
  return (id, message) => log.info(`${id.kind.toLowerCase()}/${id.name}: ${message}`);
}
async function waitForRollouts(cluster, targets, opts) {
  const now = opts.now ?? Date.now;
  const started = now();
  const states = /* @__PURE__ */ new Map();
  for (const target of targets) {
    if (!states.has(idKey(target.id))) states.set(idKey(target.id), { target, lastMessage: "" });
  }
  if (states.size === 0) return [];
  let unsettled = states.size;
  let finish = () => {
  };
  const finished = new Promise((resolve3) => {
    finish = resolve3;
  });
  let isFinished = false;
  const cleanups = /* @__PURE__ */ new Set();
  const settle = (state, result, message) => {
    if (state.result) return;
    state.result = { id: state.target.id, result, message, durationMs: now() - started };
    if (--unsettled === 0) stopAll();
  };
  const stopAll = () => {
    if (isFinished) return;
    isFinished = true;
    for (const cleanup of cleanups) cleanup();
    cleanups.clear();
    finish();
  };
  const observe = (state, obj) => {
    if (state.result) return;
    const generation = field(field(obj, "metadata"), "generation");
    const expected = state.target.generation;
    const status = expected !== void 0 && typeof generation === "number" && generation < expected || ownerChangeUnseen(obj, state.target.templateOwnerGeneration) ? { done: false, message: specUpdateMessage(state.target.id.kind) } : rolloutStatus(obj);
    state.lastError = void 0;
    if (status.notWaitable) return settle(state, "not-waitable", status.message);
    if (status.error) return settle(state, "failed", status.message);
    if (status.paused) return settle(state, "paused", status.message);
    if (status.done) return settle(state, "done", status.message);
    if (status.message !== state.lastMessage) {
      state.lastMessage = status.message;
      opts.onProgress?.(state.target.id, status.message);
    }
  };
  const sleep = (ms) => new Promise((resolve3) => {
    if (isFinished) return resolve3();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      cleanups.delete(done);
      resolve3();
    }
    cleanups.add(done);
  });
  const groups = /* @__PURE__ */ new Map();
  for (const state of states.values()) {
    const key = `${state.target.id.namespace}/${state.target.id.kind}`;
    groups.set(key, [...groups.get(key) ?? [], state]);
  }
  const runGroup = async (members) => {
    const { namespace, kind } = members[0].target.id;
    if (!workloadKind(kind)?.rolloutStatus) {
      for (const member of members)
        settle(member, "not-waitable", `rollout status is not available for kind ${kind}`);
      return;
    }
    const byName = new Map(members.map((m) => [m.target.id.name, m]));
    const pending = () => !isFinished && members.some((m) => !m.result);
    const fieldSelector = members.length === 1 ? `metadata.name=${members[0].target.id.name}` : void 0;
    let resourceVersion = oldestPatchVersion(members);
    if (resourceVersion !== void 0) {
      for (const member of members) observe(member, { kind, ...member.target.object });
      if (!pending()) return;
    }
    let failures = 0;
    let quickCloses = 0;
    while (pending()) {
      try {
        if (resourceVersion === void 0) {
          const list = await cluster.listForWatch(namespace, kind, fieldSelector);
          if (isFinished) return;
          const present = /* @__PURE__ */ new Set();
          for (const item of list.items) {
            const name = String(field(field(item, "metadata"), "name") ?? "");
            present.add(name);
            const state = byName.get(name);
            if (state) observe(state, { kind, ...item });
          }
          for (const member of members) {
            if (!present.has(member.target.id.name)) {
              settle(member, "deleted", `${formatId(member.target.id)} does not exist (deleted?)`);
            }
          }
          resourceVersion = list.resourceVersion;
          if (!pending()) return;
        }
        const opened = now();
        const ending = await watchSession(resourceVersion, (rv) => {
          resourceVersion = rv;
        });
        failures = 0;
        if (ending === "gone") resourceVersion = void 0;
        if (ending === "closed") {
          quickCloses = now() - opened < 1e3 ? quickCloses + 1 : 0;
          if (quickCloses > 1) await sleep(Math.min(2e3, 100 * 2 ** quickCloses));
        }
      } catch (error) {
        if (error instanceof ClusterAccessError && error.status === 410) {
          resourceVersion = void 0;
          continue;
        }
        if (error instanceof ClusterAccessError && [401, 403, 404].includes(error.status ?? 0)) {
          for (const member of members)
            settle(member, "failed", `cannot follow the rollout: ${error.message}`);
          return;
        }
        for (const member of members) member.lastError = error.message;
        resourceVersion = void 0;
        await sleep(Math.min(5e3, (opts.retryDelayMs ?? 250) * 2 ** failures++));
      }
    }
    function watchSession(fromVersion, seen) {
      return new Promise((resolve3, reject) => {
        let handle;
        const end = (how) => {
          cleanups.delete(stop);
          handle?.abort();
          resolve3(how);
        };
        const stop = () => end("complete");
        cleanups.add(stop);
        handle = cluster.watchWorkloads(
          namespace,
          kind,
          { resourceVersion: fromVersion, fieldSelector },
          (type, obj) => {
            if (type === "ERROR") {
              const code = field(obj, "code");
              if (code === 410) return end("gone");
              cleanups.delete(stop);
              handle?.abort();
              const message = String(field(obj, "message") ?? "watch error");
              return reject(new ClusterAccessError(message, typeof code === "number" ? code : void 0));
            }
            const rv = field(field(obj, "metadata"), "resourceVersion");
            if (typeof rv === "string" && rv !== "") seen(rv);
            if (type === "BOOKMARK") return;
            const state = byName.get(String(field(field(obj, "metadata"), "name") ?? ""));
            if (!state) return;
            if (type === "DELETED") settle(state, "deleted", `${formatId(state.target.id)} was deleted`);
            else observe(state, { kind, ...obj });
            if (!pending()) end("complete");
          },
          (error) => {
            cleanups.delete(stop);
            if (error) reject(error);
            else resolve3("closed");
          }
        );
        if (isFinished) end("complete");
      });
    }
  };
  const deadline = setTimeout(() => {
    for (const state of states.values()) {
      if (state.result) continue;
      const last = [state.lastMessage, state.lastError && `last error: ${state.lastError}`].filter(Boolean).join("; ");
      settle(
        state,
        "timeout",
        `timed out after ${formatSeconds(opts.timeoutMs)} waiting for ${formatId(state.target.id)}${last ? `: ${last}` : ""}`
      );
    }
  }, opts.timeoutMs);
  cleanups.add(() => clearTimeout(deadline));
  for (const members of groups.values()) {
    runGroup(members).catch((error) => {
      for (const member of members)
        settle(member, "failed", `internal error while waiting: ${String(error)}`);
    });
  }
  await finished;
  return targets.map((t) => states.get(idKey(t.id)).result);
}
function oldestPatchVersion(members) {
  const versions = members.map((m) => field(field(m.target.object, "metadata"), "resourceVersion"));
  if (!versions.every((v) => typeof v === "string" && /^\d{1,15}$/.test(v))) return void 0;
  return versions.reduce((oldest, v) => Number(v) < Number(oldest) ? v : oldest);
}
function ownerChangeUnseen(obj, ownerGeneration) {
  if (ownerGeneration === void 0) return false;
  const seen = Number.parseInt(
    String(field(field(field(obj, "metadata"), "annotations"), WORKLOAD_GENERATION_ANNOTATION) ?? ""),
    10
  );
  return !(seen >= ownerGeneration);
}
function formatSeconds(ms) {
  return ms % 1e3 === 0 ? `${ms / 1e3}s` : `${(ms / 1e3).toFixed(1)}s`;
}

// src/pipeline/restart-and-wait.ts
async function restartAndWait(cluster, toRestart, context) {
  const { manifests, strategy, settings, log } = context;
  const serverDryRun = settings.dryRun === "server";
  const restarted = await log.group(
    "Restart",
    () => restartWorkloads(
      // Objects listed from the cluster spare a GET; repo manifests are ignored by restartWorkloads.
      toRestart.map((w) => ({ id: w.id, object: manifests.get(idKey(w.id))?.object })),
      cluster,
      {
        strategy,
        now: context.now,
        dryRun: serverDryRun,
        log,
        // RBAC is asked about every object about to be patched before the first patch: a gap fails
        // the run (exit 2) with nothing written, never half a plan applied.
        beforeWrites: (targets) => checkPermissions(cluster, patchWrites(targets), log, settings.concurrency),
        concurrency: settings.concurrency
      }
    )
  );
  const results = new Map(
    restarted.map((r) => [
      idKey(r.id),
      {
        id: r.id,
        restart: serverDryRun && r.result === "restarted" ? "dry-run" : r.result,
        message: r.message
      }
    ])
  );
  const waitFor = serverDryRun ? [] : restarted.filter((r) => r.result === "restarted" || r.result === "unchanged");
  if (!settings.wait || waitFor.length === 0) {
    for (const result of results.values()) if (result.restart === "restarted") result.rollout = "not-waited";
    return [...results.values()];
  }
  const rollouts = await log.group(
    "Wait for rollouts",
    () => waitForRollouts(cluster, waitFor.map(waitTargetOf), {
      timeoutMs: settings.timeoutMs,
      onProgress: logProgress(log)
    })
  );
  for (const rollout of rollouts) {
    const result = results.get(idKey(rollout.id));
    if (result)
      Object.assign(result, {
        rollout: rollout.result,
        message: result.restart === "unchanged" ? `${result.message}; ${rollout.message}` : rollout.message,
        durationMs: rollout.durationMs
      });
  }
  return [...results.values()];
}

// src/pipeline/restart-hash.ts
import { createHash as createHash2 } from "node:crypto";
function consumedConfigIds(workload, manifests) {
  const template = runningPodTemplateOf(workload.object, (id) => manifests.get(idKey(id))?.object);
  if (!template) return [];
  const ids = /* @__PURE__ */ new Map();
  for (const ref of findReferences(template.spec)) {
    const id = { kind: ref.configKind, namespace: workload.id.namespace, name: ref.configName };
    ids.set(idKey(id), id);
  }
  return [...ids.values()];
}
function consumedBy(workload, manifests) {
  const manifest = manifests.get(idKey(workload.id));
  const consumed = manifest ? consumedConfigIds(manifest, manifests) : [];
  return consumed.length > 0 ? consumed : workload.references.map((r) => r.config);
}
async function computeRestartHashes(workloads, manifests, headConfigs, liveConfigs, cluster, hashKey) {
  const hashes = /* @__PURE__ */ new Map();
  for (const workload of workloads) {
    const consumed = consumedBy(workload, manifests);
    const inRepo = consumed.flatMap((id) => headConfigs.get(idKey(id))?.snapshot ?? []);
    const secrets = inRepo.filter((s) => s.id.kind === "Secret");
    let key = hashKey ? Buffer.from(hashKey) : void 0;
    if (!key && secrets.length > 0) {
      const uids = [];
      for (const secret of secrets) {
        const live = liveConfigs.get(idKey(secret.id)) ?? await cluster.readConfig(secret.id);
        if (live) liveConfigs.set(idKey(secret.id), live);
        uids.push(live?.uid ?? "");
      }
      key = createHash2("sha256").update(uids.sort().join("\n")).digest();
    }
    hashes.set(
      idKey(workload.id),
      contentHash(
        inRepo.map(({ id, content }) => ({ id, content })),
        key
      )
    );
  }
  return hashes;
}

// src/pipeline/scan-repository.ts
var import_picomatch3 = __toESM(require_picomatch2(), 1);

// src/core/manifests/config-names-in-text.ts
var DOCUMENT_SEPARATOR = /^---[^\S\n]*(?:#.*)?$/m;
var CONFIG_KIND = /^kind:[^\S\n]*["']?(?:ConfigMap|Secret)["']?[^\S\n]*(?:#.*)?$/m;
var METADATA_BLOCK = /^metadata:[^\S\n]*\n((?:(?:[^\S\n]+.*)?\n?)*)/m;
var NAME_LINE = /^([^\S\n]+)name:[^\S\n]*["']?([^"'\s#]+)["']?[^\S\n]*(?:#.*)?$/gm;
function configNamesInText(text) {
  const names = [];
  for (const document of text.split(DOCUMENT_SEPARATOR)) {
    if (!CONFIG_KIND.test(document)) continue;
    const block = METADATA_BLOCK.exec(document)?.[1];
    if (!block) continue;
    let best;
    for (const match of block.matchAll(NAME_LINE)) {
      const indent = match[1].length;
      if (!best || indent < best.indent) best = { indent, name: match[2] };
    }
    if (best) names.push(best.name);
  }
  return names;
}

// src/core/manifests/parse-manifests.ts
var import_yaml = __toESM(require_dist(), 1);

// src/core/manifests/fast-yaml.ts
var GiveUp = class extends Error {
};
var giveUp = () => {
  throw new GiveUp();
};
var MAX_ALIASES = 50;
var SPECIAL_WORDS = /^(?:y|Y|yes|Yes|YES|n|N|no|No|NO|True|TRUE|False|FALSE|on|On|ON|off|Off|OFF|Null|NULL)$/;
var PLAIN_KEY = /^[A-Za-z_/][A-Za-z0-9_./-]*$/;
var NUMBER_START = /^[-+.0-9]/;
var NOT_IN_ANY_NUMBER = /[^0-9a-fA-F_+\-.:xXoO]/;
var DECIMAL = /^(?:0|[1-9][0-9]{0,14})$/;
var INFINITY_OR_NAN = /^[-+]?\.(?:inf|Inf|INF|nan|NaN|NAN)$/;
var INDICATOR_START = /^(?:[-?:](?:\s|$)|[,[\]{}#&*!|>%@`])/;
function parseSimpleYaml(source2) {
  if (source2.includes("	") || source2.includes("\r")) return void 0;
  try {
    return new FastParser(source2).documents();
  } catch (error) {
    if (error instanceof GiveUp || error instanceof RangeError) return void 0;
    throw error;
  }
}
var FastParser = class {
  constructor(source2) {
    this.source = source2;
  }
  source;
  lines = [];
  at = 0;
  anchors = /* @__PURE__ */ new Map();
  aliases = 0;
  documents() {
    const docs = [];
    let current = [];
    let offset = 0;
    const raw = this.source.split("\n");
    for (const text of raw) {
      const lineStart = offset;
      offset += text.length + 1;
      if (text.startsWith("---")) {
        if (text !== "---") giveUp();
        docs.push(...this.document(current));
        current = [];
        continue;
      }
      if (text.startsWith("...") || text.startsWith("%")) giveUp();
      const trimmed = text.trimStart();
      current.push({
        indent: text.length - trimmed.length,
        text: trimmed,
        offset: lineStart + text.length - trimmed.length
      });
    }
    docs.push(...this.document(current));
    return docs;
  }
  document(lines) {
    this.lines = lines;
    this.at = 0;
    this.anchors = /* @__PURE__ */ new Map();
    this.aliases = 0;
    this.skipInsignificant();
    const first = this.lines[this.at];
    if (first === void 0) return [];
    if (first.indent !== 0) giveUp();
    const value = this.block(0);
    this.skipInsignificant();
    if (this.at < this.lines.length) giveUp();
    return [{ value, start: first.offset }];
  }
  /** Skip blank and comment-only lines. */
  skipInsignificant() {
    while (this.at < this.lines.length) {
      const line = this.lines[this.at];
      if (line.text !== "" && !line.text.startsWith("#")) return;
      this.at++;
    }
  }
  next() {
    this.skipInsignificant();
    return this.lines[this.at];
  }
  /** A block collection whose first line is the next significant one, at an indent over `parent`. */
  block(minIndent) {
    const line = this.next();
    if (line === void 0 || line.indent < minIndent) return null;
    return isSequenceItem(line.text) ? this.sequence(line.indent) : this.mapping(line.indent);
  }
  sequence(indent) {
    const items = [];
    for (let line = this.next(); line !== void 0 && line.indent === indent; line = this.next()) {
      if (!isSequenceItem(line.text)) break;
      const after = line.text.slice(1);
      const rest = after.trimStart();
      if (rest === "" || rest.startsWith("#")) {
        this.at++;
        const child = this.next();
        items.push(child !== void 0 && child.indent > indent ? this.block(indent + 1) : null);
        continue;
      }
      if (after[0] !== " ") giveUp();
      const column = indent + 1 + (after.length - rest.length);
      if (keyOf(rest) !== void 0) {
        this.lines[this.at] = { indent: column, text: rest, offset: line.offset + (column - indent) };
        items.push(this.mapping(column));
        continue;
      }
      this.at++;
      items.push(this.inlineValue(rest, indent));
    }
    return items;
  }
  mapping(indent) {
    const map = {};
    for (let line = this.next(); line !== void 0; line = this.next()) {
      if (line.indent < indent) break;
      if (line.indent > indent || isSequenceItem(line.text)) {
        if (line.indent === indent) break;
        giveUp();
      }
      const key = keyOf(line.text) ?? giveUp();
      if (Object.hasOwn(map, key)) giveUp();
      let rest = line.text.slice(key.length + 1).trimStart();
      this.at++;
      let anchor;
      if (rest.startsWith("&")) {
        anchor = /^&([^\s]+)/.exec(rest)?.[1] ?? giveUp();
        rest = rest.slice(anchor.length + 1).trimStart();
        if (this.anchors.has(anchor)) giveUp();
      }
      let value;
      if (rest === "" || rest.startsWith("#")) {
        const child = this.next();
        if (child !== void 0 && child.indent > indent) value = this.block(indent + 1);
        else if (child !== void 0 && child.indent === indent && isSequenceItem(child.text))
          value = this.sequence(indent);
        else value = null;
      } else if (rest.startsWith("|") || rest.startsWith(">")) {
        value = this.blockScalar(rest, indent);
      } else {
        value = this.inlineValue(rest, indent);
      }
      if (anchor !== void 0) this.anchors.set(anchor, value);
      map[key] = value;
    }
    return map;
  }
  /** A one-line value (scalar, alias, `{}` or `[]`); the next line must not continue it. */
  inlineValue(text, indent) {
    let value;
    if (text.startsWith("*")) {
      const match = /^\*([^\s]+)\s*(#.*)?$/.exec(text) ?? giveUp();
      if (!this.anchors.has(match[1]) || ++this.aliases > MAX_ALIASES) giveUp();
      value = this.anchors.get(match[1]);
    } else {
      value = scalar(text);
    }
    const following = this.next();
    if (following !== void 0 && following.indent > indent) giveUp();
    return value;
  }
  /** `|` or `|-` (clip or strip), indentation detected from the first line. */
  blockScalar(header, indent) {
    if (header !== "|" && header !== "|-") giveUp();
    const lines = [];
    let blockIndent = -1;
    while (this.at < this.lines.length) {
      const line = this.lines[this.at];
      if (line.text === "") {
        if (line.indent > (blockIndent === -1 ? 0 : blockIndent)) giveUp();
        lines.push("");
        this.at++;
        continue;
      }
      if (blockIndent === -1) {
        if (line.indent <= indent) break;
        blockIndent = line.indent;
      }
      if (line.indent < blockIndent) {
        if (line.indent > indent) giveUp();
        break;
      }
      lines.push(" ".repeat(line.indent - blockIndent) + line.text);
      this.at++;
    }
    if (blockIndent === -1) giveUp();
    while (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
    const body = lines.join("\n");
    return header === "|" ? `${body}
` : body;
  }
};
function isSequenceItem(text) {
  return text === "-" || text.startsWith("- ");
}
function keyOf(text) {
  const colon = text.indexOf(":");
  if (colon <= 0 || colon > 1024) return void 0;
  if (colon + 1 < text.length && text[colon + 1] !== " ") return void 0;
  const key = text.slice(0, colon);
  if (!PLAIN_KEY.test(key) || SPECIAL_WORDS.test(key) || key === "null" || key === "true" || key === "false")
    return void 0;
  if (key === "__proto__") return void 0;
  return key;
}
function scalar(raw) {
  const text = raw.trimEnd();
  if (text.startsWith('"')) return withoutComment(doubleQuoted(text));
  if (text.startsWith("'")) return withoutComment(singleQuoted(text));
  if (text === "{}" || text.startsWith("{} #")) return {};
  if (text === "[]" || text.startsWith("[] #")) return [];
  const hash = text.indexOf(" #");
  const plain = (hash === -1 ? text : text.slice(0, hash)).trimEnd();
  if (plain === "" || plain === "~" || plain === "null") return null;
  if (plain === "true") return true;
  if (plain === "false") return false;
  if (SPECIAL_WORDS.test(plain)) giveUp();
  if (plain.includes(": ") || plain.endsWith(":") || plain.includes(" #")) giveUp();
  if (NUMBER_START.test(plain)) {
    if (DECIMAL.test(plain)) return Number(plain);
    if (INFINITY_OR_NAN.test(plain) || !NOT_IN_ANY_NUMBER.test(plain)) giveUp();
  }
  if (INDICATOR_START.test(plain)) giveUp();
  return plain;
}
function withoutComment([value, rest]) {
  const after = rest.trimStart();
  if (after !== "" && !(after.startsWith("#") && rest.length > after.length)) giveUp();
  return value;
}
var ESCAPES = { "\\": "\\", '"': '"', n: "\n", t: "	" };
function doubleQuoted(text) {
  let value = "";
  for (let i = 1; i < text.length; i++) {
    const c = text[i];
    if (c === '"') return [value, text.slice(i + 1)];
    if (c === "\\") {
      const escaped = ESCAPES[text[i + 1] ?? ""] ?? giveUp();
      value += escaped;
      i++;
      continue;
    }
    value += c;
  }
  return giveUp();
}
function singleQuoted(text) {
  let value = "";
  for (let i = 1; i < text.length; i++) {
    const c = text[i];
    if (c === "'") {
      if (text[i + 1] === "'") {
        value += "'";
        i++;
        continue;
      }
      return [value, text.slice(i + 1)];
    }
    value += c;
  }
  return giveUp();
}

// src/core/manifests/parse-manifests.ts
var DEFAULT_MAX_ALIAS_COUNT = 100;
var MAX_PROBLEMS_PER_FILE = 10;
var CLUSTER_SCOPED_KINDS = /* @__PURE__ */ new Set([
  "APIService",
  "CertificateSigningRequest",
  "ClusterIssuer",
  "ClusterRole",
  "ClusterRoleBinding",
  "ComponentStatus",
  "CSIDriver",
  "CSINode",
  "CustomResourceDefinition",
  "FlowSchema",
  "IngressClass",
  "MutatingWebhookConfiguration",
  "Namespace",
  "Node",
  "PersistentVolume",
  "PodSecurityPolicy",
  "PriorityClass",
  "PriorityLevelConfiguration",
  "RuntimeClass",
  "StorageClass",
  "ValidatingAdmissionPolicy",
  "ValidatingAdmissionPolicyBinding",
  "ValidatingWebhookConfiguration",
  "VolumeAttachment"
]);
var KINDS_THAT_NEED_METADATA = /* @__PURE__ */ new Set([
  "ConfigMap",
  "Secret",
  ...WORKLOAD_KINDS.map((k) => k.kind)
]);
var NON_OBJECT_API_GROUPS = ["kustomize.config.k8s.io/"];
function isProbablyManifestText(text) {
  return /["']?apiVersion["']?\s*:/.test(text) && /["']?kind["']?\s*:/.test(text);
}
function parseManifests(file, text, opts) {
  const decoded = decodeText(text);
  if (decoded === void 0) {
    return {
      manifests: [],
      problems: [
        {
          file,
          line: 1,
          col: 1,
          message: "not a text file (contains NUL bytes or invalid UTF-8)",
          severity: "error"
        }
      ]
    };
  }
  const source2 = decoded.startsWith("\uFEFF") ? decoded.slice(1) : decoded;
  const fast = opts.fast === false ? void 0 : parseFast(file, source2, opts);
  if (fast !== void 0) return fast;
  const lineCounter = new import_yaml.LineCounter();
  let docs;
  try {
    docs = (0, import_yaml.parseAllDocuments)(source2, {
      lineCounter,
      uniqueKeys: true,
      merge: true,
      prettyErrors: false,
      // Keeps yaml from calling process.emitWarning (stderr noise) on odd keys; errors still come back.
      logLevel: "error",
      // What kubectl sends: it reads YAML 1.1 (go-yaml v2 through sigs.k8s.io/yaml), where yes/no/
      // on/off/y/n are booleans and 017 is octal. go-yaml v2 keeps dates and 1:20 as strings.
      version: "1.1",
      customTags: asKubectlReadsIt
    });
  } catch (error) {
    const message = `cannot parse file: ${mayHoldSecret(source2) ? "details not shown (the file holds a Secret)" : describeFailure(error)}`;
    return { manifests: [], problems: [{ file, line: 1, col: 1, message, severity: "error" }] };
  }
  const reader = new DocumentReader(file, source2, lineCounter, opts, mayHoldSecret(source2));
  for (const doc of docs) {
    try {
      reader.readDocument(doc);
    } catch (error) {
      reader.failed(doc.range[0], error);
    }
  }
  return { manifests: reader.manifests, problems: notAManifestIsAWarning(source2, reader.cappedProblems()) };
}
function parseFast(file, source2, opts) {
  const documents = parseSimpleYaml(source2);
  if (documents === void 0) return void 0;
  if (documents.some((doc) => Array.isArray(field(doc.value, "items")))) return void 0;
  const lineCounter = new import_yaml.LineCounter();
  lineCounter.addNewLine(0);
  for (let i = source2.indexOf("\n"); i !== -1; i = source2.indexOf("\n", i + 1)) lineCounter.addNewLine(i + 1);
  const reader = new DocumentReader(file, source2, lineCounter, opts, false);
  for (const doc of documents) reader.readValue(doc.value, doc.start, () => void 0);
  if (reader.cappedProblems().length > 0) return void 0;
  return { manifests: reader.manifests, problems: [] };
}
function asKubectlReadsIt(tags) {
  return tags.filter((tag) => {
    const { tag: name, format } = tag;
    return name !== "tag:yaml.org,2002:timestamp" && format !== "TIME";
  });
}
function notAManifestIsAWarning(source2, problems) {
  if (isProbablyManifestText(source2)) return problems;
  return problems.map(
    (p) => p.severity === "error" ? {
      ...p,
      severity: "warning",
      message: `${p.message} (not read: does not look like a Kubernetes manifest)`
    } : p
  );
}
function decodeText(text) {
  let s;
  if (typeof text === "string") {
    s = text;
    if (s.includes("\uFFFD")) return void 0;
  } else {
    try {
      s = new TextDecoder("utf-8", { fatal: true }).decode(text);
    } catch {
      return void 0;
    }
  }
  return s.includes("\0") ? void 0 : s;
}
var DocumentReader = class {
  constructor(file, source2, lineCounter, opts, quiet) {
    this.file = file;
    this.source = source2;
    this.lineCounter = lineCounter;
    this.opts = opts;
    this.quiet = quiet;
    const max = opts.maxAliasCount ?? DEFAULT_MAX_ALIAS_COUNT;
    this.maxAliasCount = Number.isFinite(max) && max >= 0 ? max : DEFAULT_MAX_ALIAS_COUNT;
  }
  file;
  source;
  lineCounter;
  opts;
  quiet;
  manifests = [];
  problems = [];
  maxAliasCount;
  cappedProblems() {
    if (this.problems.length <= MAX_PROBLEMS_PER_FILE) return this.problems;
    const kept = this.problems.slice(0, MAX_PROBLEMS_PER_FILE);
    const last = kept[kept.length - 1];
    kept.push({
      file: this.file,
      line: last.line,
      col: last.col,
      message: `${this.problems.length - MAX_PROBLEMS_PER_FILE} more problems in this file not shown`,
      severity: "error"
    });
    return kept;
  }
  readDocument(doc) {
    if (doc.errors.length > 0) {
      const syntax = doc.errors.filter((e) => e.code !== "DUPLICATE_KEY").sort((a, b) => a.pos[0] - b.pos[0]).slice(0, 1);
      const duplicates = doc.errors.filter((e) => e.code === "DUPLICATE_KEY");
      for (const error of [...duplicates, ...syntax].sort((a, b) => a.pos[0] - b.pos[0])) {
        const [start2, end] = error.pos;
        const key = oneLine(this.source.slice(start2, end));
        const message = error.code === "DUPLICATE_KEY" ? this.quiet && !PLAIN_KEY2.test(key) ? "duplicate key" : `duplicate key ${JSON.stringify(key)}` : `invalid YAML: ${this.quiet ? describeYamlErrorCode(error.code) : describeFailure(error)}`;
        this.problem(start2, message);
      }
      return;
    }
    const contents = doc.contents;
    if (contents === null) return;
    const start = contents.range?.[0] ?? doc.range[0];
    let value;
    try {
      value = doc.toJS({ maxAliasCount: this.maxAliasCount });
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      this.problem(
        start,
        /alias/i.test(text) ? `too many YAML alias expansions (more than ${this.maxAliasCount}; looks like an alias bomb): document ignored` : `cannot read YAML document: ${this.quiet ? QUIET_DETAIL : describeFailure(error)}`
      );
      return;
    }
    this.readValue(value, start, (path) => nodeStart(doc, path));
  }
  /**
   * One document (or one item of a List). `locate` finds the offset of a nested node, so each List
   * item and each bad field gets its own line.
   */
  readValue(value, start, locate) {
    if (!isRecord(value)) return;
    const hasApiVersion = Object.hasOwn(value, "apiVersion");
    const hasKind = Object.hasOwn(value, "kind");
    if (!hasApiVersion || !hasKind) return;
    const apiVersion = value.apiVersion;
    const kind = value.kind;
    if (typeof apiVersion !== "string" || apiVersion === "" || typeof kind !== "string" || kind === "") {
      this.problem(start, "apiVersion and kind must be non-empty strings");
      return;
    }
    const items = field(value, "items");
    if (kind === "List" || kind.endsWith("List") && Array.isArray(items)) {
      this.readList(kind, items, start, locate);
      return;
    }
    if (NON_OBJECT_API_GROUPS.some((group) => apiVersion.startsWith(group))) return;
    this.readObject(value, kind, start, locate);
  }
  readList(kind, items, start, locate) {
    if (items === void 0 || items === null) return;
    if (!Array.isArray(items)) {
      this.problem(locate(["items"]) ?? start, `${kind}: items must be a list, found ${describeType(items)}`);
      return;
    }
    items.forEach((item, index) => {
      const itemStart = locate(["items", index]) ?? start;
      if (!isRecord(item) || !Object.hasOwn(item, "apiVersion") || !Object.hasOwn(item, "kind")) {
        this.problem(
          itemStart,
          `${kind} item ${index} is not a Kubernetes object (needs apiVersion and kind)`
        );
        return;
      }
      this.readValue(item, itemStart, (path) => locate(["items", index, ...path]));
    });
  }
  readObject(object, kind, start, locate) {
    const metadata = field(object, "metadata");
    if (metadata === void 0 || metadata === null) {
      if (KINDS_THAT_NEED_METADATA.has(kind)) this.problem(start, `${kind} has no metadata.name`);
      return;
    }
    if (!isRecord(metadata)) {
      this.problem(
        locate(["metadata"]) ?? start,
        `${kind}: metadata must be a mapping, found ${describeType(metadata)}`
      );
      return;
    }
    const name = field(metadata, "name");
    if (name === void 0 || name === null) {
      if (typeof field(metadata, "generateName") === "string") return;
      this.problem(locate(["metadata"]) ?? start, `${kind} has no metadata.name`);
      return;
    }
    if (typeof name !== "string" || name.trim() === "") {
      this.problem(
        locate(["metadata", "name"]) ?? start,
        `${kind}: metadata.name must be a non-empty string, found ${typeof name === "string" ? "an empty string" : describeType(name)}`
      );
      return;
    }
    const checked = KINDS_THAT_NEED_METADATA.has(kind);
    if (checked && !isObjectName(name)) {
      this.problem(
        locate(["metadata", "name"]) ?? start,
        `${kind.toLowerCase()} ${quoteName(name)}: metadata.name is not a valid name (${OBJECT_NAME_RULE})`
      );
      return;
    }
    const namespaceValue = field(metadata, "namespace");
    let namespace;
    let namespaceAssumed = false;
    if (CLUSTER_SCOPED_KINDS.has(kind)) {
      namespace = "";
    } else if (namespaceValue === void 0 || namespaceValue === null || namespaceValue === "") {
      namespace = this.opts.defaultNamespace;
      namespaceAssumed = true;
    } else if (typeof namespaceValue === "string") {
      namespace = namespaceValue;
      if (checked && !isNamespaceName(namespace)) {
        this.problem(
          locate(["metadata", "namespace"]) ?? start,
          `${kind.toLowerCase()}/${name}: metadata.namespace ${quoteName(namespace)} is not a valid namespace name (${NAMESPACE_RULE})`
        );
        return;
      }
    } else {
      this.problem(
        locate(["metadata", "namespace"]) ?? start,
        `${kind.toLowerCase()}/${name}: metadata.namespace must be a string, found ${describeType(namespaceValue)}`
      );
      return;
    }
    this.manifests.push({
      id: { kind, namespace, name },
      file: this.file,
      line: this.lineCounter.linePos(start).line,
      object,
      ...namespaceAssumed ? { namespaceAssumed: true } : {}
    });
  }
  failed(offset, error) {
    this.problem(offset, `cannot read YAML document: ${this.quiet ? QUIET_DETAIL : describeFailure(error)}`);
  }
  problem(offset, message) {
    const { line, col } = this.lineCounter.linePos(offset);
    this.problems.push({ file: this.file, line, col, message, severity: "error" });
  }
};
function nodeStart(doc, path) {
  const node = doc.getIn(path, true);
  if (typeof node !== "object" || node === null) return void 0;
  const range = node.range;
  return Array.isArray(range) && typeof range[0] === "number" ? range[0] : void 0;
}
function describeFailure(error) {
  const text = error instanceof Error ? error.message : String(error);
  if (/Maximum call stack/i.test(text)) return "nested too deeply";
  return oneLine(text);
}
function oneLine(text) {
  const first = text.split(/\r?\n/, 1)[0] ?? "";
  return first.length > 200 ? `${first.slice(0, 200)}\u2026` : first;
}
var SECRET_KIND = /["']?\bkind["']?\s*:\s*["']?Secret(?![A-Za-z0-9])/;
function mayHoldSecret(text) {
  return SECRET_KIND.test(text);
}
var PLAIN_KEY2 = /^[A-Za-z0-9._-]{1,253}$/;
var QUIET_DETAIL = "details not shown (the file holds a Secret)";
var YAML_ERROR_TEXT = {
  BAD_DQ_ESCAPE: "invalid escape sequence in a double-quoted string",
  BAD_INDENT: "bad indentation",
  BAD_SCALAR_START: "a plain value starts with a reserved character",
  BLOCK_AS_IMPLICIT_KEY: "a block value used as a key",
  BLOCK_IN_FLOW: "a block value inside a flow collection",
  MISSING_CHAR: "a closing quote or bracket is missing",
  MULTILINE_IMPLICIT_KEY: "a key spans more than one line",
  TAB_AS_INDENT: "a tab used for indentation",
  UNEXPECTED_TOKEN: "unexpected characters (e.g. text after a block scalar indicator | or >)"
};
function describeYamlErrorCode(code) {
  const text = YAML_ERROR_TEXT[code] ?? code.toLowerCase().replaceAll("_", " ");
  return `${text}; ${QUIET_DETAIL}`;
}

// src/git/glob-pathspecs.ts
var SIMPLE_GLOB = /^[^{}[\]()!+@\\]+$/;
function globsToPathspecs(globs) {
  if (globs.length === 0 || !globs.every((glob) => SIMPLE_GLOB.test(glob))) return void 0;
  return globs.map((glob) => `:(glob)${glob}`);
}

// src/pipeline/base-problems.ts
function problemsOnce(baseProblems, headProblems, changedFiles) {
  const headPathOf = new Map(
    changedFiles.filter((f) => f.status !== "D").map((f) => [f.oldPath ?? f.path, f.path])
  );
  const brokenAtHead = new Set(headProblems.map((p) => p.file));
  const kept = baseProblems.filter((p) => {
    const headPath = headPathOf.get(p.file);
    return headPath === void 0 || !brokenAtHead.has(headPath);
  }).map((p) => ({ ...p, severity: "warning", message: `at the base commit: ${p.message}` }));
  return [...kept, ...headProblems];
}

// src/pipeline/objects-across-files.ts
function oversizedFileProblems(changedFiles, oversized, maxFileSize) {
  const problems = [];
  for (const file of changedFiles) {
    const basePath = file.oldPath ?? file.path;
    const sizes = [
      ["base", file.status === "A" ? void 0 : oversized.base.get(basePath)],
      ["head", file.status === "D" ? void 0 : oversized.head.get(file.path)]
    ];
    const over = sizes.filter(([, size]) => size !== void 0);
    if (over.length === 0) continue;
    const what = over.map(([side, size]) => `${size} bytes at the ${side} commit`).join(" and ");
    problems.push({
      file: file.status === "D" ? basePath : file.path,
      line: 1,
      col: 1,
      severity: "warning",
      message: `cannot tell what changed: ${what} is over --max-file-size ${maxFileSize} (raise it to read this file)`
    });
  }
  return problems;
}
async function withoutUnreadChanges(git2, commits, changes, unread, problems) {
  const kept = [];
  for (const change of changes) {
    const side = change.status === "deleted" ? "head" : change.status === "added" ? "base" : void 0;
    const files = side === void 0 ? void 0 : unread[side];
    if (side === void 0 || files === void 0 || files.size === 0) {
      kept.push(change);
      continue;
    }
    const hits = await git2.grepFiles(commits[side], [change.id.name], literalPathspecs([...files.keys()]));
    if (hits.length === 0) {
      kept.push(change);
      continue;
    }
    const broken = hits.find((path) => files.get(path) === "broken");
    if (broken !== void 0) {
      problems.push({
        file: broken,
        line: 1,
        col: 1,
        severity: "warning",
        message: `cannot tell whether ${formatId(change.id)} changed: the file has errors at the ${side} commit`
      });
    }
  }
  return kept;
}
function settleWithUntouchedFiles(changes, read, untouched, problems) {
  const baseContent = contentsById(untouched.base);
  const headContent = contentsById(untouched.head);
  const settled = [];
  for (const change of changes) {
    const key = idKey(change.id);
    const added = change.status === "added";
    const elsewhere = added ? baseContent.get(key) : change.status === "deleted" ? headContent.get(key) : void 0;
    const own = (added ? read.head : read.base).get(key);
    if (elsewhere === void 0 || own === void 0) {
      settled.push(change);
      continue;
    }
    if (added) {
      problems.push({
        file: change.file,
        line: change.line,
        col: 1,
        severity: "warning",
        message: `${formatId(change.id)} is also defined in ${elsewhere.at.file}:${elsewhere.at.line}; compared with that definition`
      });
    }
    const keys = added ? changedKeys(elsewhere.content, own.content) : changedKeys(own.content, elsewhere.content);
    if (keys.length === 0) continue;
    const at = added ? { file: change.file, line: change.line } : elsewhere.at;
    settled.push({ ...change, ...at, status: "modified", keys });
  }
  return settled.sort((a, b) => compareIds(a.id, b.id));
}
function contentsById(manifests) {
  const byId = /* @__PURE__ */ new Map();
  for (const manifest of manifests) {
    if (!isConfigManifest(manifest) || byId.has(idKey(manifest.id))) continue;
    byId.set(idKey(manifest.id), {
      content: configContentOf(manifest).content,
      at: { file: manifest.file, line: manifest.line }
    });
  }
  return byId;
}
function literalPathspecs(paths) {
  return paths.map((path) => `:(literal)${path}`);
}

// src/pipeline/render-sources.ts
var import_picomatch2 = __toESM(require_picomatch2(), 1);

// src/core/sources/blame.ts
function blameFile(object, inputs) {
  const changed = new Set(inputs.changedInputs);
  const generator = inputs.generators.filter((g) => g.kind === object.kind && object.name.includes(g.name)).sort((a, b) => b.name.length - a.name.length)[0];
  const generated = generator?.files.filter((f) => changed.has(f)) ?? [];
  if (generated.length === 1) return generated[0];
  const naming = inputs.changedInputs.filter((path) => namesObject(inputs.texts.get(path), object.name));
  if (naming.length === 1) return naming[0];
  return inputs.changedInputs.length === 1 ? inputs.changedInputs[0] : void 0;
}
function namesObject(text, renderedName) {
  if (text === void 0) return false;
  for (const match of text.matchAll(/\bname:\s*["']?([A-Za-z0-9][A-Za-z0-9._-]*)/g)) {
    const name = match[1];
    if (name === renderedName || name.length >= 3 && renderedName.includes(name)) return true;
  }
  return false;
}

// src/core/sources/checkout-scope.ts
function checkoutScope(dirs, files) {
  const wanted = new Set(dirs);
  for (const file of files) wanted.add(parentOf(file));
  if (wanted.has("")) return void 0;
  const inside = [...wanted].filter((dir) => dir !== ".." && !dir.startsWith("../")).sort();
  const minimal = [];
  for (const dir of inside) {
    if (!minimal.some((kept) => dir.startsWith(`${kept}/`))) minimal.push(dir);
  }
  return minimal;
}
function inScope(path, scope) {
  return scope === void 0 || scope.some((dir) => path.startsWith(`${dir}/`));
}
function parentOf(path) {
  const slash = path.lastIndexOf("/");
  return slash === -1 ? "" : path.slice(0, slash);
}

// src/core/sources/kustomization-file.ts
var import_yaml2 = __toESM(require_dist(), 1);
var KUSTOMIZATION_FILE_NAMES = ["kustomization.yaml", "kustomization.yml", "Kustomization"];
function kustomizationDirOf(path) {
  const slash = path.lastIndexOf("/");
  const name = path.slice(slash + 1);
  if (!KUSTOMIZATION_FILE_NAMES.includes(name)) return void 0;
  return slash === -1 ? "" : path.slice(0, slash);
}
function readKustomizationFile(path, text) {
  const dir = kustomizationDirOf(path) ?? "";
  const result = {
    dir,
    path,
    isComponent: false,
    entries: [],
    files: [],
    generators: [],
    patchFiles: []
  };
  let doc;
  try {
    doc = (0, import_yaml2.parse)(text, { logLevel: "error", maxAliasCount: 100 });
  } catch (error) {
    result.problem = error instanceof Error ? error.message.split("\n", 1)[0] : String(error);
    return result;
  }
  if (!isRecord(doc)) return result;
  result.isComponent = field(doc, "kind") === "Component";
  const local = (value) => {
    if (typeof value !== "string" || value.trim() === "" || isRemote(value) || value.startsWith("/")) {
      return void 0;
    }
    return joinPath(dir, value.trim());
  };
  const pushAll = (into, values) => {
    for (const value of values) {
      const path2 = local(value);
      if (path2 !== void 0 && !into.includes(path2)) into.push(path2);
    }
  };
  for (const key of ["resources", "bases", "components", "generators", "transformers", "validators"]) {
    pushAll(result.entries, listOf(field(doc, key)));
  }
  for (const key of ["crds", "configurations"]) pushAll(result.files, listOf(field(doc, key)));
  const patchPaths = [
    ...listOf(field(doc, "patchesStrategicMerge")).filter((p) => typeof p === "string" && !/[\n:]/.test(p)),
    ...listOf(field(doc, "patchesJson6902")).map((p) => field(p, "path")),
    ...listOf(field(doc, "patches")).map((p) => field(p, "path"))
  ];
  pushAll(result.patchFiles, patchPaths);
  pushAll(result.files, patchPaths);
  pushAll(
    result.files,
    listOf(field(doc, "replacements")).map((r) => field(r, "path"))
  );
  pushAll(result.files, [field(field(doc, "openapi"), "path")]);
  for (const [key, kind] of [
    ["configMapGenerator", "ConfigMap"],
    ["secretGenerator", "Secret"]
  ]) {
    for (const generator of listOf(field(doc, key))) {
      const name = field(generator, "name");
      const files = [
        ...listOf(field(generator, "files")).map(
          (f) => typeof f === "string" && f.includes("=") ? f.slice(f.indexOf("=") + 1) : f
        ),
        ...listOf(field(generator, "envs")),
        field(generator, "env")
      ];
      const paths = [];
      pushAll(paths, files);
      for (const path2 of paths) if (!result.files.includes(path2)) result.files.push(path2);
      if (typeof name === "string") result.generators.push({ kind, name, files: paths });
    }
  }
  return result;
}
function listOf(value) {
  return Array.isArray(value) ? value : [];
}
function isRemote(value) {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(value) || /^[^/]+@[^/]+:/.test(value) || /^(github|gitlab|bitbucket)\.(com|org)\//.test(value);
}
function joinPath(dir, relative) {
  const parts = dir.split("/").filter(Boolean);
  for (const part of relative.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") {
      if (parts.length === 0 || parts[parts.length - 1] === "..") parts.push("..");
      else parts.pop();
    } else {
      parts.push(part);
    }
  }
  return parts.join("/");
}

// src/core/sources/paths-at-base.ts
function pathsAtBase(headPaths, changes, relevant) {
  const paths = new Set(headPaths.filter(relevant));
  const differ = /* @__PURE__ */ new Set();
  for (const change of changes) {
    switch (change.status) {
      case "A":
      case "C":
        paths.delete(change.path);
        break;
      case "D":
        if (relevant(change.path)) {
          paths.add(change.path);
          differ.add(change.path);
        }
        break;
      case "R":
        paths.delete(change.path);
        if (change.oldPath !== void 0 && relevant(change.oldPath)) {
          paths.add(change.oldPath);
          differ.add(change.oldPath);
        }
        break;
      case "M":
      case "T":
        if (relevant(change.path)) differ.add(change.path);
        break;
    }
  }
  return { paths: [...paths].sort(), differ };
}

// src/core/sources/rendered-documents.ts
function splitDocuments(text) {
  if (/^(---[ \t]*\S|\.\.\.|%)/m.test(text)) return void 0;
  return text.split(/^---[ \t]*\r?\n/m).filter((doc) => doc.trim() !== "");
}
function createDocumentParser(label2, defaultNamespace) {
  const problems = [];
  const parsed = /* @__PURE__ */ new Map();
  const parse2 = (text) => {
    const known = parsed.get(text);
    if (known) return known;
    const result = parseManifests(label2, text, { defaultNamespace });
    problems.push(...result.problems);
    parsed.set(text, result.manifests);
    return result.manifests;
  };
  return {
    problems,
    objectsOf(output) {
      if (output === void 0) return [];
      const text = decode(output);
      const docs = text === void 0 ? void 0 : splitDocuments(text);
      if (docs === void 0) {
        const whole = parseManifests(label2, output, { defaultNamespace });
        problems.push(...whole.problems);
        return whole.manifests;
      }
      return docs.flatMap(parse2);
    }
  };
}
function decode(bytes) {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return void 0;
  }
}

// src/render/materialize-tree.ts
import { spawn } from "node:child_process";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
async function createCommitTrees(repoDir, gitPath = "git", scope) {
  const root = await mkdtemp(join(tmpdir(), "config-rollout-render-"));
  const trees = /* @__PURE__ */ new Map();
  let count = 0;
  return {
    root,
    dirOf(commit) {
      let tree = trees.get(commit);
      if (!tree) {
        count += 1;
        tree = writeTree(gitPath, repoDir, commit, join(root, `tree-${count}`), scope);
        trees.set(commit, tree);
      }
      return tree;
    },
    async dispose() {
      await Promise.allSettled(trees.values());
      await rm(root, { recursive: true, force: true });
    }
  };
}
async function writeTree(gitPath, repoDir, commit, dir, scope) {
  await mkdir(dir, { recursive: true });
  const index = `${dir}.index`;
  await git(gitPath, repoDir, ["read-tree", commit], index);
  if (scope === void 0) {
    await git(gitPath, repoDir, [`--work-tree=${dir}`, "checkout-index", "--all", "--force"], index);
  } else {
    const listed = await git(gitPath, repoDir, ["ls-files", "-z"], index);
    const paths = listed.split("\0").filter((path) => path !== "" && inScope(path, scope));
    if (paths.length > 0) {
      await git(
        gitPath,
        repoDir,
        [`--work-tree=${dir}`, "checkout-index", "--force", "-z", "--stdin"],
        index,
        `${paths.join("\0")}\0`
      );
    }
  }
  await rm(index, { force: true });
  return dir;
}
function git(gitPath, cwd, args, indexFile, input) {
  const env = {};
  for (const [key, value] of Object.entries(process.env)) if (!key.startsWith("GIT_")) env[key] = value;
  env.GIT_INDEX_FILE = indexFile;
  return new Promise((resolve3, reject) => {
    const child = spawn(gitPath, ["-c", "core.quotePath=false", "-c", "core.hooksPath=/dev/null", ...args], {
      cwd,
      env,
      stdio: [input === void 0 ? "ignore" : "pipe", "pipe", "pipe"]
    });
    const out = [];
    const err = [];
    child.stdout?.on("data", (chunk) => out.push(chunk));
    child.stderr?.on("data", (chunk) => err.push(chunk));
    child.on("error", reject);
    child.on("close", (code) => {
      const stderr = Buffer.concat(err).toString("utf8").trim();
      if (code === 0) resolve3(Buffer.concat(out).toString("utf8"));
      else reject(new Error(`git ${args.join(" ")} failed: ${stderr || `exit ${code}`}`));
    });
    if (input !== void 0 && child.stdin) {
      child.stdin.on("error", () => {
      });
      child.stdin.end(input);
    }
  });
}

// src/render/run-process.ts
import { spawn as spawn2 } from "node:child_process";
var MAX_STDOUT_BYTES = 512 * 1024 * 1024;
var STDERR_TAIL_BYTES = 4096;
function runProcess(file, args, options) {
  return new Promise((resolve3) => {
    const stdout = [];
    let stdoutBytes = 0;
    let stderr = Buffer.alloc(0);
    let failure;
    const child = spawn2(file, args, {
      cwd: options.cwd,
      env: options.env,
      stdio: ["ignore", "pipe", "pipe"],
      timeout: options.timeoutMs,
      killSignal: "SIGKILL"
    });
    child.stdout.on("data", (chunk) => {
      stdoutBytes += chunk.length;
      if (stdoutBytes > MAX_STDOUT_BYTES) {
        failure = `output is over ${MAX_STDOUT_BYTES} bytes`;
        child.kill("SIGKILL");
        return;
      }
      stdout.push(chunk);
    });
    child.stderr.on("data", (chunk) => {
      stderr = Buffer.concat([stderr, chunk]);
      if (stderr.length > STDERR_TAIL_BYTES * 2) stderr = stderr.subarray(stderr.length - STDERR_TAIL_BYTES);
    });
    child.on("error", (error) => {
      failure = error.message;
    });
    child.on("close", (exitCode, signal) => {
      resolve3({
        exitCode,
        signal,
        stdout: Buffer.concat(stdout),
        stderrTail: tailOf(stderr.toString("utf8")),
        ...failure !== void 0 ? { failure } : {}
      });
    });
  });
}
function tailOf(text, maxLines = 8) {
  const lines = text.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "").split("\n").map((line) => line.trimEnd()).filter((line) => line !== "");
  return lines.slice(-maxLines).map((line) => line.startsWith("::") ? ` ${line}` : line).map((line) => line.length > 300 ? `${line.slice(0, 300)}\u2026` : line).join("\n");
}

// src/render/render-command.ts
var SHELL = "/bin/sh";
async function runRenderCommand(run, treeDir, commit) {
  const result = await runProcess(SHELL, ["-c", run.command], {
    cwd: treeDir,
    env: run.env,
    timeoutMs: run.timeoutMs
  });
  if (result.exitCode === 0 && result.failure === void 0) return result.stdout;
  const why = result.failure ?? (result.signal ? `killed by ${result.signal}` : `exit ${result.exitCode}`);
  throw new UserError(
    `--render ${JSON.stringify(run.command)} failed at commit ${commit.slice(0, 12)} (${why}); nothing was applied${result.stderrTail ? `. Its stderr ends with:
${result.stderrTail}` : ""}`
  );
}

// src/render/renderer-environment.ts
import { accessSync, constants, statSync } from "node:fs";
import { delimiter, isAbsolute, join as join2, resolve, sep } from "node:path";
function trustedPathDirs(pathValue, untrusted) {
  const roots = untrusted.map((root) => resolve(root));
  return (pathValue ?? "").split(delimiter).filter((dir) => dir !== "" && isAbsolute(dir)).map((dir) => resolve(dir)).filter((dir) => !roots.some((root) => dir === root || dir.startsWith(root + sep)));
}
function findExecutable(name, dirs) {
  for (const dir of dirs) {
    const candidate = join2(dir, name);
    try {
      if (!statSync(candidate).isFile()) continue;
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
    }
  }
  return void 0;
}
function kustomizeEnvironment(pathDirs, home) {
  return { PATH: pathDirs.join(delimiter), HOME: home, LANG: "C.UTF-8" };
}
function renderCommandEnvironment(env, pathDirs, secretVariables) {
  const out = {};
  for (const [key, value] of Object.entries(env)) {
    if (!secretVariables.includes(key)) out[key] = value;
  }
  out.PATH = pathDirs.join(delimiter);
  return out;
}

// src/core/sources/kustomize-graph.ts
function buildKustomizeGraph(kustomizations) {
  const byDir = new Map(kustomizations.map((k) => [k.dir, k]));
  const included = /* @__PURE__ */ new Set();
  for (const k of kustomizations) {
    for (const entry of k.entries) if (byDir.has(entry) && entry !== k.dir) included.add(entry);
  }
  const roots = kustomizations.filter((k) => !included.has(k.dir) && !k.isComponent).map((k) => k.dir).sort();
  const cache = /* @__PURE__ */ new Map();
  const inputsOf = (dir) => {
    const cached = cache.get(dir);
    if (cached) return cached;
    const inputs = /* @__PURE__ */ new Set();
    cache.set(dir, inputs);
    const k = byDir.get(dir);
    if (!k) return inputs;
    inputs.add(k.path);
    for (const file of k.files) inputs.add(file);
    for (const entry of k.entries) {
      if (byDir.has(entry)) for (const file of inputsOf(entry)) inputs.add(file);
      else inputs.add(entry);
    }
    return inputs;
  };
  const ownedFiles = /* @__PURE__ */ new Set();
  for (const k of kustomizations) for (const file of inputsOf(k.dir)) ownedFiles.add(file);
  return { roots, ownedFiles, inputsOf };
}
function kustomizationsUnder(dir, kustomizations) {
  const byDir = new Map(kustomizations.map((k) => [k.dir, k]));
  const seen = /* @__PURE__ */ new Set();
  const order = [];
  const walk = (d) => {
    const k = byDir.get(d);
    if (!k || seen.has(d)) return;
    seen.add(d);
    order.push(k);
    for (const entry of k.entries) walk(entry);
  };
  walk(dir);
  return order;
}

// src/render/kustomize.ts
import { tmpdir as tmpdir2 } from "node:os";
async function findKustomize(pathDirs) {
  const kustomize = findExecutable("kustomize", pathDirs);
  if (kustomize && await runs(kustomize, ["version"], pathDirs)) {
    return { path: kustomize, label: "kustomize build", argsFor: (dir) => ["build", dir] };
  }
  const kubectl = findExecutable("kubectl", pathDirs);
  if (kubectl) return { path: kubectl, label: "kubectl kustomize", argsFor: (dir) => ["kustomize", dir] };
  return void 0;
}
async function runs(path, args, pathDirs) {
  const home = tmpdir2();
  const result = await runProcess(path, args, {
    cwd: home,
    env: kustomizeEnvironment(pathDirs, home),
    timeoutMs: 1e4
  });
  return result.exitCode === 0;
}
var NO_KUSTOMIZE_HINT = "neither kustomize nor kubectl is on PATH: install one (kubectl includes kustomize: https://kubernetes.io/docs/tasks/tools/), or pass --kustomize none to read raw files only";
async function kustomizeBuild(run, treeDir, dir, commit) {
  const target = dir === "" ? "." : `./${dir}`;
  const result = await runProcess(run.binary.path, run.binary.argsFor(target), {
    cwd: treeDir,
    env: kustomizeEnvironment(run.pathDirs, run.home),
    timeoutMs: run.timeoutMs
  });
  if (result.exitCode === 0 && result.failure === void 0) return result.stdout;
  const why = result.failure ?? (result.signal ? `killed by ${result.signal}` : `exit ${result.exitCode}`);
  throw new UserError(
    `\`${run.binary.label} ${target}\` failed at commit ${commit.slice(0, 12)} (${why}); nothing was applied${result.stderrTail ? `:
${result.stderrTail}` : ""}`
  );
}

// src/pipeline/rendered-source.ts
var DEFAULT_RENDER_TIMEOUT_MS = 10 * 6e4;

// src/pipeline/kustomize-sources.ts
async function findKustomizeSources(git2, ctx) {
  const { head } = ctx;
  const [baseGraph, headGraph, baseKs, headKs] = await kustomizationsAt(git2, ctx);
  const notes = [];
  for (const dir of ctx.dirs) {
    if (!baseKs.has(dir) && !headKs.has(dir)) {
      throw new UserError(
        `--kustomize ${dir || "."}: no kustomization.yaml in that directory at either commit`
      );
    }
  }
  for (const k of headKs.values()) {
    if (k.problem !== void 0)
      notes.push(`${k.path}: cannot be read (${k.problem}); its inputs are unknown`);
  }
  const roots = ctx.dirs.length > 0 ? ctx.dirs : [.../* @__PURE__ */ new Set([...baseGraph.roots, ...headGraph.roots])].sort();
  const sources = [];
  const untouched = [];
  const binary = lazy(() => findKustomize(ctx.pathDirs));
  for (const dir of roots) {
    const label2 = `kustomize ${dir || "."}`;
    const inputs = /* @__PURE__ */ new Set([...baseGraph.inputsOf(dir), ...headGraph.inputsOf(dir)]);
    const included = [
      ...kustomizationsUnder(dir, [...headKs.values()]),
      ...kustomizationsUnder(dir, [...baseKs.values()])
    ];
    const unreadable = included.some((k) => k.problem !== void 0);
    const changedInputs = ctx.changedPaths.filter(
      (p) => inputs.has(p) || unreadable && (dir === "" || p.startsWith(`${dir}/`))
    );
    if (changedInputs.length === 0) {
      untouched.push(label2);
      continue;
    }
    sources.push({
      label: label2,
      scope: unreadable ? void 0 : checkoutScope(
        included.map((k) => k.dir),
        inputs
      ),
      file: (headKs.get(dir) ?? baseKs.get(dir)).path,
      changedInputs,
      generators: included.flatMap((k) => k.generators),
      render: async (checkout, commit) => {
        if (!(commit === head ? headKs : baseKs).has(dir)) return void 0;
        const run = {
          binary: await binary(),
          pathDirs: ctx.pathDirs,
          home: checkout.scratch,
          timeoutMs: ctx.timeoutMs ?? DEFAULT_RENDER_TIMEOUT_MS
        };
        return kustomizeBuild(run, checkout.dir, dir, commit);
      }
    });
  }
  notes.push(...untouchedNotes(untouched));
  if (sources.length > 0 && await binary() === void 0) {
    throw new UserError(`${sources.map((s) => s.label).join(", ")} changed but ${NO_KUSTOMIZE_HINT}`);
  }
  return {
    sources,
    owned: (path) => baseGraph.ownedFiles.has(path) || headGraph.ownedFiles.has(path),
    notes
  };
}
function untouchedNotes(labels) {
  const MAX_NAMED = 5;
  if (labels.length <= MAX_NAMED) {
    return labels.map((label2) => `${label2}: not rendered, the range touches none of its files`);
  }
  const named = labels.slice(0, MAX_NAMED).map((label2) => label2.replace(/^kustomize /, ""));
  return [
    `${labels.length} kustomizations not rendered, the range touches none of their files (${named.join(", ")} and ${labels.length - MAX_NAMED} more)`
  ];
}
async function kustomizationsAt(git2, ctx) {
  const kustomizationPaths = (paths) => {
    const preference = (p) => KUSTOMIZATION_FILE_NAMES.indexOf(p.slice(p.lastIndexOf("/") + 1));
    return paths.filter((p) => kustomizationDirOf(p) !== void 0).sort((a, b) => preference(a) - preference(b));
  };
  const headPaths = kustomizationPaths(ctx.headFiles);
  const basePaths = kustomizationPaths(ctx.baseFiles);
  const toRead = basePaths.filter((p) => ctx.differAtBase.has(p));
  const [headTexts, baseTexts] = await Promise.all([
    headPaths.length > 0 ? git2.readFiles(ctx.head, headPaths) : /* @__PURE__ */ new Map(),
    toRead.length > 0 ? git2.readFiles(ctx.base, toRead) : /* @__PURE__ */ new Map()
  ]);
  const parse2 = (paths, textOf) => {
    const byDir = /* @__PURE__ */ new Map();
    for (const path of paths) {
      const k = readKustomizationFile(path, textOf(path)?.toString("utf8") ?? "");
      if (!byDir.has(k.dir)) byDir.set(k.dir, k);
    }
    return byDir;
  };
  const headKs = parse2(headPaths, (p) => headTexts.get(p));
  const baseKs = parse2(basePaths, (p) => ctx.differAtBase.has(p) ? baseTexts.get(p) : headTexts.get(p));
  return [
    buildKustomizeGraph([...baseKs.values()]),
    buildKustomizeGraph([...headKs.values()]),
    baseKs,
    headKs
  ];
}
function lazy(compute) {
  let done = false;
  let value;
  return () => {
    if (!done) {
      value = compute();
      done = true;
    }
    return value;
  };
}

// src/pipeline/render-sources.ts
var NO_OBJECTS = { base: [], head: [], problems: [] };
var MAX_CONCURRENT_RENDERS = 4;
var CHART_FILE = /(^|\/)Chart\.ya?ml$/;
var SOURCE_FILE_NAMES = [...KUSTOMIZATION_FILE_NAMES, "Chart.yaml", "Chart.yml"];
function listSourceFiles(git2, head) {
  return git2.listFiles(head, SOURCE_FILE_NAMES);
}
async function renderSources(git2, base, head, changedFiles, options, log, headListing = listSourceFiles(git2, head)) {
  const changedPaths = [
    ...new Set(changedFiles.flatMap((f) => f.oldPath ? [f.oldPath, f.path] : [f.path]))
  ];
  if (changedPaths.length === 0)
    return { owned: () => false, notes: [], objects: Promise.resolve(NO_OBJECTS) };
  const pathDirs = trustedPathDirs(options.env.PATH, [git2.root]);
  const isSourceFile = (p) => CHART_FILE.test(p) || kustomizationDirOf(p) !== void 0;
  const headFiles = await headListing;
  const atBase = pathsAtBase(headFiles, changedFiles, isSourceFile);
  const chartDirs = [
    ...new Set([...atBase.paths, ...headFiles].filter((p) => CHART_FILE.test(p)).map(dirOf))
  ].sort();
  const inChart = (path) => chartDirs.some((dir) => dir === "" || path.startsWith(`${dir}/`));
  const notes = options.render === void 0 ? chartDirs.map(
    (dir) => `Helm chart ${dir || "."}: not read as raw manifests; plan from it with --render 'helm template ...'`
  ) : [];
  const sources = [];
  let owned = inChart;
  const kustomizeOn = !(options.kustomize.length === 1 && options.kustomize[0] === "none");
  if (kustomizeOn) {
    const kustomize = await findKustomizeSources(git2, {
      base,
      head,
      dirs: options.kustomize,
      changedPaths,
      baseFiles: atBase.paths,
      headFiles,
      differAtBase: atBase.differ,
      pathDirs,
      ...options.timeoutMs !== void 0 ? { timeoutMs: options.timeoutMs } : {}
    });
    sources.push(...kustomize.sources);
    notes.push(...kustomize.notes);
    owned = (path) => kustomize.owned(path) || inChart(path);
  }
  if (options.render !== void 0) {
    const source2 = renderCommandSource(options.render, changedPaths, pathDirs, options);
    if (source2) sources.push(source2);
    else notes.push(`render: ${options.render}: not run, the range touches none of --render-paths`);
  }
  if (sources.length === 0) return { owned, notes, objects: Promise.resolve(NO_OBJECTS) };
  for (const source2 of sources) notes.push(`${source2.label}: rendered at both commits`);
  const objects = renderAll(git2, base, head, sources, pathDirs, options.defaultNamespace, log);
  objects.catch(() => {
  });
  return { owned, notes, objects };
}
function renderCommandSource(command, changedPaths, pathDirs, options) {
  const matches = (0, import_picomatch2.default)(options.renderPaths, { dot: true });
  const changedInputs = changedPaths.filter((p) => matches(p));
  if (changedInputs.length === 0) return void 0;
  const env = renderCommandEnvironment(options.env, pathDirs, options.secretVariables);
  const timeoutMs = options.timeoutMs ?? DEFAULT_RENDER_TIMEOUT_MS;
  return {
    label: `render: ${command}`,
    // What a command reads is unknown: it gets the whole tree.
    scope: void 0,
    file: "--render",
    changedInputs,
    generators: [],
    render: (checkout, commit) => runRenderCommand({ command, env, timeoutMs }, checkout.dir, commit)
  };
}
async function renderAll(git2, base, head, sources, pathDirs, defaultNamespace, log) {
  log.info(
    `rendering ${sources.map((s) => s.label).join(", ")} at ${base.slice(0, 7)} and ${head.slice(0, 7)}`
  );
  const scope = sources.some((s) => s.scope === void 0) ? void 0 : checkoutScope(
    sources.flatMap((s) => s.scope ?? []),
    []
  );
  const trees = await createCommitTrees(git2.root, findExecutable("git", pathDirs) ?? "git", scope);
  try {
    const blameTexts = readTexts(git2, head, [...new Set(sources.flatMap((s) => s.changedInputs))]);
    blameTexts.catch(() => {
    });
    const slot = concurrencyLimit(MAX_CONCURRENT_RENDERS);
    const parsers = sources.map(
      (source2) => createDocumentParser(`(${source2.label} output)`, defaultNamespace)
    );
    const renderAt = async (commit) => {
      const checkout = { dir: await trees.dirOf(commit), scratch: trees.root };
      const outputs = await Promise.all(sources.map((source2) => slot(() => source2.render(checkout, commit))));
      return outputs.map((output, i) => parsers[i].objectsOf(output));
    };
    const [baseParsed, headParsed] = await Promise.all([renderAt(base), renderAt(head)]);
    const texts = await blameTexts;
    const labelled = (m, source2) => ({
      ...m,
      origin: source2.label,
      ...blamed(m, source2, texts)
    });
    const problems = parsers.flatMap((parser) => parser.problems);
    const baseObjects = sources.flatMap((source2, i) => baseParsed[i].map((m) => labelled(m, source2)));
    const headObjects = sources.flatMap((source2, i) => headParsed[i].map((m) => labelled(m, source2)));
    log.debug(
      `rendered ${sources.length} source(s): ${baseObjects.length} object(s) at base, ${headObjects.length} at head`
    );
    return { base: baseObjects, head: headObjects, problems };
  } finally {
    await trees.dispose();
  }
}
function blamed(m, source2, texts) {
  const file = blameFile(
    { kind: m.id.kind, name: m.id.name },
    { changedInputs: source2.changedInputs, generators: source2.generators, texts }
  );
  return file !== void 0 ? { blamedFile: file, file, line: 1 } : { file: source2.file, line: 1 };
}
async function readTexts(git2, rev, paths) {
  const files = await git2.readFiles(rev, paths);
  return new Map([...files].map(([path, bytes]) => [path, bytes.toString("utf8")]));
}
function dirOf(path) {
  const slash = path.lastIndexOf("/");
  return slash === -1 ? "" : path.slice(0, slash);
}
function concurrencyLimit(max) {
  let running = 0;
  const waiting = [];
  return async (task) => {
    if (running >= max) await new Promise((resolve3) => waiting.push(resolve3));
    running += 1;
    try {
      return await task();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}

// src/pipeline/scan-repository.ts
function createPathFilter(options, owned) {
  const include = (0, import_picomatch3.default)(options.paths, { dot: true });
  const exclude = options.exclude.length > 0 ? (0, import_picomatch3.default)(options.exclude, { dot: true }) : () => false;
  const filter = owned ? (path) => include(path) && !exclude(path) && !owned(path) : (path) => include(path) && !exclude(path);
  return Object.assign(filter, { globs: options.paths });
}
async function scanRepository(git2, base, head, options, log) {
  const headListing = options.sources ? listSourceFiles(git2, head) : void 0;
  headListing?.catch(() => {
  });
  const allChangedFiles = await git2.changedFiles(base, head);
  const pending = options.sources && headListing ? renderSources(
    git2,
    base,
    head,
    allChangedFiles,
    { ...options.sources, defaultNamespace: options.defaultNamespace },
    log,
    headListing
  ) : void 0;
  pending?.catch(() => {
  });
  let owned;
  const wanted = createPathFilter(options, options.sources ? (path) => owned?.(path) === true : void 0);
  let changedFiles = allChangedFiles.filter(
    (f) => wanted(f.path) || f.oldPath !== void 0 && wanted(f.oldPath)
  );
  const basePaths = changedFiles.filter((f) => f.status !== "A").map((f) => f.oldPath ?? f.path);
  const headPaths = changedFiles.filter((f) => f.status !== "D").map((f) => f.path);
  const touched = /* @__PURE__ */ new Set([...basePaths, ...headPaths]);
  log.debug(`${changedFiles.length} changed manifest file(s)`);
  let problems = [];
  const oversized = { base: /* @__PURE__ */ new Map(), head: /* @__PURE__ */ new Map() };
  const readingHead = readBytes(git2, head, headPaths, options, oversized.head);
  readingHead.catch(() => {
  });
  const baseFiles = await readBytes(git2, base, basePaths, options, oversized.base);
  const early = earlyCandidateSearch(git2, head, baseFiles, new Set(headPaths), wanted, options);
  const headFiles = await readingHead;
  problems.push(...oversizedFileProblems(changedFiles, oversized, options.maxFileSize));
  const baseProblems = [];
  let baseManifests = await parseFiles(basePaths, baseFiles, options, baseProblems);
  const headProblems = [];
  let headManifests = await parseFiles(headPaths, headFiles, options, headProblems);
  problems.push(...problemsOnce(baseProblems, headProblems, changedFiles));
  let found;
  let rendered;
  if (pending) {
    rendered = await pending;
    const isOwned = rendered.owned;
    owned = isOwned;
    const objects = await rendered.objects;
    changedFiles = changedFiles.filter(
      (f) => !isOwned(f.path) || f.oldPath !== void 0 && !isOwned(f.oldPath)
    );
    problems = [...problems.filter((p) => !isOwned(p.file)), ...objects.problems];
    baseManifests = mergedOrThrow([...baseManifests.filter((m) => !isOwned(m.file)), ...objects.base]);
    headManifests = mergedOrThrow([...headManifests.filter((m) => !isOwned(m.file)), ...objects.head]);
    found = findConfigChanges(baseManifests, headManifests);
    found.changes = pairHashSuffixRenames(
      withSources(found.changes, baseManifests, headManifests),
      found.snapshots
    );
  } else {
    found = findConfigChanges(baseManifests, headManifests);
  }
  problems.push(...found.problems);
  const unread = {
    base: new Map([...oversized.base.keys()].map((path) => [path, "oversized"])),
    head: new Map([...oversized.head.keys()].map((path) => [path, "oversized"]))
  };
  for (const problem of headProblems) {
    if (owned?.(problem.file)) continue;
    if (problem.severity === "error" && !unread.head.has(problem.file))
      unread.head.set(problem.file, "broken");
  }
  const readable = await withoutUnreadChanges(git2, { base, head }, found.changes, unread, problems);
  const baseIds = new Set(baseManifests.map((m) => idKey(m.id)));
  const unreadAtBase = new Set(
    changedFiles.filter((f) => oversized.base.has(f.oldPath ?? f.path)).map((f) => f.path)
  );
  const maybeNewWorkloads = headManifests.filter(
    (m) => workloadKindOf(m.object) && !baseIds.has(idKey(m.id)) && !unreadAtBase.has(m.file)
  );
  const namesAtBase = uniqueNames([
    ...readable.filter((c) => c.status === "added").map((c) => c.id.name),
    ...maybeNewWorkloads.map((m) => m.id.name)
  ]);
  const untouchedAtBase = namesAtBase.length === 0 ? [] : await readManifests(
    git2,
    base,
    await findCandidateFiles(git2, base, namesAtBase, touched, wanted),
    options,
    []
  );
  const definedAtBase = new Set(untouchedAtBase.map((m) => idKey(m.id)));
  const newWorkloadIds = new Set(
    maybeNewWorkloads.map((m) => idKey(m.id)).filter((key) => !definedAtBase.has(key))
  );
  const withCopies = settleWithUntouchedFiles(
    readable,
    found.snapshots,
    { base: untouchedAtBase, head: [] },
    problems
  );
  const consumedNames = withTemplateRefs(uniqueNames(withCopies.map((c) => c.id.name)));
  const candidateManifests = await readCandidates(git2, head, consumedNames, early, {
    alreadyRead: new Set(headPaths),
    wanted,
    options,
    problems
  });
  const rawCandidates = owned ? candidateManifests.filter((m) => !owned?.(m.file)) : candidateManifests;
  if (owned) problems = problems.filter((p) => !owned?.(p.file));
  const changes = settleWithUntouchedFiles(
    withCopies,
    found.snapshots,
    { base: [], head: rawCandidates },
    problems
  );
  const all = [...headManifests, ...rawCandidates];
  const workloads = all.filter((m) => workloadKindOf(m.object) !== void 0);
  const headConfigs = /* @__PURE__ */ new Map();
  collectConfigs(all, headConfigs, []);
  const assumedNamespace = new Set(all.filter((m) => m.namespaceAssumed).map((m) => idKey(m.id)));
  const baseWorkloads = baseManifests.filter((m) => workloadKindOf(m.object) !== void 0);
  return {
    changedFiles,
    changes,
    workloads,
    newWorkloadIds,
    headConfigs,
    problems,
    assumedNamespace,
    baseWorkloads,
    sourceNotes: rendered?.notes ?? [],
    ...owned ? { owned } : {}
  };
}
function mergedOrThrow(manifests) {
  const merged = mergeByIdentity(manifests);
  if (merged.conflicts.length > 0) throw new UserError(describeConflicts(merged.conflicts));
  return merged.manifests;
}
function withSources(changes, base, head) {
  const at = (manifests) => new Map(manifests.map((m) => [idKey(m.id), m]));
  const before = at(base);
  const after = at(head);
  return changes.map((change) => {
    const m = (change.status === "deleted" ? before : after).get(idKey(change.id));
    if (m?.origin === void 0) return change;
    return { ...change, origin: m.origin, ...m.blamedFile ? { blamedFile: m.blamedFile } : {} };
  });
}
function withTemplateRefs(names) {
  return names.length > 0 ? [...names, "workloadRef"] : names;
}
function uniqueNames(names) {
  return [...new Set(names)].filter((name) => name !== "" && !name.includes("\n")).sort();
}
async function readConfigsAt(git2, rev, ids, known, options, owned) {
  const missing = ids.filter((id) => !known.has(idKey(id)));
  if (missing.length === 0) return known;
  const wanted = createPathFilter(options, owned);
  const files = await findCandidateFiles(
    git2,
    rev,
    [...new Set(missing.map((id) => id.name))],
    /* @__PURE__ */ new Set(),
    wanted
  );
  const problems = [];
  const manifests = await readManifests(git2, rev, files, options, problems);
  const missingKeys = new Set(missing.map(idKey));
  collectConfigs(
    manifests.filter((m) => missingKeys.has(idKey(m.id))),
    known,
    problems
  );
  return known;
}
function collectConfigs(manifests, into, problems) {
  for (const manifest of manifests) {
    if (!isConfigManifest(manifest) || into.has(idKey(manifest.id))) continue;
    const { content, problems: contentProblems } = configContentOf(manifest);
    problems.push(...contentProblems);
    into.set(idKey(manifest.id), {
      manifest,
      snapshot: { id: manifest.id, file: manifest.file, line: manifest.line, content }
    });
  }
}
async function findCandidateFiles(git2, rev, names, alreadyRead, wanted, signal) {
  const pathspecs = globsToPathspecs(wanted.globs) ?? [];
  if (names.length === 0) return [];
  const hits = await git2.grepFiles(rev, names, pathspecs, signal);
  return hits.filter((path) => !alreadyRead.has(path) && wanted(path));
}
function earlyCandidateSearch(git2, rev, baseFiles, alreadyRead, wanted, options) {
  const names = new Set(
    withTemplateRefs(
      [...baseFiles.values()].flatMap((bytes) => configNamesInText(bytes.toString("utf8"))).filter((name) => name !== "" && !name.includes("\n"))
    )
  );
  if (names.size === 0) return void 0;
  const parsed = /* @__PURE__ */ new Map();
  const hits = git2.grepAndReadFiles(rev, [...names], globsToPathspecs(wanted.globs) ?? [], {
    read: (path) => !alreadyRead.has(path) && wanted(path),
    maxBytes: options.maxFileSize,
    onFile(path, file) {
      const problems = [];
      if ("oversized" in file) {
        problems.push(oversizedCandidateProblem(path, file.oversized, options.maxFileSize));
        return void parsed.set(path, { manifests: [], problems });
      }
      const result = parseManifests(path, file.bytes, { defaultNamespace: options.defaultNamespace });
      parsed.set(path, result);
    }
  });
  hits.catch(() => {
  });
  return { names, hits, parsed };
}
async function readCandidates(git2, rev, names, early, ctx) {
  if (early === void 0) {
    const candidates2 = await findCandidateFiles(git2, rev, names, ctx.alreadyRead, ctx.wanted);
    return readManifests(git2, rev, candidates2, ctx.options, ctx.problems);
  }
  const missed = names.filter((name) => !early.names.has(name));
  const [guessed, more] = await Promise.all([
    early.hits,
    findCandidateFiles(git2, rev, missed, ctx.alreadyRead, ctx.wanted)
  ]);
  const candidates = [
    .../* @__PURE__ */ new Set([...guessed.filter((path) => !ctx.alreadyRead.has(path) && ctx.wanted(path)), ...more])
  ].sort();
  const unread = candidates.filter((path) => !early.parsed.has(path));
  const lateProblems = [];
  const late = unread.length > 0 ? await readManifests(git2, rev, unread, ctx.options, lateProblems) : [];
  for (const path of unread) early.parsed.set(path, { manifests: [], problems: [] });
  for (const m of late) early.parsed.get(m.file)?.manifests.push(m);
  for (const p of lateProblems) early.parsed.get(p.file)?.problems.push(p);
  const manifests = [];
  for (const path of candidates) {
    const result = early.parsed.get(path);
    manifests.push(...result?.manifests ?? []);
    ctx.problems.push(...result?.problems ?? []);
  }
  return manifests;
}
async function readBytes(git2, rev, paths, options, oversized) {
  if (paths.length === 0) return /* @__PURE__ */ new Map();
  const read = await git2.readFilesUpTo(rev, paths, options.maxFileSize);
  for (const [path, size] of read.oversized) oversized.set(path, size);
  return read.files;
}
async function readManifests(git2, rev, paths, options, problems) {
  const oversized = /* @__PURE__ */ new Map();
  const files = await readBytes(git2, rev, paths, options, oversized);
  for (const [path, size] of oversized)
    problems.push(oversizedCandidateProblem(path, size, options.maxFileSize));
  return parseFiles(paths, files, options, problems);
}
function oversizedCandidateProblem(path, size, maxFileSize) {
  return {
    file: path,
    line: 1,
    col: 1,
    severity: "warning",
    message: `not read: ${size} bytes is over --max-file-size ${maxFileSize} (a consumer defined there is not seen)`
  };
}
async function parseFiles(paths, files, options, problems) {
  const manifests = [];
  for (const path of paths) {
    await new Promise((resolve3) => setImmediate(resolve3));
    const bytes = files.get(path);
    if (bytes === void 0) continue;
    const parsed = parseManifests(path, bytes, { defaultNamespace: options.defaultNamespace });
    manifests.push(...parsed.manifests);
    problems.push(...parsed.problems);
  }
  return manifests;
}

// src/core/restart-patch.ts
var CONFIG_HASH_ANNOTATION = "config-rollout.io/config-hash";
var SPEC_TEMPLATE = ["spec", "template"];
function annotationPatch(hash, templatePath = SPEC_TEMPLATE) {
  return nest(templatePath, { metadata: { annotations: { [CONFIG_HASH_ANNOTATION]: hash } } });
}
var ENV_NAME = /^[-._a-zA-Z][-._a-zA-Z0-9]*$/;
function envPatch(podSpec, varName, value) {
  if (!ENV_NAME.test(varName)) {
    throw new UserError(
      `env var name "${varName}" is not valid: use letters, digits, '_', '-' or '.', not starting with a digit`
    );
  }
  const containers = arrayField(podSpec, "containers");
  if (containers.length === 0) throw new UserError("the pod template has no containers to set an env var on");
  const entries = containers.map((container) => {
    const name = stringField(container, "name");
    if (!name) throw new UserError("a container of the pod template has no name");
    const existing = arrayField(container, "env").find((e) => field(e, "name") === varName);
    if (existing !== void 0 && field(existing, "valueFrom") !== void 0) {
      throw new UserError(
        `container "${name}" already takes env var ${varName} from valueFrom: choose another --env-name`
      );
    }
    return { name, env: [{ name: varName, value }] };
  });
  return { spec: { template: { spec: { containers: entries } } } };
}
function envMergePatch(live, templatePath, varName, value) {
  const template = templateOf(live, templatePath);
  const entries = envPatch(field(template, "spec"), varName, value);
  const wanted = new Map(
    arrayField(field(field(field(entries, "spec"), "template"), "spec"), "containers").map((c) => [
      stringField(c, "name"),
      c
    ])
  );
  const containers = arrayField(field(template, "spec"), "containers").map((container) => {
    const env = arrayField(container, "env").filter((e) => field(e, "name") !== varName);
    const added = arrayField(wanted.get(stringField(container, "name")), "env");
    return { ...container, env: [...env, ...added] };
  });
  const resourceVersion = stringField(field(live, "metadata"), "resourceVersion");
  return {
    ...resourceVersion ? { metadata: { resourceVersion } } : {},
    ...nest(templatePath, { spec: { containers } })
  };
}
function currentHash(obj, templatePath = SPEC_TEMPLATE) {
  const annotations = field(field(templateOf(obj, templatePath), "metadata"), "annotations");
  return stringField(annotations, CONFIG_HASH_ANNOTATION);
}
function templateOf(obj, templatePath = SPEC_TEMPLATE) {
  let template = obj;
  for (const step of templatePath) template = field(template, step);
  return isRecord(template) ? template : void 0;
}
function nest(path, value) {
  return path.reduceRight((inner, step) => ({ [step]: inner }), value);
}

// src/pipeline/strategy/annotation-strategy.ts
function annotationStep(hashFor) {
  return (id, live, kind) => {
    const hash = hashFor(id);
    if (!hash) throw new RolloutFailure("no config hash was computed for it: not restarted");
    if (currentHash(live, kind.templatePath) === hash) {
      return { unchanged: `pod template already has ${CONFIG_HASH_ANNOTATION}=${hash}` };
    }
    const type = "patch" in kind.restart ? kind.restart.patch : "strategic-merge";
    return {
      patch: annotationPatch(hash, kind.templatePath),
      type,
      describe: `${CONFIG_HASH_ANNOTATION}=${hash}`
    };
  };
}
function createAnnotationStrategy(hashKey) {
  let hashes = /* @__PURE__ */ new Map();
  return {
    name: "annotation",
    needsLiveConfigs: true,
    async prepare(context) {
      const { workloads, manifests, cluster } = context;
      const consumed = workloads.flatMap((w) => consumedBy(w, manifests));
      const headConfigs = await readConfigsAt(
        context.git,
        context.head,
        consumed,
        context.headConfigs,
        context.scanOptions,
        context.ownedPaths
      );
      hashes = await computeRestartHashes(
        workloads,
        manifests,
        headConfigs,
        context.liveConfigs,
        cluster,
        hashKey
      );
    },
    patchFor: annotationStep((id) => hashes.get(idKey(id)))
  };
}

// src/pipeline/strategy/env-strategy.ts
function createEnvStrategy(envName, now) {
  return {
    name: "env",
    needsLiveConfigs: true,
    prepare: async () => {
    },
    patchFor(_id, live, kind) {
      const value = String(Math.floor(now() / 1e3));
      const type = "patch" in kind.restart ? kind.restart.patch : "strategic-merge";
      const patch = type === "strategic-merge" ? envPatch(podSpecOf(live, kind.templatePath), envName, value) : envMergePatch(live, kind.templatePath, envName, value);
      return { patch, type, describe: `${envName}=${value}` };
    }
  };
}
function podSpecOf(live, templatePath) {
  let template = live;
  for (const step of templatePath) template = template?.[step];
  return template?.spec;
}

// src/core/versioned/config-copy.ts
import { createHash as createHash3, createHmac as createHmac2 } from "node:crypto";
var SOURCE_LABEL = "config-rollout.io/source";
var MANAGED_LABEL = "config-rollout.io/managed";
var SOURCE_COMMIT_ANNOTATION = "config-rollout.io/source-commit";
var SUFFIX_LENGTH = 10;
var MAX_NAME_LENGTH = 253;
function copiesSelector(sourceName) {
  return `${SOURCE_LABEL}=${sourceName},${MANAGED_LABEL}=true`;
}
function copyHash(kind, content, type, key) {
  const payload = canonicalJson({ kind, type: type ?? null, content });
  const hash = key === void 0 ? createHash3("sha256") : createHmac2("sha256", key);
  return hash.update(payload, "utf8").digest("hex").slice(0, SUFFIX_LENGTH);
}
function copyName(sourceName, hash) {
  const name = `${sourceName}-${hash}`;
  if (name.length > MAX_NAME_LENGTH) {
    throw new UserError(
      `${sourceName}: a versioned copy would be named ${name.length} characters long (limit ${MAX_NAME_LENGTH}); shorten the config's name`
    );
  }
  return name;
}
function configCopy(source2, commit, key) {
  const { id, object, content } = source2;
  const type = id.kind === "Secret" ? stringField(object, "type") ?? "Opaque" : void 0;
  const name = copyName(id.name, copyHash(id.kind, content, type, key));
  const body = {
    apiVersion: "v1",
    kind: id.kind,
    metadata: {
      name,
      namespace: id.namespace,
      labels: { [SOURCE_LABEL]: id.name, [MANAGED_LABEL]: "true" },
      annotations: { [SOURCE_COMMIT_ANNOTATION]: commit }
    },
    immutable: true,
    ...id.kind === "Secret" ? { type, data: { ...content } } : configMapData(object, content)
  };
  return { source: id, name, body };
}
function configMapData(object, content) {
  const binaryKeys = new Set(
    isRecord(field(object, "binaryData")) ? Object.keys(field(object, "binaryData")) : []
  );
  const data = {};
  const binaryData = {};
  for (const [key, base64] of Object.entries(content)) {
    if (binaryKeys.has(key)) binaryData[key] = base64;
    else data[key] = Buffer.from(base64, "base64").toString("utf8");
  }
  return {
    ...Object.keys(data).length > 0 ? { data } : {},
    ...Object.keys(binaryData).length > 0 ? { binaryData } : {}
  };
}
function isManagedCopy(obj) {
  const labels = field(field(obj, "metadata"), "labels");
  return stringField(labels, MANAGED_LABEL) === "true" && typeof stringField(labels, SOURCE_LABEL) === "string";
}

// src/core/versioned/repoint.ts
var CONTAINER_LISTS2 = ["initContainers", "containers", "ephemeralContainers"];
function referenceSites(podSpec) {
  return repoint(podSpec, () => void 0, true).sites;
}
function repointPodSpec(podSpec, rename) {
  const { spec, located } = repoint(podSpec, rename, false);
  return { spec, located, changes: located.map(({ placement: _p, ...change }) => change) };
}
function repoint(podSpec, rename, collect) {
  const spec = structuredClone(isRecord(podSpec) ? podSpec : {});
  const located = [];
  const sites = [];
  const visit = (holder, key, configKind, path, placement) => {
    if (!isRecord(holder)) return;
    const name = stringField(holder, key);
    if (!name) return;
    const site = { path, configKind, name };
    if (collect) sites.push(site);
    const to = rename(site);
    if (to === void 0 || to === name) return;
    holder[key] = to;
    located.push({ ...site, to, placement });
  };
  arrayField(spec, "volumes").forEach((volume, index) => {
    const volumeName = stringField(volume, "name");
    const at = `volumes[${volumeName ?? index}]`;
    const place = (part) => ({ list: "volumes", item: volumeName ?? "", part });
    visit(field(volume, "configMap"), "name", "ConfigMap", `${at}.configMap`, place("configMap"));
    visit(field(volume, "secret"), "secretName", "Secret", `${at}.secret`, place("secret"));
    arrayField(field(volume, "projected"), "sources").forEach((source2, i) => {
      const sourceAt = `${at}.sources[${i}]`;
      visit(field(source2, "configMap"), "name", "ConfigMap", `${sourceAt}.configMap`, place("projected"));
      visit(field(source2, "secret"), "name", "Secret", `${sourceAt}.secret`, place("projected"));
    });
  });
  for (const list of CONTAINER_LISTS2) {
    arrayField(spec, list).forEach((container, index) => {
      const containerName = stringField(container, "name");
      const at = `${list}[${containerName ?? index}]`;
      const place = (part, envName) => ({
        list,
        item: containerName ?? "",
        part,
        ...envName === void 0 ? {} : { envName }
      });
      arrayField(container, "envFrom").forEach((envFrom, i) => {
        visit(
          field(envFrom, "configMapRef"),
          "name",
          "ConfigMap",
          `${at}.envFrom[${i}].configMapRef`,
          place("envFrom")
        );
        visit(
          field(envFrom, "secretRef"),
          "name",
          "Secret",
          `${at}.envFrom[${i}].secretRef`,
          place("envFrom")
        );
      });
      arrayField(container, "env").forEach((env, i) => {
        const envName = stringField(env, "name");
        const envAt = `${at}.env[${envName ?? i}]`;
        const valueFrom = field(env, "valueFrom");
        visit(
          field(valueFrom, "configMapKeyRef"),
          "name",
          "ConfigMap",
          `${envAt}.configMapKeyRef`,
          place("env", envName)
        );
        visit(
          field(valueFrom, "secretKeyRef"),
          "name",
          "Secret",
          `${envAt}.secretKeyRef`,
          place("env", envName)
        );
      });
    });
  }
  return { spec, located, sites };
}
function repointStrategicPatch(repointed, templatePath) {
  const spec = {};
  const items = /* @__PURE__ */ new Map();
  const entry = (list, name) => {
    if (name === "")
      throw new UserError(`an entry of ${list} has no name: its references cannot be repointed`);
    const key = `${list}/${name}`;
    let item = items.get(key);
    if (!item) {
      item = { name };
      items.set(key, item);
      spec[list] = [...spec[list] ?? [], item];
    }
    return item;
  };
  for (const { placement, to } of repointed.located) {
    const item = entry(placement.list, placement.item);
    const source2 = findItem(repointed.spec, placement.list, placement.item);
    switch (placement.part) {
      case "configMap":
        item.configMap = { name: to };
        break;
      case "secret":
        item.secret = { secretName: to };
        break;
      case "projected":
        item.projected = { sources: arrayField(field(source2, "projected"), "sources") };
        break;
      case "envFrom":
        item.envFrom = arrayField(source2, "envFrom");
        break;
      case "env": {
        const env = arrayField(source2, "env").find((e) => stringField(e, "name") === placement.envName);
        if (placement.envName === void 0 || !env)
          throw new UserError(
            `an env var of ${placement.list}[${placement.item}] has no name: it cannot be repointed`
          );
        const envList = (item.env ?? []).filter((e) => e.name !== placement.envName);
        item.env = [...envList, { name: placement.envName, valueFrom: field(env, "valueFrom") }];
        break;
      }
    }
  }
  return nest2(templatePath, { spec });
}
function repointMergePatch(repointed, live, templatePath) {
  const lists = new Set(repointed.located.map((l) => l.placement.list));
  const spec = {};
  for (const list of lists) spec[list] = repointed.spec[list];
  const resourceVersion = stringField(field(live, "metadata"), "resourceVersion");
  return { ...resourceVersion ? { metadata: { resourceVersion } } : {}, ...nest2(templatePath, { spec }) };
}
function podSpecAt(obj, templatePath) {
  let template = obj;
  for (const step of templatePath) template = field(template, step);
  return field(template, "spec");
}
function withPodSpec(obj, templatePath, spec) {
  const copy = structuredClone(obj);
  let template = copy;
  for (const step of templatePath) template = field(template, step);
  if (isRecord(template)) template.spec = spec;
  return copy;
}
function findItem(spec, list, name) {
  return arrayField(spec, list).find((item) => stringField(item, "name") === name);
}
function nest2(path, value) {
  return path.reduceRight((inner, step) => ({ [step]: inner }), value);
}

// src/core/versioned/prunable-copies.ts
function podSpecOfHolder(obj) {
  if (field(obj, "kind") === "ControllerRevision") {
    return field(field(field(field(obj, "data"), "spec"), "template"), "spec");
  }
  return podTemplateOf(obj)?.spec;
}
function referencedConfigs(holders) {
  const names = /* @__PURE__ */ new Set();
  for (const holder of holders) {
    for (const site of referenceSites(podSpecOfHolder(holder))) names.add(`${site.configKind}/${site.name}`);
  }
  return names;
}
function choosePrunable(copies, kind, referenced, keep) {
  const managed = copies.filter(isManagedCopy);
  const newestFirst = [...managed].sort((a, b) => {
    const byTime = compareStrings(createdAt(b), createdAt(a));
    return byTime !== 0 ? byTime : compareStrings(nameOf(a), nameOf(b));
  });
  const remove = [];
  const kept = [];
  newestFirst.forEach((copy, index) => {
    const name = nameOf(copy);
    if (referenced.has(`${kind}/${name}`)) kept.push({ name, why: "referenced" });
    else if (index < keep) kept.push({ name, why: "newest" });
    else remove.push(copy);
  });
  return { remove, kept };
}
function nameOf(obj) {
  return stringField(field(obj, "metadata"), "name") ?? "";
}
function createdAt(obj) {
  return stringField(field(obj, "metadata"), "creationTimestamp") ?? "";
}

// src/pipeline/strategy/versioned-strategy.ts
function createVersionedStrategy(settings) {
  const serverDryRun = settings.dryRun === "server";
  const copies = /* @__PURE__ */ new Map();
  const renameTo = /* @__PURE__ */ new Map();
  const repointings = /* @__PURE__ */ new Map();
  const stepFor = (live, kind, repointed) => {
    const type = "patch" in kind.restart ? kind.restart.patch : "strategic-merge";
    const patch = type === "strategic-merge" ? repointStrategicPatch(repointed, kind.templatePath) : repointMergePatch(repointed, live, kind.templatePath);
    return { patch, type, describe: describeChanges(repointed.changes) };
  };
  return {
    name: "versioned",
    needsLiveConfigs: false,
    planNotes(context) {
      const lines = plannedSources(context).map(({ source: source2, consumers }) => {
        const { id } = source2;
        const name = id.kind === "Secret" && !settings.hashKey ? `${id.name}-<hash keyed with the Secret's UID>` : configCopy(source2, context.head, settings.hashKey ? Buffer.from(settings.hashKey) : void 0).name;
        return `would copy ${id.kind.toLowerCase()}/${id.name} at ${context.head.slice(0, 12)} to ${name} (namespace ${id.namespace}) and repoint ${consumers.join(", ")} to it`;
      });
      if (settings.prune && lines.length > 0) {
        lines.push("pruning reads the cluster: --dry-run=server shows which old copies would be deleted");
      }
      return lines;
    },
    async prepare(context) {
      const { cluster, log } = context;
      const toCreate = [];
      const planned = plannedSources(context);
      const managed = /* @__PURE__ */ new Map();
      const managedCopies = (namespace, kind) => {
        const key = `${kind}/${namespace}`;
        let listed = managed.get(key);
        if (!listed) {
          listed = cluster.listObjects(namespace, "v1", kind, `${MANAGED_LABEL}=true`);
          managed.set(key, listed);
        }
        return listed;
      };
      const checked = await runLimited(planned, settings.concurrency ?? 8, async (p) => {
        const key = await hashKeyFor(p.source, settings.hashKey, cluster);
        const copy = configCopy(p.source, context.head, key);
        const { kind, namespace, name } = copy.source;
        const [existing, copiesInNamespace] = await Promise.all([
          // By name, whatever its labels: the name may be taken by an object that is not a copy.
          cluster.readObject({ apiVersion: "v1", kind, namespace, name: copy.name }),
          managedCopies(namespace, kind)
        ]);
        const older = copiesInNamespace.filter((c) => sourceLabelOf(c) === name && isManagedCopy(c));
        return { copy, head: p.head, existing, older };
      });
      for (const { copy, head, existing, older } of checked) {
        const { source: source2 } = copy;
        const sourceKey = idKey(source2);
        const where = `${source2.kind.toLowerCase()}/${copy.name} (namespace ${source2.namespace})`;
        if (existing && !isManagedCopy(existing)) {
          throw new UserError(
            `${where} exists and is not a config-rollout copy (no config-rollout.io/managed label): refusing to overwrite it`
          );
        }
        if (existing && changedKeys(liveConfigContent({ ...existing, kind: source2.kind }), head.snapshot.content).length > 0) {
          throw new UserError(
            `${where} exists with other content than ${formatId(source2)} at ${context.head}: refusing to use it`
          );
        }
        if (!existing) toCreate.push(copy);
        else log.info(`${where} already exists: reused`);
        const olderNames = new Set(older.map(nameOf2).filter((n) => n !== copy.name));
        copies.set(sourceKey, { copy, older: olderNames });
        renameTo.set(sourceKey, copy.name);
        for (const name of olderNames) renameTo.set(idKey({ ...source2, name }), copy.name);
      }
      if (toCreate.length > 0) {
        const workloadKinds = context.workloads.flatMap((w) => {
          const kind = workloadKind(w.id.kind);
          return kind ? [{ id: w.id, kind }] : [];
        });
        await checkPermissions(
          cluster,
          [
            ...toCreate.flatMap(
              (copy) => ["create", "patch"].map((verb) => ({
                ...configWrite(copy.source),
                verb
              }))
            ),
            ...patchWrites(workloadKinds)
          ],
          log,
          settings.concurrency
        );
      }
      for (const copy of toCreate) {
        await cluster.applyConfig(copy.body, serverDryRun, copy.source.namespace);
        log.info(
          `${serverDryRun ? "server dry run accepted" : "created"} ${copy.source.kind.toLowerCase()}/${copy.name} (namespace ${copy.source.namespace}), an immutable copy of ${copy.source.name} at ${context.head.slice(0, 12)}`
        );
      }
    },
    async planningView(workloads, cluster) {
      const sourceOf = /* @__PURE__ */ new Map();
      for (const namespace of new Set(workloads.map((w) => w.id.namespace))) {
        for (const kind of ["ConfigMap", "Secret"]) {
          for (const copy of await cluster.listObjects(namespace, "v1", kind, `${MANAGED_LABEL}=true`)) {
            const source2 = sourceLabelOf(copy);
            if (isManagedCopy(copy) && source2)
              sourceOf.set(idKey({ kind, namespace, name: nameOf2(copy) }), source2);
          }
        }
      }
      if (sourceOf.size === 0) return workloads;
      return workloads.map((manifest) => {
        const kind = workloadKindOf(manifest.object);
        if (!kind) return manifest;
        const { namespace } = manifest.id;
        const asSources = repointPodSpec(
          podSpecAt(manifest.object, kind.templatePath),
          (site) => sourceOf.get(idKey({ kind: site.configKind, namespace, name: site.name }))
        );
        if (asSources.changes.length === 0) return manifest;
        return { ...manifest, object: withPodSpec(manifest.object, kind.templatePath, asSources.spec) };
      });
    },
    patchFor(id, live, kind) {
      const rename = (site) => renameTo.get(idKey({ kind: site.configKind, namespace: id.namespace, name: site.name }));
      const repointed = repointPodSpec(podSpecAt(live, kind.templatePath), rename);
      if (repointed.changes.length === 0) {
        const wanted = new Set(
          [...copies.values()].filter((c) => c.copy.source.namespace === id.namespace).map((c) => `${c.copy.source.kind}/${c.copy.name}`)
        );
        const named = [
          ...new Set(
            referenceSites(podSpecAt(live, kind.templatePath)).filter((site) => wanted.has(`${site.configKind}/${site.name}`)).map((site) => site.name)
          )
        ];
        return {
          unchanged: named.length > 0 ? `pod template already names ${named.join(", ")}` : "its live pod template names none of the changed configs: nothing to repoint"
        };
      }
      repointings.set(idKey(id), { changes: repointed.changes });
      return stepFor(live, kind, repointed);
    },
    async afterWait(results, context) {
      const notes = [];
      for (const result of results) {
        const repointing = repointings.get(idKey(result.id));
        if (repointing && result.restart !== "failed" && result.rollout !== void 0) {
          result.message = `repointed ${describeChanges(repointing.changes)}; ${result.message}`;
        }
      }
      const rolledBack = settings.rollback ? await rollBack(results, context, repointings, stepFor) : results;
      if (!settings.rollback) {
        for (const r of results) {
          if (isFailure(r) && repointings.has(idKey(r.id)))
            r.message += "; --no-rollback: left on the new copy";
        }
      }
      if (settings.prune && !rolledBack.some(isFailure)) {
        notes.push(...await prune(context.cluster, [...copies.values()], settings, context.log));
      }
      return { results: rolledBack, notes };
    }
  };
}
function plannedSources(context) {
  const sources = /* @__PURE__ */ new Map();
  for (const workload of context.workloads) {
    for (const ref of workload.references) {
      const entry = sources.get(idKey(ref.config)) ?? { id: ref.config, consumers: [] };
      const consumer = `${workload.id.kind.toLowerCase()}/${workload.id.name}`;
      if (!entry.consumers.includes(consumer)) entry.consumers.push(consumer);
      sources.set(idKey(ref.config), entry);
    }
  }
  return [...sources].flatMap(([sourceKey, { id, consumers }]) => {
    const head = context.headConfigs.get(sourceKey);
    if (!head) return [];
    const source2 = {
      id: { ...id, kind: id.kind },
      object: head.manifest.object,
      content: head.snapshot.content
    };
    return [{ source: source2, head, consumers }];
  });
}
async function hashKeyFor(source2, hashKey, cluster) {
  if (hashKey) return Buffer.from(hashKey);
  if (source2.id.kind !== "Secret") return void 0;
  const live = await cluster.readConfig(source2.id);
  if (!live?.uid) {
    throw new UserError(
      `${formatId(source2.id)} is not on the cluster, so its copy's name cannot be keyed with its UID: set --hash-key (the same on every cluster that should share copy names)`
    );
  }
  return Buffer.from(live.uid);
}
async function rollBack(results, context, repointings, stepFor) {
  const failed = results.filter(
    (r) => r.restart === "restarted" && (r.rollout === "failed" || r.rollout === "timeout") && repointings.has(idKey(r.id))
  );
  if (failed.length === 0) return results;
  const { cluster, log } = context;
  return log.group("Roll back failed workloads to their previous config", async () => {
    const restarted = await restartWorkloads(
      failed.map((r) => ({ id: r.id })),
      cluster,
      {
        strategy: {
          patchFor(id, live, kind) {
            const changes = repointings.get(idKey(id))?.changes ?? [];
            const back = (site) => changes.find((c) => c.path === site.path && c.to === site.name)?.name;
            const repointed = repointPodSpec(podSpecAt(live, kind.templatePath), back);
            if (repointed.changes.length === 0)
              return { unchanged: "its pod template no longer names the new copies" };
            return stepFor(live, kind, repointed);
          }
        },
        now: context.now,
        dryRun: false,
        log
      }
    );
    const waited = await waitForRollouts(
      cluster,
      restarted.filter((r) => r.result === "restarted").map(waitTargetOf),
      { timeoutMs: context.timeoutMs, onProgress: logProgress(log) }
    );
    for (const result of failed) {
      const changes = repointings.get(idKey(result.id))?.changes ?? [];
      const back = restarted.find((r) => idKey(r.id) === idKey(result.id));
      const rollout = waited.find((w) => idKey(w.id) === idKey(result.id));
      const names = describeChanges(changes.map((c) => ({ ...c, name: c.to, to: c.name })));
      const verdict = back?.result !== "restarted" ? `rollback not applied: ${back?.message ?? "no result"}` : rollout?.result === "done" ? `rolled back (${names}); the rollback rolled out` : `rolled back (${names}); the rollback rollout ${rollout?.result ?? "was not followed"}: ${rollout?.message ?? ""}`;
      result.message = `${result.message}; ${verdict}`;
      log.warn(`${formatId(result.id)}: rollout of the new config failed; ${verdict}`);
    }
    return results;
  });
}
async function prune(cluster, sources, settings, log) {
  const notes = [];
  const dryRun = settings.dryRun === "server";
  const referencedIn = /* @__PURE__ */ new Map();
  const referenced = (namespace) => {
    let names = referencedIn.get(namespace);
    if (!names) {
      names = readReferencingObjects(cluster, namespace).then(referencedConfigs);
      referencedIn.set(namespace, names);
    }
    return names;
  };
  await log.group("Prune unreferenced config copies", async () => {
    for (const { copy } of sources) {
      const { source: source2 } = copy;
      try {
        const listed = await cluster.listObjects(
          source2.namespace,
          "v1",
          source2.kind,
          copiesSelector(source2.name)
        );
        const inUse = /* @__PURE__ */ new Set([...await referenced(source2.namespace), `${source2.kind}/${copy.name}`]);
        const decision = choosePrunable(listed, source2.kind, inUse, settings.keep);
        for (const obj of decision.remove) {
          const name = nameOf2(obj);
          await cluster.deleteObject(
            { apiVersion: "v1", kind: source2.kind, namespace: source2.namespace, name },
            dryRun
          );
          const line = `${dryRun ? "would delete (server dry run)" : "deleted"} ${source2.kind.toLowerCase()}/${name} (namespace ${source2.namespace}): an old copy of ${source2.name} that no workload, ReplicaSet, ControllerRevision or Pod names`;
          log.info(line);
          notes.push(line);
        }
      } catch (error) {
        if (!isExpectedError(error)) throw error;
        const line = `could not prune the copies of ${formatId(source2)}: ${error.message}`;
        log.warn(line);
        notes.push(line);
      }
    }
  });
  return notes;
}
async function readReferencingObjects(cluster, namespace) {
  const lists = await Promise.all([
    ...WORKLOAD_KINDS.map(
      async (kind) => kind.customResource && !await cluster.serves(kind.kind) ? [] : cluster.listWorkloads(namespace, kind.kind)
    ),
    cluster.listObjects(namespace, "apps/v1", "ControllerRevision")
  ]);
  return lists.flat();
}
function describeChanges(changes) {
  const distinct = new Set(changes.map((c) => `${c.configKind.toLowerCase()} ${c.name} \u2192 ${c.to}`));
  return [...distinct].join(", ");
}
function sourceLabelOf(obj) {
  const labels = obj.metadata?.labels;
  const source2 = labels?.[SOURCE_LABEL];
  return typeof source2 === "string" ? source2 : void 0;
}
function nameOf2(obj) {
  return String(obj.metadata?.name ?? "");
}

// src/pipeline/strategy/restart-strategy.ts
function chooseRestartStrategy(settings, now) {
  switch (settings.strategy) {
    case "annotation":
      return createAnnotationStrategy(settings.hashKey);
    case "env":
      return createEnvStrategy(settings.envName, now);
    case "versioned":
      return createVersionedStrategy(settings);
  }
}

// src/kube/read-live-configs.ts
async function readLiveConfigs(cluster, ids, concurrency = 8) {
  const live = /* @__PURE__ */ new Map();
  const configMapsByNamespace = /* @__PURE__ */ new Map();
  const singles = [];
  for (const id of ids) {
    if (id.kind !== "ConfigMap") {
      singles.push(id);
      continue;
    }
    const group = configMapsByNamespace.get(id.namespace) ?? [];
    group.push(id);
    configMapsByNamespace.set(id.namespace, group);
  }
  const lists = [];
  for (const [namespace, group] of configMapsByNamespace) {
    if (group.length > 1) lists.push([namespace, group]);
    else singles.push(...group);
  }
  const tasks = [
    ...lists.map(([namespace, group]) => async () => {
      const byName = await cluster.listConfigMaps(namespace);
      for (const id of group) live.set(idKey(id), byName.get(id.name));
    }),
    ...singles.map((id) => async () => {
      live.set(idKey(id), await cluster.readConfig(id));
    })
  ];
  await runLimited(tasks, concurrency, (task) => task());
  return live;
}

// src/pipeline/sync-configs.ts
async function syncConfigs(cluster, configs, options, log) {
  const live = /* @__PURE__ */ new Map();
  const stillDifferent = async (candidates) => {
    const current = await readLiveConfigs(
      cluster,
      candidates.map((c) => c.snapshot.id),
      options.concurrency
    );
    return candidates.filter(({ snapshot }) => {
      const found = current.get(idKey(snapshot.id));
      if (!found || changedKeys(found.content, snapshot.content).length > 0) return true;
      live.set(idKey(snapshot.id), found);
      return false;
    });
  };
  const pending = await stillDifferent(configs);
  if (pending.length === 0) return live;
  if (options.apply) {
    for (const { snapshot, manifest } of pending) {
      if (!manifest) throw new Error(`no manifest kept for ${formatId(snapshot.id)}`);
      log.info(
        `applying ${formatId(snapshot.id)} from ${snapshot.file}${options.dryRun ? " (server dry run)" : ""}`
      );
      await cluster.applyConfig(manifest.object, options.dryRun, snapshot.id.namespace);
    }
    return live;
  }
  const sleep = options.sleep ?? ((ms) => new Promise((resolve3) => setTimeout(resolve3, ms)));
  const deadline = Date.now() + options.timeoutMs;
  let waiting = pending;
  log.info(
    `waiting up to ${Math.round(options.timeoutMs / 1e3)}s for the cluster to hold the committed content of ${waiting.map((c) => formatId(c.snapshot.id)).join(", ")}`
  );
  while (waiting.length > 0) {
    await sleep(options.pollMs ?? 1e3);
    waiting = await stillDifferent(waiting);
    if (waiting.length === 0) break;
    if (Date.now() >= deadline) {
      const names = waiting.map((c) => `${formatId(c.snapshot.id)} from ${c.snapshot.file}`).join(", ");
      throw new RolloutFailure(
        `the cluster does not hold the committed content of ${names} after ${Math.round(options.timeoutMs / 1e3)}s; apply the manifests first or run with --apply. Nothing was restarted.`
      );
    }
  }
  return live;
}

// src/pipeline/run.ts
async function runConfigRollout(deps) {
  const { settings, git: git2, log } = deps;
  const now = deps.now ?? Date.now;
  const request = resolveRange(deps.range);
  const commits = await log.group("Resolve commits", () => resolveCommits(request, git2, { ci: deps.ci }));
  const emptyPlan = {
    base: commits.base ?? "",
    head: commits.head,
    rangeNote: commits.note,
    changes: [],
    workloads: [],
    problems: [],
    warnings: []
  };
  if (!commits.base) {
    log.info(commits.note);
    return { plan: emptyPlan, results: [], outcome: "nothing-to-do", dryRun: settings.dryRun };
  }
  const base = commits.base;
  const scanOptions = {
    paths: settings.paths,
    exclude: settings.exclude,
    defaultNamespace: settings.namespace,
    maxFileSize: settings.maxFileSize,
    sources: {
      kustomize: settings.kustomize,
      ...settings.render !== void 0 ? { render: settings.render } : {},
      renderPaths: settings.renderPaths,
      secretVariables: OPTIONS.filter((o) => o.secret && o.env).map((o) => o.env),
      env: deps.env ?? process.env
    }
  };
  const scan = await log.group(
    "Find changed configs",
    () => scanRepository(git2, base, commits.head, scanOptions, log)
  );
  for (const problem of scan.problems) log.warn(problem.message, problem);
  const errors = scan.problems.filter((p) => p.severity === "error");
  if (settings.strict && errors.length > 0) {
    const first = errors[0];
    throw new UserError(
      `${errors.length} manifest problem(s) under --strict; first: ${first.file}:${first.line}:${first.col}: ${first.message}`
    );
  }
  const discover = settings.discover ?? (deps.clusterConfigured ? "both" : "repo");
  let cluster;
  const connectOnce = async () => {
    cluster ??= await deps.connect();
    if (!cluster) {
      throw new UserError(
        "no Kubernetes cluster configured: pass --kubeconfig, set KUBECONFIG or CONFIG_ROLLOUT_KUBECONFIG, or use --dry-run to only print the plan"
      );
    }
    return cluster;
  };
  const modified = scan.changes.filter((c) => c.status !== "deleted");
  const clusterWorkloads = discover !== "repo" && modified.length > 0 ? await log.group(
    "Discover consumers on the cluster",
    async () => discoverClusterWorkloads(
      await connectOnce(),
      [...new Set(modified.map((c) => c.id.namespace))],
      settings.concurrency
    )
  ) : [];
  const strategy = chooseRestartStrategy(settings, now);
  const plannedClusterWorkloads = strategy.planningView && clusterWorkloads.length > 0 ? await strategy.planningView(clusterWorkloads, await connectOnce()) : clusterWorkloads;
  const built = buildPlan({
    changes: scan.changes,
    workloads: scan.workloads,
    newWorkloadIds: scan.newWorkloadIds,
    clusterWorkloads: plannedClusterWorkloads,
    restartReloaderManaged: settings.restartReloaderManaged
  });
  for (const warning of built.warnings) log.warn(warning.message, warning);
  const planned = withWorkloadSources(
    markRollsOnApply(built.workloads, scan.baseWorkloads, scan.workloads, scan.changes),
    scan.workloads
  );
  const namespaceNote = assumedNamespaceNote(scan, planned, settings.namespace);
  if (namespaceNote) log.info(namespaceNote);
  const plan = {
    ...emptyPlan,
    changes: scan.changes,
    workloads: applyGuardRails(planned, settings),
    ...scan.sourceNotes.length > 0 ? { sources: scan.sourceNotes } : {},
    problems: scan.problems,
    warnings: [
      ...built.warnings.map((w) => `${w.file}:${w.line}: ${w.message}`),
      ...namespaceNote ? [namespaceNote] : []
    ]
  };
  const toRestart = plan.workloads.filter((w) => w.action === "restart");
  if (toRestart.length === 0 || settings.dryRun === "client") {
    const notes = toRestart.length > 0 ? strategy.planNotes?.({
      workloads: toRestart,
      headConfigs: scan.headConfigs,
      head: commits.head
    }) ?? [] : [];
    return {
      plan,
      results: [],
      outcome: outcomeOf(plan, [], settings.dryRun),
      dryRun: settings.dryRun,
      ...notes.length > 0 ? { notes } : {}
    };
  }
  const live = await connectOnce();
  const clusterInfo = { context: live.context, server: live.server };
  const manifests = new Map([...scan.workloads, ...clusterWorkloads].map((m) => [idKey(m.id), m]));
  const changedKeys2 = new Set(modified.map((c) => idKey(c.id)));
  const toCheck = [...new Set(toRestart.flatMap((w) => consumedBy(w, manifests)).map(idKey))].filter((key) => changedKeys2.has(key)).map((key) => scan.headConfigs.get(key)).filter((config) => config !== void 0);
  if (settings.apply && strategy.needsLiveConfigs) {
    await log.group(
      "Check permissions to apply configs",
      () => checkPermissions(
        live,
        toCheck.map((c) => configWrite(c.snapshot.id)),
        log,
        settings.concurrency
      )
    );
  }
  const prepareTitle = strategy.needsLiveConfigs ? "Check the cluster holds the committed configs" : "Copy the committed configs";
  await log.group(prepareTitle, async () => {
    const liveConfigs = strategy.needsLiveConfigs ? await syncConfigs(
      live,
      toCheck,
      {
        apply: settings.apply,
        dryRun: settings.dryRun === "server",
        timeoutMs: settings.configTimeoutMs,
        concurrency: settings.concurrency
      },
      log
    ) : /* @__PURE__ */ new Map();
    await strategy.prepare({
      workloads: toRestart,
      manifests,
      headConfigs: scan.headConfigs,
      liveConfigs,
      cluster: live,
      git: git2,
      head: commits.head,
      scanOptions,
      ownedPaths: scan.owned,
      log
    });
  });
  const waited = await restartAndWait(live, toRestart, { manifests, strategy, settings, log, now });
  const after = strategy.afterWait ? await strategy.afterWait(waited, { cluster: live, log, now, timeoutMs: settings.timeoutMs }) : { results: waited, notes: [] };
  const results = after.results;
  return {
    plan,
    results,
    ...after.notes.length > 0 ? { notes: after.notes } : {},
    outcome: outcomeOf(plan, results, settings.dryRun),
    cluster: clusterInfo,
    dryRun: settings.dryRun
  };
}
function withWorkloadSources(workloads, manifests) {
  const byKey = new Map(manifests.filter((m) => m.origin !== void 0).map((m) => [idKey(m.id), m]));
  return workloads.map((w) => {
    const m = w.source === "repo" ? byKey.get(idKey(w.id)) : void 0;
    if (m?.origin === void 0) return w;
    return {
      ...w,
      origin: m.origin,
      ...m.blamedFile && w.rollsOnApply ? { blamedFile: m.blamedFile } : {}
    };
  });
}

// src/compose/run-in-ci.ts
async function runInCi(settings, adapters) {
  const { env, git: git2, cluster, log } = adapters;
  return runConfigRollout({
    settings,
    range: await readCiEnvironment({ base: settings.base, head: settings.head }, env),
    ci: detectCiKind(env),
    git: git2,
    connect: cluster.connect,
    clusterConfigured: cluster.configured,
    log,
    env
  });
}

// src/git/create-git.ts
import { readFile as readFile2, stat } from "node:fs/promises";
import { resolve as resolve2 } from "node:path";

// src/git/cat-file-batch.ts
import { spawn as spawn4 } from "node:child_process";

// src/git/missing-object.ts
var MISSING_OBJECT = [
  /could not fetch ([0-9a-f]{40,64}) from promisor remote/,
  /missing (?:blob|tree|commit) object '?([0-9a-f]{40,64})/,
  /unable to read tree \(?([0-9a-f]{40,64})/,
  /bad object ([0-9a-f]{40,64})/,
  /unable to read ([0-9a-f]{40,64})/
];
function missingObjectError(stderr) {
  for (const pattern of MISSING_OBJECT) {
    const match = pattern.exec(stderr);
    if (!match) continue;
    return new UserError(
      `git object ${match[1]} is missing from this clone (a partial or shallow clone) and could not be fetched: fetch the commits to compare with their files (e.g. \`git fetch origin <base-sha> <head-sha>\` without --filter), or check out full history (actions/checkout: fetch-depth: 0; GitLab: GIT_DEPTH: 0)`
    );
  }
  return void 0;
}

// src/git/parse-cat-file-batch.ts
var HEADER = /^([0-9a-f]{40}|[0-9a-f]{64}) (\S+) (\d+)$/;
var LF = 10;
var CatFileBatchParser = class {
  /**
   * @param maxContentBytes content of larger objects is read past, never buffered: the entry comes
   *   without `content` (its size tells why), so one huge blob cannot fill the memory.
   */
  constructor(withContent, onEntry, maxContentBytes = Number.POSITIVE_INFINITY) {
    this.withContent = withContent;
    this.onEntry = onEntry;
    this.maxContentBytes = maxContentBytes;
  }
  withContent;
  onEntry;
  maxContentBytes;
  pending = Buffer.alloc(0);
  /** The object whose content is being collected, and the chunks received for it so far. */
  body;
  push(chunk) {
    let data = chunk;
    while (data.length > 0) {
      data = this.body ? this.takeBody(data) : this.takeHeader(data);
    }
  }
  /** Call at end of output: anything left over means git stopped mid-entry. */
  end() {
    if (this.body || this.pending.length > 0) {
      throw new Error("git cat-file output ended in the middle of an entry");
    }
  }
  takeHeader(data) {
    const joined = this.pending.length > 0 ? Buffer.concat([this.pending, data]) : data;
    const newline = joined.indexOf(LF);
    if (newline < 0) {
      this.pending = joined;
      return Buffer.alloc(0);
    }
    this.pending = Buffer.alloc(0);
    const line = joined.subarray(0, newline).toString("utf8");
    const rest = joined.subarray(newline + 1);
    const header = HEADER.exec(line);
    if (header) {
      const [, oid, type, size] = header;
      if (this.withContent) {
        const bytes = Number(size);
        this.body = { oid, type, size: bytes, chunks: [], received: 0, keep: bytes <= this.maxContentBytes };
      } else {
        this.onEntry({ kind: "object", oid, type, size: Number(size) });
      }
      return rest;
    }
    for (const kind of ["missing", "ambiguous"]) {
      if (line.endsWith(` ${kind}`)) {
        this.onEntry({ kind, name: line.slice(0, -kind.length - 1) });
        return rest;
      }
    }
    throw new Error(`unexpected git cat-file output line: ${JSON.stringify(line.slice(0, 200))}`);
  }
  takeBody(data) {
    const body = this.body;
    const needed = body.size + 1;
    if (!body.keep) {
      const take = Math.min(data.length, needed - body.received);
      body.received += take;
      if (body.received < needed) return Buffer.alloc(0);
      if (data[take - 1] !== LF)
        throw new Error(`git cat-file output for ${body.oid} is not followed by a newline`);
      this.body = void 0;
      this.onEntry({ kind: "object", oid: body.oid, type: body.type, size: body.size });
      return data.subarray(take);
    }
    body.chunks.push(data);
    body.received += data.length;
    if (body.received < needed) return Buffer.alloc(0);
    const all = body.chunks.length === 1 ? data : Buffer.concat(body.chunks, body.received);
    if (all[body.size] !== LF)
      throw new Error(`git cat-file output for ${body.oid} is not followed by a newline`);
    this.body = void 0;
    this.onEntry({
      kind: "object",
      oid: body.oid,
      type: body.type,
      size: body.size,
      content: all.subarray(0, body.size)
    });
    return all.subarray(needed);
  }
};

// src/git/spawn-git.ts
import { spawn as spawn3 } from "node:child_process";
var GIT_CONFIG = ["core.quotePath=false"];
var GitExitError = class extends Error {
  constructor(exitCode, stderr) {
    super(stderr.trim() || `git exited with code ${exitCode}`);
    this.exitCode = exitCode;
    this.stderr = stderr;
    this.name = "GitExitError";
  }
  exitCode;
  stderr;
};
function spawnGit(cwd, args, options = {}) {
  return new Promise((resolve3, reject) => {
    const child = spawn3("git", [...GIT_CONFIG.flatMap((c) => ["-c", c]), ...args], {
      cwd,
      stdio: ["ignore", "pipe", "pipe"],
      windowsHide: true,
      ...options.signal ? { signal: options.signal } : {}
    });
    const stdout = [];
    const stderr = [];
    let failed;
    const onStdout = options.onStdout ?? ((chunk) => stdout.push(chunk));
    child.stdout.on("data", (chunk) => {
      if (failed) return;
      try {
        onStdout(chunk);
      } catch (error) {
        failed = error;
        child.kill();
      }
    });
    child.stderr.on("data", (chunk) => stderr.push(chunk));
    child.on("error", (error) => {
      failed ??= error;
    });
    child.on("close", (code, signal) => {
      if (failed) return reject(failed);
      const exitCode = code ?? 128;
      if (exitCode === 0 || options.okExitCodes?.includes(exitCode)) {
        return resolve3({ exitCode, stdout: Buffer.concat(stdout) });
      }
      const text = Buffer.concat(stderr).toString("utf8");
      reject(new GitExitError(exitCode, signal ? `${text}
(git was killed by ${signal})`.trim() : text));
    });
  });
}

// src/git/cat-file-batch.ts
function startCatFileBatch(root, mode, onEntry, options = {}) {
  const asked = [];
  let answered = 0;
  const parser = new CatFileBatchParser(
    mode === "contents",
    (entry) => onEntry(entry, asked[answered++] ?? ""),
    options.maxContentBytes
  );
  const args = [
    ...GIT_CONFIG.flatMap((c) => ["-c", c]),
    "cat-file",
    mode === "contents" ? "--batch" : "--batch-check",
    ...options.streaming ? [] : ["--buffer"]
  ];
  const child = spawn4("git", args, { cwd: root, stdio: ["pipe", "pipe", "pipe"], windowsHide: true });
  const stderr = [];
  let failed;
  child.stdout.on("data", (chunk) => {
    if (failed) return;
    try {
      parser.push(chunk);
    } catch (error) {
      failed = error;
      child.kill();
    }
  });
  child.stderr.on("data", (chunk) => stderr.push(chunk));
  child.stdin.on("error", () => {
  });
  child.on("error", (error) => {
    failed ??= error;
  });
  const closed = new Promise((resolve3, reject) => {
    child.on("close", (code) => {
      if (!failed && code !== 0) {
        const text = Buffer.concat(stderr).toString("utf8").trim();
        failed = missingObjectError(text) ?? new Error(`git cat-file --batch failed (exit ${code}): ${text}`);
      }
      if (!failed) {
        try {
          parser.end();
          if (answered !== asked.length) {
            throw new Error(`git cat-file answered ${answered} of ${asked.length} lookups`);
          }
        } catch (error) {
          failed = error;
        }
      }
      if (failed) reject(failed);
      else resolve3();
    });
  });
  closed.catch(() => {
  });
  return {
    lookup(names) {
      if (names.length === 0) return;
      asked.push(...names);
      child.stdin.write(`${names.join("\n")}
`);
    },
    end() {
      child.stdin.end();
      return closed;
    }
  };
}
async function catFileBatch(root, names, mode, maxContentBytes) {
  if (names.length === 0) return [];
  const entries = [];
  const session = startCatFileBatch(root, mode, (entry) => entries.push(entry), {
    ...maxContentBytes !== void 0 ? { maxContentBytes } : {}
  });
  session.lookup(names);
  await session.end();
  return entries;
}

// src/git/parse-ls-tree.ts
function parseLsTree(output) {
  const entries = [];
  for (const record of output.split("\0")) {
    if (record === "") continue;
    const tab = record.indexOf("	");
    const [mode, type, oid] = record.slice(0, tab).split(" ");
    if (tab < 0 || mode === void 0 || type === void 0 || oid === void 0) {
      throw new Error(`unexpected git ls-tree output: ${JSON.stringify(record.slice(0, 200))}`);
    }
    entries.push({ mode, type, oid, path: record.slice(tab + 1) });
  }
  return entries;
}
function blobPathsOfLsTree(output, baseNames) {
  if (baseNames) return blobPathsNamed(output, baseNames);
  const paths = [];
  let at = 0;
  while (at < output.length) {
    const end = output.indexOf("\0", at);
    const stop = end === -1 ? output.length : end;
    const entry = entryAt(output, at, stop);
    if (entry.type === "blob") paths.push(entry.path);
    at = stop + 1;
  }
  return paths;
}
function blobPathsNamed(output, baseNames) {
  if (baseNames.length === 0) return [];
  const text = output.endsWith("\0") ? output : `${output}\0`;
  const names = new RegExp(`[/	](?:${baseNames.map(escapeRegExp).join("|")})\0`, "g");
  const wanted = new Set(baseNames);
  const paths = [];
  for (const match of text.matchAll(names)) {
    const stop = match.index + match[0].length - 1;
    const entry = entryAt(text, text.lastIndexOf("\0", match.index) + 1, stop);
    const baseName = entry.path.slice(entry.path.lastIndexOf("/") + 1);
    if (entry.type === "blob" && wanted.has(baseName)) paths.push(entry.path);
  }
  return paths;
}
function escapeRegExp(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
function entryAt(output, start, stop) {
  const space = output.indexOf(" ", start);
  const tab = output.indexOf("	", start);
  if (space < 0 || tab < 0 || tab > stop || space > tab) {
    throw new Error(
      `unexpected git ls-tree output: ${JSON.stringify(output.slice(start, Math.min(stop, start + 200)))}`
    );
  }
  return { type: output.slice(space + 1, output.indexOf(" ", space + 1)), path: output.slice(tab + 1, stop) };
}

// src/git/parse-name-status.ts
var SIMPLE = /* @__PURE__ */ new Set(["A", "M", "D", "T"]);
function parseNameStatus(output) {
  const fields = output.split("\0");
  if (fields.at(-1) === "") fields.pop();
  const changes = [];
  let i = 0;
  while (i < fields.length) {
    const status = fields[i++];
    const letter = status.charAt(0);
    if (letter === "R" || letter === "C") {
      const oldPath = fields[i++];
      const path = fields[i++];
      if (oldPath === void 0 || path === void 0) throw truncated(status);
      changes.push({ status: letter, path, oldPath });
    } else if (SIMPLE.has(letter) && status.length === 1) {
      const path = fields[i++];
      if (path === void 0) throw truncated(status);
      changes.push({ status: letter, path });
    } else {
      throw new Error(`unexpected status ${JSON.stringify(status)} in git diff --name-status output`);
    }
  }
  return changes;
}
function truncated(status) {
  return new Error(`git diff --name-status output ends after status ${JSON.stringify(status)}`);
}

// src/git/run-git.ts
function createGitRunner(baseDir) {
  return {
    async run(args, okExitCodes = []) {
      try {
        const { exitCode, stdout } = await spawnGit(baseDir, args, { okExitCodes });
        return { exitCode, stdout: exitCode === 0 ? stdout.toString("utf8") : "" };
      } catch (error) {
        throw describe(error, args);
      }
    },
    async runBuffer(args) {
      try {
        return (await spawnGit(baseDir, args)).stdout;
      } catch (error) {
        throw describe(error, args);
      }
    }
  };
}
function createNetworkGitRunner(baseDir, timeoutMs) {
  let loading;
  const load = async () => {
    const { simpleGit, GitPluginError } = await import("./esm-2S6KMJRA.js");
    return simpleGit({
      baseDir,
      config: GIT_CONFIG,
      trimmed: false,
      timeout: { block: timeoutMs },
      errors(error, result) {
        if (error instanceof GitPluginError) return error;
        if (result.exitCode !== 0) {
          return new GitExitError(result.exitCode, Buffer.concat(result.stdErr).toString("utf8"));
        }
        return error;
      }
    });
  };
  return {
    async run(args, okExitCodes = []) {
      loading ??= load();
      try {
        return { exitCode: 0, stdout: await (await loading).raw(args) };
      } catch (error) {
        if (error instanceof GitExitError && okExitCodes.includes(error.exitCode)) {
          return { exitCode: error.exitCode, stdout: "" };
        }
        throw describe(error, args);
      }
    }
  };
}
function describe(error, args) {
  const missing = error instanceof GitExitError ? missingObjectError(error.stderr) : void 0;
  if (missing) return missing;
  const message = error instanceof Error ? error.message.trim() : String(error);
  const command = args.join(" ");
  const shown2 = command.length > 200 ? `${command.slice(0, 200)}...` : command;
  return new Error(`git ${shown2} failed: ${message}`, { cause: error });
}

// src/git/run-grep.ts
async function runGrep(root, args, onName, signal) {
  let pending = Buffer.alloc(0);
  const onStdout = (chunk) => {
    let data = pending.length > 0 ? Buffer.concat([pending, chunk]) : chunk;
    for (let end = data.indexOf(0); end >= 0; end = data.indexOf(0)) {
      onName(data.subarray(0, end).toString("utf8"));
      data = data.subarray(end + 1);
    }
    pending = Buffer.from(data);
  };
  try {
    await spawnGit(root, ["grep", "-z", ...args], {
      okExitCodes: [1],
      onStdout,
      ...signal ? { signal } : {}
    });
    if (pending.length > 0) onName(pending.toString("utf8"));
  } catch (error) {
    if (!(error instanceof GitExitError)) throw error;
    const text = error.stderr.trim();
    throw missingObjectError(text) ?? new Error(`git grep failed (exit ${error.exitCode}): ${text}`);
  }
}

// src/git/safe-ref.ts
function assertSafeRef(ref) {
  if (ref === "") throw new UserError("empty ref: expected a commit SHA, branch or tag");
  if (ref.startsWith("-")) throw new UserError(`ref ${JSON.stringify(ref)} must not start with '-'`);
  if (/[\0\n\r]/.test(ref)) throw new UserError(`ref ${JSON.stringify(ref)} contains a control character`);
}

// src/git/create-git.ts
var NETWORK_TIMEOUT_MS = 12e4;
var GREP_CHUNK_CHARS = 24e3;
var FETCH = ["fetch", "--progress", "--no-tags", "--no-recurse-submodules"];
var NOT_FOUND = [1, 128];
async function createGit(repoDir) {
  const dir = resolve2(repoDir);
  const isDirectory = await stat(dir).then(
    (s) => s.isDirectory(),
    () => false
  );
  if (!isDirectory) throw new UserError(`repository directory ${dir} does not exist`);
  let root;
  try {
    root = (await createGitRunner(dir).run(["rev-parse", "--show-toplevel"])).stdout.trim();
  } catch (error) {
    const reason = error instanceof Error ? error.message.split("\n")[0] ?? "" : String(error);
    throw new UserError(`${dir} is not inside a git work tree (${reason})`);
  }
  if (root === "") throw new UserError(`${dir} is not inside a git work tree`);
  return new GitAdapter(root, createGitRunner(root), createNetworkGitRunner(root, NETWORK_TIMEOUT_MS));
}
var GitAdapter = class {
  constructor(root, git2, network) {
    this.root = root;
    this.git = git2;
    this.network = network;
  }
  root;
  git;
  network;
  /**
   * Full SHAs already verified to name a commit. A commit never changes, so each stage that passes
   * the same SHA (diff, reads at base and head, grep) no longer spawns its own `rev-parse`.
   */
  knownCommits = /* @__PURE__ */ new Set();
  async resolveCommit(ref) {
    const sha = await this.tryResolveCommit(ref);
    if (sha === void 0) throw new UserError(`not a commit: ${ref}`);
    return sha;
  }
  async tryResolveCommit(ref) {
    assertSafeRef(ref);
    if (this.knownCommits.has(ref)) return ref;
    const { stdout } = await this.git.run(
      ["rev-parse", "--verify", "--quiet", "--end-of-options", `${ref}^{commit}`],
      NOT_FOUND
    );
    const sha = stdout.trim() || void 0;
    if (sha !== void 0 && sha === ref) this.knownCommits.add(sha);
    return sha;
  }
  async hasCommit(sha) {
    assertSafeRef(sha);
    const { exitCode, stdout } = await this.git.run(["cat-file", "-t", `${sha}^{commit}`], NOT_FOUND);
    return exitCode === 0 && stdout.trim() === "commit";
  }
  async isShallow() {
    const { stdout } = await this.git.run(["rev-parse", "--is-shallow-repository"]);
    return stdout.trim() === "true";
  }
  async fetchCommit(sha) {
    if (!isFullSha(sha)) throw new UserError(`cannot fetch ${JSON.stringify(sha)}: not a full commit SHA`);
    const depth = await this.isShallow() ? ["--depth=1"] : [];
    return this.tryNetwork([...FETCH, ...depth, "origin", sha]);
  }
  async fetchBranch(branch) {
    assertSafeRef(branch);
    const valid = await this.git.run(["check-ref-format", `refs/heads/${branch}`], [1]);
    if (valid.exitCode !== 0) throw new UserError(`not a valid branch name: ${JSON.stringify(branch)}`);
    const depth = await this.isShallow() ? ["--depth=1"] : [];
    return this.tryNetwork([
      ...FETCH,
      ...depth,
      "origin",
      `+refs/heads/${branch}:refs/remotes/origin/${branch}`
    ]);
  }
  async deepen(by, commits) {
    if (!Number.isInteger(by) || by < 1) throw new Error(`deepen: ${by} is not a positive integer`);
    if (!await this.isShallow()) return false;
    const wants = commits?.length ? commits : [await this.resolveCommit("HEAD")];
    for (const sha of wants) {
      if (!isFullSha(sha)) throw new Error(`deepen: ${JSON.stringify(sha)} is not a full commit SHA`);
    }
    const before = await this.readShallowFile();
    if (!await this.tryNetwork([...FETCH, `--deepen=${by}`, "origin", ...wants])) return false;
    return await this.readShallowFile() !== before;
  }
  async mergeBase(a, b) {
    assertSafeRef(a);
    assertSafeRef(b);
    const { stdout } = await this.git.run(["merge-base", a, b], [1]);
    return stdout.trim() || void 0;
  }
  async firstParent(sha) {
    assertSafeRef(sha);
    const { stdout } = await this.git.run(["cat-file", "commit", sha]);
    for (const line of stdout.split("\n")) {
      if (line === "") break;
      if (line.startsWith("parent ")) return line.slice("parent ".length).trim();
    }
    return void 0;
  }
  async isAncestor(a, b) {
    assertSafeRef(a);
    assertSafeRef(b);
    const { exitCode } = await this.git.run(["merge-base", "--is-ancestor", a, b], [1]);
    return exitCode === 0;
  }
  async changedFiles(base, head) {
    const [from, to] = [await this.resolveCommit(base), await this.resolveCommit(head)];
    const { stdout } = await this.git.run([
      "diff-tree",
      "-r",
      "-z",
      "--name-status",
      "-M",
      "--no-commit-id",
      from,
      to,
      "--"
    ]);
    return parseNameStatus(stdout);
  }
  async readFile(rev, path) {
    return (await this.readFiles(rev, [path])).get(path);
  }
  async readFiles(rev, paths) {
    return (await this.readFilesUpTo(rev, paths, Number.POSITIVE_INFINITY)).files;
  }
  async readFilesUpTo(rev, paths, maxBytes) {
    const sha = await this.resolveCommit(rev);
    const files = /* @__PURE__ */ new Map();
    const oversized = /* @__PURE__ */ new Map();
    const [plain, withNewline] = splitByNewline(paths);
    const entries = await catFileBatch(
      this.root,
      plain.map((path) => `${sha}:${path}`),
      "contents",
      maxBytes
    );
    entries.forEach((entry, i) => {
      if (entry.kind !== "object" || entry.type !== "blob") return;
      if (entry.content) files.set(plain[i], entry.content);
      else oversized.set(plain[i], entry.size);
    });
    for (const path of withNewline) {
      const blob = await this.lsTreeBlob(sha, path);
      if (!blob) continue;
      const bytes = await this.git.runBuffer(["cat-file", "blob", blob]);
      if (bytes.length > maxBytes) oversized.set(path, bytes.length);
      else files.set(path, bytes);
    }
    return { files, oversized };
  }
  async fileSize(rev, path) {
    return (await this.fileSizes(rev, [path])).get(path);
  }
  async fileSizes(rev, paths) {
    const sha = await this.resolveCommit(rev);
    const sizes = /* @__PURE__ */ new Map();
    const [plain, withNewline] = splitByNewline(paths);
    const entries = await catFileBatch(
      this.root,
      plain.map((path) => `${sha}:${path}`),
      "sizes"
    );
    entries.forEach((entry, i) => {
      if (entry.kind === "object" && entry.type === "blob") sizes.set(plain[i], entry.size);
    });
    for (const path of withNewline) {
      const blob = await this.lsTreeBlob(sha, path);
      if (blob) sizes.set(path, Number((await this.git.run(["cat-file", "-s", blob])).stdout.trim()));
    }
    return sizes;
  }
  async listFiles(rev, baseNames) {
    const sha = await this.resolveCommit(rev);
    const { stdout } = await this.git.run(["ls-tree", "-r", "-z", "--full-tree", sha]);
    return blobPathsOfLsTree(stdout, baseNames);
  }
  async grepFiles(rev, fixedStrings, pathspecs = [], signal) {
    const sha = await this.resolveCommit(rev);
    const found = /* @__PURE__ */ new Set();
    await this.grep(sha, fixedStrings, pathspecs, (path) => found.add(path), signal);
    return [...found].sort();
  }
  async grepAndReadFiles(rev, fixedStrings, pathspecs, options) {
    const sha = await this.resolveCommit(rev);
    const found = /* @__PURE__ */ new Set();
    const withNewline = [];
    let reading;
    const prefix = `${sha}:`;
    const deliver = (entry, name) => {
      if (entry.kind !== "object" || entry.type !== "blob") return;
      const path = name.slice(prefix.length);
      options.onFile(path, entry.content ? { bytes: entry.content } : { oversized: entry.size });
    };
    const onPath = (path) => {
      if (found.has(path)) return;
      found.add(path);
      if (!options.read(path)) return;
      if (path.includes("\n")) return void withNewline.push(path);
      reading ??= startCatFileBatch(this.root, "contents", deliver, {
        maxContentBytes: options.maxBytes,
        streaming: true
      });
      reading.lookup([`${prefix}${path}`]);
    };
    try {
      await this.grep(sha, fixedStrings, pathspecs, onPath, options.signal);
    } catch (error) {
      await reading?.end().catch(() => {
      });
      throw error;
    }
    await reading?.end();
    if (withNewline.length > 0) {
      const read = await this.readFilesUpTo(sha, withNewline, options.maxBytes);
      for (const [path, bytes] of read.files) options.onFile(path, { bytes });
      for (const [path, size] of read.oversized) options.onFile(path, { oversized: size });
    }
    return [...found].sort();
  }
  /** One `git grep` per chunk of names; `onPath` gets each matching path as git prints it. */
  async grep(sha, fixedStrings, pathspecs, onPath, signal) {
    const needles = [...new Set(fixedStrings)];
    for (const needle of needles) {
      if (needle === "" || needle.includes("\n"))
        throw new Error(`grepFiles: cannot search for ${JSON.stringify(needle)}`);
    }
    const prefix = `${sha}:`;
    for (const chunk of chunkByLength(needles, GREP_CHUNK_CHARS)) {
      await runGrep(
        this.root,
        ["-l", "-F", "-I", "--no-color", ...chunk.flatMap((s) => ["-e", s]), sha, "--", ...pathspecs],
        (name) => onPath(name.startsWith(prefix) ? name.slice(prefix.length) : name),
        signal
      );
    }
  }
  async tryNetwork(args) {
    try {
      await this.network.run(args);
      return true;
    } catch {
      return false;
    }
  }
  async readShallowFile() {
    const path = (await this.git.run(["rev-parse", "--git-path", "shallow"])).stdout.trim();
    return readFile2(resolve2(this.root, path), "utf8").catch(() => "");
  }
  /** The blob id at an exact path (for names `cat-file --batch` cannot take: those with newlines). */
  async lsTreeBlob(sha, path) {
    const { stdout } = await this.git.run(["ls-tree", "-z", "--full-tree", sha, "--", path]);
    return parseLsTree(stdout).find((entry) => entry.path === path && entry.type === "blob")?.oid;
  }
};
function splitByNewline(paths) {
  const unique2 = [...new Set(paths)].filter((path) => path !== "");
  return [unique2.filter((path) => !path.includes("\n")), unique2.filter((path) => path.includes("\n"))];
}
function chunkByLength(items, maxChars) {
  const chunks = [];
  let current = [];
  let length = 0;
  for (const item of items) {
    if (current.length > 0 && length + item.length + 4 > maxChars) {
      chunks.push(current);
      current = [];
      length = 0;
    }
    current.push(item);
    length += item.length + 4;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

// src/report/describe.ts
function shortId2(id) {
  return `${id.kind.toLowerCase()}/${id.name}`;
}
function shortSha(sha) {
  return /^[0-9a-f]{40}$/.test(sha) ? sha.slice(0, 7) : sha;
}
function describeRange(report) {
  const { plan } = report;
  if (!plan.base) return plan.rangeNote;
  return `${shortSha(plan.base)}..${shortSha(plan.head)} (${plan.rangeNote})`;
}
function describeKeys(change) {
  if (change.keys.length === 0) return "-";
  const shown2 = change.keys.slice(0, 8).join(", ");
  return change.keys.length > 8 ? `${shown2} and ${change.keys.length - 8} more` : shown2;
}
function describeReferences(workload) {
  return workload.references.map((r) => {
    const keys = r.changedKeys.length > 0 ? ` (changed keys read: ${r.changedKeys.join(", ")})` : "";
    return `${shortId2(r.config)} via ${r.path}${keys}`;
  });
}
function describeResult(result) {
  if (!result.rollout || result.restart !== "restarted" && result.restart !== "unchanged")
    return result.restart;
  const rollout = result.rollout === "done" ? "rolled out" : result.rollout;
  return result.restart === "unchanged" ? `unchanged, ${rollout}` : rollout;
}
function formatDuration(ms) {
  if (ms === void 0) return "-";
  return ms < 1e3 ? `${ms}ms` : `${(ms / 1e3).toFixed(1)}s`;
}
function headline(report) {
  const restarts = report.plan.workloads.filter((w) => w.action === "restart").length;
  switch (report.outcome) {
    case "nothing-to-do":
      return report.plan.changes.length === 0 ? "Nothing changed: no ConfigMap or Secret content differs between the two commits." : "Nothing to restart: no running workload consumes the changed content.";
    case "planned":
      return `Dry run: ${restarts} workload(s) would restart.`;
    case "restarted":
      return `Restarted ${report.results.filter((r) => r.restart === "restarted").length} workload(s).`;
    case "failed":
      return `Failed: ${report.results.filter(isFailure).map((r) => shortId2(r.id)).join(", ")}.`;
  }
}
function describeWhere(item) {
  if (item.origin !== void 0) {
    return item.blamedFile ? `${item.origin} (${item.blamedFile})` : item.origin;
  }
  if (item.file === void 0) return "-";
  return item.line !== void 0 ? `${item.file}:${item.line}` : item.file;
}
function describeStatus(change) {
  return change.previousName ? `${change.status} (was ${change.previousName})` : change.status;
}

// src/report/report-json.ts
function reportObject(report) {
  const { plan } = report;
  const resultOf = (key) => report.results.find((r) => `${r.id.kind}/${r.id.namespace}/${r.id.name}` === key);
  return {
    outcome: report.outcome,
    dryRun: report.dryRun,
    base: plan.base,
    head: plan.head,
    range: plan.rangeNote,
    ...report.cluster ? { cluster: report.cluster } : {},
    changes: plan.changes.map((c) => ({
      ...c.id,
      status: c.status,
      file: c.file,
      line: c.line,
      keys: c.keys,
      ...c.origin ? { origin: c.origin } : {},
      ...c.blamedFile ? { blamedFile: c.blamedFile } : {},
      ...c.previousName ? { previousName: c.previousName } : {}
    })),
    workloads: plan.workloads.map((w) => {
      const result = resultOf(`${w.id.kind}/${w.id.namespace}/${w.id.name}`);
      return {
        ...w.id,
        action: w.action,
        reason: w.reason,
        source: w.source,
        ...w.file ? { file: w.file, line: w.line } : {},
        ...w.origin ? { origin: w.origin } : {},
        ...w.blamedFile ? { blamedFile: w.blamedFile } : {},
        ...w.rollsOnApply ? { rollsOnApply: true } : {},
        references: w.references.map((r) => ({
          config: r.config,
          via: r.via,
          path: r.path,
          keys: r.keys,
          changedKeys: r.changedKeys,
          ...r.init ? { init: true } : {},
          ...r.subPath ? { subPath: true } : {}
        })),
        ...result ? {
          result: {
            restart: result.restart,
            rollout: result.rollout,
            message: result.message,
            durationMs: result.durationMs
          }
        } : {}
      };
    }),
    problems: plan.problems,
    warnings: plan.warnings,
    ...plan.sources ? { sources: plan.sources } : {},
    ...report.notes ? { notes: report.notes } : {}
  };
}
function renderJson(report) {
  return `${JSON.stringify(reportObject(report), null, 2)}
`;
}

// src/report/mermaid-graph.ts
var MAX_NODES = 40;
function mermaidGraph(plan) {
  if (plan.workloads.length === 0) return [];
  const changes = plan.changes.filter(
    (c) => plan.workloads.some((w) => w.references.some((r) => idKey(r.config) === idKey(c.id)))
  );
  const nodeCount = changes.length + plan.workloads.length;
  const body = nodeCount > MAX_NODES ? folded(plan, changes.length) : detailed(plan);
  return [
    "```mermaid",
    "flowchart LR",
    ...body,
    "  classDef config fill:#eef,stroke:#557",
    "  classDef restart fill:#dfd,stroke:#383",
    "  classDef skip fill:#eee,stroke:#999,stroke-dasharray: 4 3",
    "  classDef rolls fill:#ffd,stroke:#aa3",
    "```"
  ];
}
function detailed(plan) {
  const lines = [];
  const configNodes = /* @__PURE__ */ new Map();
  for (const change of plan.changes) {
    const node = `c${configNodes.size}`;
    const where = change.origin ?? change.file;
    configNodes.set(idKey(change.id), node);
    lines.push(
      `  ${node}["${label(`${change.id.kind.toLowerCase()}/${change.id.name}`, `ns ${change.id.namespace} \xB7 ${where}`)}"]:::config`
    );
  }
  plan.workloads.forEach((w, i) => {
    const node = `w${i}`;
    const where = w.origin ?? (w.source === "cluster" ? "cluster" : w.file ?? "repo");
    lines.push(
      `  ${node}["${label(`${w.id.kind.toLowerCase()}/${w.id.name}`, `ns ${w.id.namespace} \xB7 ${where} \xB7 ${actionLabel(w)}`)}"]:::${roleOf(w)}`
    );
    for (const config of new Set(w.references.map((r) => idKey(r.config)))) {
      const from = configNodes.get(config);
      if (from) lines.push(`  ${from} --> ${node}`);
    }
  });
  const used = new Set(lines.filter((l) => l.includes("-->")).map((l) => l.trim().split(" ")[0]));
  return lines.filter((l) => !/^ {2}c\d+\[/.test(l) || used.has(l.trim().split("[")[0]));
}
function folded(plan, configCount) {
  const lines = [];
  const namespaces = [...new Set(plan.workloads.map((w) => w.id.namespace))].sort();
  const groups = /* @__PURE__ */ new Map();
  for (const w of plan.workloads) {
    const key = `${w.id.namespace}\0${roleOf(w)}`;
    groups.set(key, [...groups.get(key) ?? [], w]);
  }
  namespaces.forEach((namespace, n) => {
    const configs = new Set(
      plan.workloads.filter((w) => w.id.namespace === namespace).flatMap((w) => w.references.map((r) => idKey(r.config)))
    );
    lines.push(`  n${n}["${label(`${configs.size} changed config(s)`, `ns ${namespace}`)}"]:::config`);
    ["restart", "rolls", "skip"].forEach((role) => {
      const members = groups.get(`${namespace}\0${role}`) ?? [];
      if (members.length === 0) return;
      const node = `n${n}${role}`;
      const roleText = role === "rolls" ? "roll on apply" : role;
      lines.push(
        `  ${node}["${label(`${members.length} workload(s): ${roleText}`, `ns ${namespace}`)}"]:::${role}`
      );
      lines.push(`  n${n} --> ${node}`);
    });
  });
  const nodes = configCount + plan.workloads.length;
  lines.unshift(`  %% ${nodes} nodes folded into ${namespaces.length} namespace group(s)`);
  lines.push(
    `  note["${label(`${nodes} configs and workloads folded by namespace`, `over ${MAX_NODES} nodes`)}"]`
  );
  return lines;
}
function roleOf(w) {
  if (w.rollsOnApply) return "rolls";
  return w.action;
}
function actionLabel(w) {
  return w.rollsOnApply ? "rolls on apply" : w.action;
}
function label(title, detail) {
  return `${escapeLabel(title)}<br/><small>${escapeLabel(detail)}</small>`;
}
function escapeLabel(text) {
  return text.replaceAll("&", "#amp;").replaceAll('"', "#quot;").replaceAll("<", "#lt;").replaceAll(">", "#gt;").replaceAll("`", "#96;").replaceAll("\n", " ");
}

// src/report/report-markdown.ts
function renderMarkdown(report, maxRows = 500) {
  const { plan } = report;
  const out = [
    "### config-rollout",
    "",
    `**${escapeCell(headline(report))}**`,
    "",
    `Range: ${escapeCell(describeRange(report))}`
  ];
  if (plan.sources && plan.sources.length > 0) {
    out.push("", "#### Sources", "");
    for (const note of plan.sources.slice(0, maxRows)) out.push(`- ${escapeCell(note)}`);
  }
  const graph = mermaidGraph(plan);
  if (graph.length > 0) out.push("", "#### Configs \u2192 workloads", "", ...graph);
  if (plan.changes.length > 0) {
    out.push(
      "",
      "#### Changed configs",
      "",
      "| Config | Namespace | Change | Source | Keys |",
      "|---|---|---|---|---|"
    );
    for (const c of plan.changes.slice(0, maxRows)) {
      out.push(row([shortId2(c.id), c.id.namespace, describeStatus(c), describeWhere(c), describeKeys(c)]));
    }
    if (plan.changes.length > maxRows) out.push("", `\u2026 and ${plan.changes.length - maxRows} more configs.`);
  }
  if (plan.workloads.length > 0) {
    const resultOf = (w) => report.results.find(
      (r) => r.id.kind === w.id.kind && r.id.namespace === w.id.namespace && r.id.name === w.id.name
    );
    out.push(
      "",
      "#### Workloads",
      "",
      "| Workload | Namespace | Action | Why | Result | Duration |",
      "|---|---|---|---|---|---|"
    );
    for (const w of plan.workloads.slice(0, maxRows)) {
      const result = resultOf(w);
      const why = [
        w.reason,
        ...describeReferences(w),
        ...w.origin ? [`from ${describeWhere(w)}`] : []
      ].join("<br>");
      out.push(
        row([
          shortId2(w.id),
          w.id.namespace,
          w.action,
          why,
          result ? `${describeResult(result)}${result.message ? `: ${result.message}` : ""}` : "-",
          formatDuration(result?.durationMs)
        ])
      );
    }
    if (plan.workloads.length > maxRows)
      out.push("", `\u2026 and ${plan.workloads.length - maxRows} more workloads.`);
  }
  if (report.notes?.length) {
    out.push("", "#### Notes", "");
    for (const note of report.notes.slice(0, maxRows)) out.push(`- ${escapeCell(note)}`);
  }
  const notes = [...plan.warnings, ...plan.problems.map((p) => `${p.file}:${p.line}:${p.col}: ${p.message}`)];
  if (notes.length > 0) {
    out.push("", "#### Warnings", "");
    for (const note of notes.slice(0, maxRows)) out.push(`- ${escapeCell(note)}`);
    if (notes.length > maxRows) out.push(`- \u2026 and ${notes.length - maxRows} more.`);
  }
  return `${out.join("\n")}
`;
}
function row(cells) {
  return `| ${cells.map((cell) => escapeCell(cell).replaceAll("\n", " ")).join(" | ")} |`;
}
function escapeCell(text) {
  return text.replaceAll("|", "\\|");
}

// src/report/report-text.ts
function renderText(report) {
  const { plan } = report;
  const out = [`Comparing ${describeRange(report)}`];
  if (plan.sources && plan.sources.length > 0) {
    out.push("", "Sources:", ...plan.sources.map((note) => `  ${note}`));
  }
  if (plan.changes.length > 0) {
    out.push("", `Changed configs (${plan.changes.length}):`);
    out.push(
      ...table(
        plan.changes.map((c) => [
          `${shortId2(c.id)}`,
          `ns ${c.id.namespace}`,
          describeStatus(c),
          describeWhere(c),
          `keys: ${describeKeys(c)}`
        ])
      )
    );
  }
  if (plan.workloads.length > 0) {
    out.push("", `Workloads (${plan.workloads.length}):`);
    for (const w of plan.workloads) {
      out.push(`  ${w.action.padEnd(7)} ${shortId2(w.id)} (namespace ${w.id.namespace}): ${w.reason}`);
      if (w.origin) out.push(`            from ${describeWhere(w)}`);
      for (const line of describeReferences(w)) out.push(`            ${line}`);
    }
  }
  if (plan.warnings.length > 0) {
    out.push("", "Notes:", ...plan.warnings.map((warning) => `  ${warning}`));
  }
  if (report.results.length > 0) {
    out.push("", "Results:");
    out.push(
      ...table([
        ["WORKLOAD", "NAMESPACE", "RESULT", "DURATION", "DETAIL"],
        ...report.results.map((r) => [
          shortId2(r.id),
          r.id.namespace,
          describeResult(r),
          formatDuration(r.durationMs),
          r.message
        ])
      ])
    );
  }
  if (report.notes?.length) {
    out.push("", "Notes:");
    for (const note of report.notes) out.push(`  ${note}`);
  }
  out.push("", headline(report));
  return `${out.join("\n")}
`;
}
function table(rows) {
  const widths = rows[0]?.map((_, col) => Math.max(...rows.map((row2) => row2[col]?.length ?? 0))) ?? [];
  return rows.map((row2) => `  ${row2.map((cell, col) => cell.padEnd(widths[col] ?? 0)).join("  ")}`.trimEnd());
}

// src/report/render-report.ts
function renderReport(report, format) {
  switch (format) {
    case "json":
      return escapeJsonForCiLog(renderJson(report));
    case "markdown":
      return escapeForCiLog(renderMarkdown(report));
    case "text":
      return escapeForCiLog(renderText(report));
  }
}

// src/settings/parse-duration.ts
var UNIT_MS = { ms: 1, s: 1e3, m: 6e4, h: 36e5 };
function parseDuration(text) {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1e3;
  const parts = [...trimmed.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)];
  if (parts.length === 0 || parts.map((p) => p[0]).join("") !== trimmed) return void 0;
  return Math.round(parts.reduce((sum, [, amount, unit]) => sum + Number(amount) * UNIT_MS[unit], 0));
}

// src/settings/validate-settings.ts
var MAX_TIMER_MS = 2147483647;
var ENV_NAME2 = /^[A-Za-z_][A-Za-z0-9_]*$/;
function validateSettings(values) {
  if (values.paths.length === 0) {
    throw new UserError("--paths: no globs given (the default is **/*.yaml,**/*.yml,**/*.json)");
  }
  checkDuration("timeout", values.timeoutMs);
  checkDuration("config-timeout", values.configTimeoutMs);
  checkNamespaces("namespace", [values.namespace]);
  checkNamespaces("namespaces", values.namespaces);
  checkNamespaces("exclude-namespaces", values.excludeNamespaces);
  if (!ENV_NAME2.test(values.envName)) {
    throw new UserError(
      `--env-name: ${JSON.stringify(values.envName)} is not a valid environment variable name (letters, digits and "_", not starting with a digit)`
    );
  }
  if (values.concurrency < 1 || values.concurrency > 64) {
    throw new UserError("--concurrency: must be between 1 and 64 (requests in flight at once)");
  }
  if (values.maxFileSize < 1) throw new UserError("--max-file-size: must be at least 1 (bytes)");
}
function checkDuration(option, ms) {
  if (ms <= 0) throw new UserError(`--${option}: must be more than 0 (e.g. 90s, 5m)`);
  if (ms > MAX_TIMER_MS) {
    const hours = Math.floor(MAX_TIMER_MS / 36e5);
    throw new UserError(
      `--${option}: ${formatHours(ms)} is longer than the longest wait supported (${hours}h)`
    );
  }
}
function formatHours(ms) {
  return ms % 36e5 === 0 ? `${ms / 36e5}h` : `${ms}ms`;
}
function checkNamespaces(option, names) {
  for (const name of names) {
    if (!isNamespaceName(name)) {
      throw new UserError(
        `--${option}: ${JSON.stringify(name)} is not a valid namespace name (${NAMESPACE_RULE})`
      );
    }
  }
}

// src/settings/settings.ts
function rawValuesFromEnv(env) {
  const raw = {};
  for (const option of OPTIONS) {
    const value = option.env ? env[option.env] : void 0;
    if (value !== void 0 && value !== "") raw[option.name] = value;
  }
  if (raw.context === void 0 && env.KUBE_CONTEXT) raw.context = env.KUBE_CONTEXT;
  return raw;
}
function toSettings(...sources) {
  const raw = {};
  for (const source2 of sources) {
    for (const [key, value] of Object.entries(source2)) if (value !== void 0) raw[key] = value;
  }
  const get = (name) => parseOptionValue(requireSpec(name), raw[name]);
  const str = (name) => get(name);
  const list = (name) => get(name) ?? [];
  const bool = (name) => get(name) === true;
  const num = (name) => get(name);
  for (const ref of ["base", "head"]) {
    const value = str(ref);
    if (value?.startsWith("-")) throw new UserError(`--${ref} ${value}: a revision must not start with '-'`);
  }
  const settings = {
    base: str("base"),
    head: str("head"),
    repo: str("repo") ?? ".",
    paths: list("paths"),
    exclude: list("exclude"),
    kustomize: kustomizeDirs(list("kustomize")),
    render: str("render") || void 0,
    renderPaths: list("render-paths"),
    namespace: str("namespace") ?? "default",
    discover: str("discover"),
    strategy: str("strategy") ?? "annotation",
    envName: str("env-name") ?? "RESTART_TIME",
    rollback: bool("rollback"),
    prune: bool("prune"),
    keep: num("keep") ?? 3,
    dryRun: str("dry-run") ?? "none",
    apply: bool("apply"),
    wait: bool("wait"),
    timeoutMs: num("timeout") ?? 3e5,
    configTimeoutMs: num("config-timeout") ?? 6e4,
    execPluginTimeoutMs: num("exec-plugin-timeout") ?? 6e4,
    kubeconfig: str("kubeconfig"),
    kubeconfigData: str("kubeconfig-data"),
    context: str("context"),
    namespaces: list("namespaces"),
    excludeNamespaces: list("exclude-namespaces"),
    maxRestarts: num("max-restarts"),
    concurrency: num("concurrency") ?? DEFAULT_CONCURRENCY,
    hashKey: str("hash-key"),
    output: str("output") ?? "text",
    strict: bool("strict"),
    maxFileSize: num("max-file-size") ?? DEFAULT_MAX_FILE_SIZE,
    restartReloaderManaged: bool("restart-reloader-managed"),
    debug: bool("debug")
  };
  validateSettings(settings);
  return settings;
}
var DEFAULT_CONCURRENCY = 8;
var DEFAULT_MAX_FILE_SIZE = 16 * 1024 * 1024;
function kustomizeDirs(values) {
  if (values.includes("none")) {
    if (values.length > 1) throw new UserError(`--kustomize: "none" cannot be combined with directories`);
    return ["none"];
  }
  return values.map((value) => {
    const dir = value.replace(/^(\.\/)+/, "").replace(/\/+$/, "");
    if (value.startsWith("/") || dir.split("/").includes("..")) {
      throw new UserError(
        `--kustomize ${value}: give a directory inside the repository, relative to its root`
      );
    }
    return dir === "." ? "" : dir;
  });
}
function requireSpec(name) {
  const spec = OPTIONS.find((o) => o.name === name);
  if (!spec) throw new Error(`unknown option ${name}`);
  return spec;
}
var TRUE = /* @__PURE__ */ new Set(["true", "yes", "1", "on"]);
var FALSE = /* @__PURE__ */ new Set(["false", "no", "0", "off", ""]);
function parseOptionValue(spec, rawValue) {
  const text = rawValue ?? spec.default;
  if (text === void 0) return void 0;
  const where = `--${spec.name}`;
  switch (spec.type) {
    case "boolean": {
      const lower = text.trim().toLowerCase();
      if (TRUE.has(lower)) return true;
      if (FALSE.has(lower)) return false;
      throw new UserError(`${where}: expected true or false, got "${text}"`);
    }
    case "list":
      return splitList(text);
    case "integer": {
      if (!/^\d+$/.test(text.trim())) throw new UserError(`${where}: expected a whole number, got "${text}"`);
      return Number(text.trim());
    }
    case "duration": {
      const ms = parseDuration(text);
      if (ms === void 0)
        throw new UserError(`${where}: expected a duration like 90s, 5m or 1h30m, got "${text}"`);
      return ms;
    }
    case "string": {
      const value = text.trim();
      if (spec.choices && !spec.choices.includes(value)) {
        throw new UserError(`${where}: expected one of ${spec.choices.join(", ")}, got "${text}"`);
      }
      return spec.secret ? text : value;
    }
  }
}
function splitList(text) {
  const items = [];
  let depth = 0;
  let current = "";
  for (const char of text) {
    if (char === "{") depth++;
    if (char === "}") depth = Math.max(0, depth - 1);
    if (char === "\n" || char === "," && depth === 0) {
      items.push(current);
      current = "";
    } else {
      current += char;
    }
  }
  items.push(current);
  return items.map((item) => item.trim()).filter((item) => item !== "");
}

export {
  createClusterConnection,
  readEventPayload,
  runInCi,
  createGit,
  reportObject,
  headline,
  renderMarkdown,
  renderReport,
  rawValuesFromEnv,
  toSettings
};
