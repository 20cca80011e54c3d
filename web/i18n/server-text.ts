// The server speaks English (its texts are the spec's, word for word) with a stable code. To show
// them in the reader's language, a server text is looked up among the English `server.*` messages;
// a template with `{placeholders}` matches by pattern ("Minimum withdrawal amount is ₹500"), and
// the translation gets the captured values. A text we don't know is shown as the server sent it.
import { i18n } from '@lingui/core';
import { activeServerTexts, DEFAULT_LANGUAGE } from './i18n.ts';

interface Pattern {
  key: string;
  re: RegExp;
  names: string[];
  /** Characters of fixed text: the more a template spells out, the earlier it is tried. */
  fixed: number;
}

let cachedFor: Record<string, string> | null = null;
let exact = new Map<string, string>();
let patterns: Pattern[] = [];

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function index(texts: Record<string, string>): void {
  cachedFor = texts;
  exact = new Map();
  patterns = [];
  for (const [key, text] of Object.entries(texts)) {
    if (key.startsWith('server.code.')) continue; // chosen by code, never by wording
    if (!text.includes('{')) {
      if (!exact.has(text)) exact.set(text, key);
      continue;
    }
    const names: string[] = [];
    const source = text
      .split(/(\{\w+\})/)
      .map((part) => {
        const m = /^\{(\w+)\}$/.exec(part);
        if (!m) return escapeRe(part);
        names.push(m[1]!);
        return '(.+?)';
      })
      .join('');
    patterns.push({ key, re: new RegExp(`^${source}$`), names, fixed: text.replace(/\{\w+\}/g, '').length });
  }
  // "… sent to your UPI {upiId}. Transfer reference: {ref}." must win over "… sent to your UPI
  // {upiId}.", whose placeholder could swallow the rest: the most specific template first.
  patterns.sort((a, b) => b.fixed - a.fixed);
}

/** The key of a server text, with its values, or null when the text is not one of ours. */
export function matchServerText(text: string): { key: string; values: Record<string, string> } | null {
  const texts = activeServerTexts();
  if (texts !== cachedFor) index(texts);
  const key = exact.get(text);
  if (key) return { key, values: {} };
  for (const p of patterns) {
    const m = p.re.exec(text);
    if (m) return { key: p.key, values: Object.fromEntries(p.names.map((n, i) => [n, m[i + 1] ?? ''])) };
  }
  return null;
}

/** A server's English text in the reader's language (unchanged when unknown). */
export function translateServerText(text: string): string {
  if (i18n.locale === DEFAULT_LANGUAGE) return text;
  const found = matchServerText(text);
  return found ? i18n._(found.key, found.values) : text;
}

/**
 * An error the server answered, in the reader's language: its text when we know it, else the
 * general text for its stable code (`server.code.<CODE>`, one per code of contract/errors.ts),
 * else the server's English text as sent.
 */
export function translateServerError(text: string, code: string | null): string {
  if (i18n.locale === DEFAULT_LANGUAGE) return text;
  const found = matchServerText(text);
  if (found) return i18n._(found.key, found.values);
  // Keyed by the code the server sent (server texts are exempt from the written-out-keys rule:
  // web/i18n/catalogue.test.ts checks every code has its text instead).
  const byCode = code ? `server.code.${code}` : null;
  return byCode && activeServerTexts()[byCode] !== undefined ? i18n._(byCode) : text;
}
