// The one string schema of the contract. Every text the API reads goes through it, so text that
// PostgreSQL cannot store (a NUL character, or half of a UTF-16 surrogate pair, which has no UTF-8
// form) is refused as a 400 with the field named, never a 500 from the database.
import { z } from 'zod';

export const UNSTORABLE_TEXT_MESSAGE = 'Contains characters that are not allowed';

/** NUL, a high surrogate not followed by a low one, or a low one not preceded by a high one. */
const UNSTORABLE_RE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when the text can be stored as PostgreSQL text (String#isWellFormed is too new for older phones). */
export function isStorableText(value: string): boolean {
  return !UNSTORABLE_RE.test(value);
}

/** z.string() that refuses unstorable text; chain `.trim()`, `.min()`... as usual. */
export function text(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine(isStorableText, { error: UNSTORABLE_TEXT_MESSAGE, abort: true });
}
