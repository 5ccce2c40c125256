/**
 * The one rule for text that enters the system through any request field (JSON body, query string, multipart field
 * or file name): no U+0000 (PostgreSQL cannot store it in text) and no lone UTF-16 surrogate (not a character; it
 * would be stored as U+FFFD). Also bounds nesting, so a hostile body cannot make the walk itself expensive.
 */

import { MESSAGES } from './messages.ts';

/** Deeper structures than this are refused; no route of the contract nests more than a few levels. */
export const MAX_INPUT_DEPTH = 32;

// A NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is what this rule refuses.
const FORBIDDEN = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export interface InputTextProblem {
  /** Where the value sits, as `a.b.0` (empty for the value itself). */
  path: string;
  message: string;
}

/** The first problem in `value` (strings, and the keys and values of arrays and plain objects), or null. */
export const findInputTextProblem = (value: unknown): InputTextProblem | null => {
  const walk = (node: unknown, path: string, depth: number): InputTextProblem | null => {
    if (typeof node === 'string') {
      return FORBIDDEN.test(node) ? { path, message: MESSAGES.inputText.forbiddenCharacter } : null;
    }
    if (typeof node !== 'object' || node === null || ArrayBuffer.isView(node)) return null;
    if (depth >= MAX_INPUT_DEPTH) return { path, message: MESSAGES.inputText.tooDeep };
    const entries = Array.isArray(node) ? node.entries() : Object.entries(node);
    for (const [key, child] of entries) {
      const childPath = path ? `${path}.${key}` : String(key);
      if (typeof key === 'string' && FORBIDDEN.test(key)) {
        return { path: childPath, message: MESSAGES.inputText.forbiddenCharacter };
      }
      const problem = walk(child, childPath, depth + 1);
      if (problem) return problem;
    }
    return null;
  };
  return walk(value, '', 0);
};
