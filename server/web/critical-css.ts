// The CSS a server-rendered page needs for its first paint: the app's stylesheet without the rules
// that cannot match anything on the page. A rule is dropped only when every selector in it names a
// class the page's HTML does not carry (outside :is()/:where()/:not() and the like, which are kept
// as they are); rules with no class (elements, :root, attributes), at-rules that are not groups
// (@font-face, @keyframes, @property, @layer order) and anything this reader does not understand
// are kept. So the cut can only lose rules for elements that are not there yet; the whole
// stylesheet follows at the end of the page for what the app draws after.

/** Classes the app puts on <html> by itself (the accessibility settings), wanted before the whole stylesheet. */
const ROOT_CLASSES = ['high-contrast', 'font-large', 'font-extra-large', 'reduce-motion', 'enhanced-focus'];

/** The classes an HTML page's elements carry. */
export function classesInHtml(html: string): Set<string> {
  const classes = new Set<string>(ROOT_CLASSES);
  for (const m of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of m[1]!.split(/\s+/)) if (name) classes.add(decodeEntities(name));
  }
  return classes;
}

function decodeEntities(text: string): string {
  return text.includes('&') ? text.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>') : text;
}

/** Group at-rules whose contents are rules to filter in turn. */
const GROUPS = new Set(['media', 'supports', 'layer', 'container', 'scope', 'document']);

/** The stylesheet with the style rules that cannot match a page carrying `classes` taken out. */
export function criticalCss(css: string, classes: ReadonlySet<string>): string {
  try {
    return filterBlock(css, 0, css.length, classes);
  } catch {
    // Anything unexpected: the whole stylesheet, as before.
    return css;
  }
}

function filterBlock(css: string, from: number, to: number, classes: ReadonlySet<string>): string {
  let out = '';
  let i = from;
  while (i < to) {
    // Whitespace and comments between rules.
    const start = skipSpace(css, i, to);
    if (start >= to) break;
    // The prelude: up to `{` or `;` at the top level.
    const end = preludeEnd(css, start, to);
    if (end >= to) {
      out += css.slice(start, to);
      break;
    }
    const prelude = css.slice(start, end);
    if (css[end] === ';') {
      out += `${prelude};`;
      i = end + 1;
      continue;
    }
    const close = matchingBrace(css, end, to);
    if (prelude.startsWith('@')) {
      const name = /^@([\w-]+)/.exec(prelude)?.[1]?.toLowerCase() ?? '';
      if (GROUPS.has(name)) {
        const inner = filterBlock(css, end + 1, close, classes);
        // An emptied @layer keeps its place in the layer order; other emptied groups go.
        if (inner !== '' || name === 'layer') out += `${prelude}{${inner}}`;
      } else {
        out += css.slice(start, close + 1);
      }
    } else if (mayMatch(prelude, classes)) {
      out += css.slice(start, close + 1);
    }
    i = close + 1;
  }
  return out;
}

function skipSpace(css: string, i: number, to: number): number {
  for (;;) {
    while (i < to && /\s/.test(css[i]!)) i++;
    if (css.startsWith('/*', i)) {
      const end = css.indexOf('*/', i + 2);
      i = end === -1 ? to : end + 2;
      continue;
    }
    return i;
  }
}

/**
 * The indexes of text[from, to) outside escapes, quoted strings and ( ) [ ] brackets: where a
 * prelude ends, selectors are separated and a selector's own classes start.
 */
function* topLevel(text: string, from = 0, to = text.length): Generator<number> {
  let depth = 0;
  for (let i = from; i < to; i++) {
    const c = text[i]!;
    if (c === '\\') i++;
    else if (c === '"' || c === "'") i = stringEnd(text, i, to);
    else if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (depth === 0) yield i;
  }
}

/** Index of the `{` or `;` ending a prelude. */
function preludeEnd(css: string, from: number, to: number): number {
  for (const i of topLevel(css, from, to)) if (css[i] === '{' || css[i] === ';') return i;
  return to;
}

/** Index of the `}` closing the block opened at `open`. */
function matchingBrace(css: string, open: number, to: number): number {
  let depth = 0;
  for (let i = open; i < to; i++) {
    const c = css[i]!;
    if (c === '\\') i++;
    else if (c === '"' || c === "'") i = stringEnd(css, i, to);
    else if (css.startsWith('/*', i)) {
      const end = css.indexOf('*/', i + 2);
      i = end === -1 ? to : end + 1;
    } else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i;
  }
  throw new Error('unbalanced stylesheet');
}

function stringEnd(css: string, i: number, to: number): number {
  const quote = css[i];
  for (i++; i < to; i++) {
    if (css[i] === '\\') i++;
    else if (css[i] === quote) return i;
  }
  return to;
}

/** Whether some selector of a rule could match: each class it needs (outside brackets) is on the page. */
function mayMatch(selectorList: string, classes: ReadonlySet<string>): boolean {
  return splitTopLevel(selectorList).some((selector) => requiredClasses(selector).every((c) => classes.has(c)));
}

function splitTopLevel(list: string): string[] {
  const parts: string[] = [];
  let last = 0;
  for (const i of topLevel(list)) {
    if (list[i] !== ',') continue;
    parts.push(list.slice(last, i));
    last = i + 1;
  }
  parts.push(list.slice(last));
  return parts;
}

/** The class names a selector requires outside any brackets, unescaped (`.hover\:bg-muted:hover` needs `hover:bg-muted`). */
function requiredClasses(selector: string): string[] {
  const out: string[] = [];
  // The name's own characters never read as a `.` here (an escaped one is skipped), so the walk
  // goes on over them.
  for (const i of topLevel(selector)) {
    if (selector[i] !== '.') continue;
    const name = className(selector, i + 1);
    if (name) out.push(name);
  }
  return out;
}

/** The class name starting at `start`, its escapes (`\:`, `\32 `) undone. */
function className(selector: string, start: number): string {
  let name = '';
  let j = start;
  while (j < selector.length) {
    const d = selector[j]!;
    if (d === '\\') {
      const hex = /^[0-9a-fA-F]{1,6} ?/.exec(selector.slice(j + 1, j + 8));
      if (hex) {
        name += String.fromCodePoint(parseInt(hex[0].trim(), 16));
        j += 1 + hex[0].length;
      } else {
        name += selector[j + 1] ?? '';
        j += 2;
      }
    } else if (/[\w-]/.test(d) || d.charCodeAt(0) > 127) {
      name += d;
      j++;
    } else break;
  }
  return name;
}
