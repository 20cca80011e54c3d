// The entry pages as HTML (decision 036): /login, /register, /support, the legal pages, the admin
// sign-in and the 404 page reach a signed-out visitor with their text already in the page, so a
// phone on mobile data shows the first screen before the app's JavaScript arrives; the app then
// hydrates it. The web build's server module (dist/web-ssr/entry-server.js, web/entry-server.tsx)
// renders a page once per path, language and public settings; the result is kept, compressed, and
// made again when an admin changes the settings. Renders take turns (the app's i18n is one global).
// Without the module, or when a render fails, the app's index.html is sent as before.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AppSettings } from '../../contract/settings.ts';
import { dayInIndia } from '../../contract/calendar.ts';
import { precompress, type PrecompressedPage } from '../compression.ts';
import { classesInHtml, criticalCss } from './critical-css.ts';

/** What web/entry-server.tsx exports (kept in step by hand: the module is built separately). */
interface RendererModule {
  render(url: string, opts: { language: string; appSettings: AppSettings }): Promise<{ html: string; title: string; lang: string; dir: 'ltr' | 'rtl'; status: 200 | 404 }>;
  SERVER_RENDERED_PATHS: readonly string[];
  BROWSER_RENDERED_PATHS: readonly string[];
  languages: readonly { code: string; dir?: string }[];
  hydrationNeeds(pathname: string): { source: string; groups: readonly string[] };
  signedInNeeds(pathname: string, phone: boolean): { sources: string[]; groups: readonly string[] } | null;
  renderLoading(language: string): Promise<string>;
}

/** The part of Vite's build manifest (dist/web/.vite/manifest.json) read here. */
type Manifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;

export interface RenderedResponse extends PrecompressedPage {
  status: 200 | 404;
}

/** The cookies web/lib/api-client.ts and web/i18n/i18n.ts set. */
const SIGNED_IN_COOKIE = 'rh_signed_in';
const LANGUAGE_COOKIE = 'rh_lang';
/** Pages kept at once (paths × languages × public settings). */
const CACHE_LIMIT = 300;
/** Pages for /register?ref=CODE kept at once, apart from the others. */
const REFERRAL_CACHE_LIMIT = 100;
/** A referral code in a shared link (/register?ref=CODE) is rendered into the form. */
const REFERRAL_CODE = /^[A-Za-z0-9]{1,32}$/;

function cookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return null;
}

/** The reader's language: their choice (cookie), else the first of Accept-Language we have, else English. */
export function chooseLanguage(codes: readonly string[], cookieHeader: string | undefined, acceptLanguage: string | undefined): string {
  const chosen = cookie(cookieHeader, LANGUAGE_COOKIE);
  if (chosen && codes.includes(chosen)) return chosen;
  const wanted = (acceptLanguage ?? '')
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { primary: tag.toLowerCase().split('-')[0] ?? '', q: q ? Number(q.slice(2)) || 0 : 1, i };
    })
    .filter((w) => w.primary && w.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const w of wanted) if (codes.includes(w.primary)) return w.primary;
  return codes[0] ?? 'en';
}

export interface ServerRenderer {
  /**
   * The page for this request, or null when the browser renders it (a signed-in reader, a screen
   * that needs a session or asks the server first) or rendering is not possible.
   */
  page(request: { url: string; headers: Record<string, string | string[] | undefined> }): Promise<RenderedResponse | null>;
  /**
   * The app's page for a signed-in screen: rendered in the browser, with the screen's modules and
   * texts preloaded beside the app and the stylesheet inline; null for any other path.
   */
  shell(request: { url: string; headers: Record<string, string | string[] | undefined> }): Promise<RenderedResponse | null>;
}

/**
 * The head a rendered page gets: its stylesheet inline (one round trip less before the first paint
 * on a slow network) and a modulepreload for each module its hydration waits for (its screen and
 * its texts), fetched beside the entry instead of one after another.
 */
function pageHead(template: string, webDist: string, manifest: Manifest | null, modules: string[], classes?: ReadonlySet<string>, fonts?: RegExp): string {
  const stylesheets: string[] = [];
  const fontFiles = new Set<string>();
  let html = template.replace(/<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[^"]+\.css)">/g, (link, file: string) => {
    const cssPath = path.join(webDist, file);
    if (!existsSync(cssPath)) return link;
    const css = readFileSync(cssPath, 'utf8');
    if (css.includes('</style')) return link;
    for (const [font] of fonts ? css.matchAll(fonts) : []) fontFiles.add(font);
    if (!classes) return `<style>${css}</style>`;
    // A rendered page inlines what its own elements need (so the page fits the first round trip),
    // and the whole stylesheet follows at the end of the body, for what the app draws next: there it
    // holds up nothing already on screen.
    stylesheets.push(`<link rel="stylesheet" href="/${file}">`);
    return `<style>${criticalCss(css, classes)}</style>`;
  });
  if (stylesheets.length > 0) html = html.replace('</body>', `${stylesheets.join('')}</body>`);
  if (fontFiles.size > 0) html = html.replace('</head>', `  ${[...fontFiles].map((font) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="${font}">`).join('')}\n  </head>`);
  if (!manifest) return html;
  const closure = new Set<string>();
  const visit = (key: string) => {
    if (closure.has(key) || !manifest[key]) return;
    closure.add(key);
    for (const imp of manifest[key]!.imports ?? []) visit(imp);
  };
  for (const key of modules) visit(key);
  const links = [...closure]
    .map((key) => `/${manifest[key]!.file}`)
    .filter((file) => file.endsWith('.js') && !html.includes(`"${file}"`))
    .map((file) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="${file}">`);
  if (links.length > 0) html = html.replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
  return html;
}

/**
 * The face a signed-in screen draws with beyond Inter's latin one (which its loading state already
 * asks for): the rupee sign's, 2 KB. Preloaded with the page, the first layout of the screen's
 * amounts finds it there, instead of looking for a fallback while it loads and laying the whole
 * page out again when it arrives.
 */
const SIGNED_IN_FONTS = /\/assets\/inter-rupee-sign-[\w-]+\.woff2/g;

function readManifest(webDist: string): Manifest | null {
  try {
    return JSON.parse(readFileSync(path.join(webDist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    return null;
  }
}

interface RendererOptions {
  webDist: string;
  ssrDir: string;
  template: string;
  readSettings(): Promise<AppSettings>;
  log(message: string, err: unknown): void;
}

/**
 * The renderer, or null without a render module in the build. The module (the web app built for
 * Node, a few hundred KB) is loaded after start-up, so the server listens as soon as before, or by
 * the first page asked for; a module that will not load leaves every page to the browser.
 */
export function createServerRenderer(opts: RendererOptions): ServerRenderer | null {
  const entry = path.join(opts.ssrDir, 'entry-server.js');
  if (!existsSync(entry)) return null;
  let loaded: Promise<ServerRenderer | null> | null = null;
  const load = () =>
    (loaded ??= import(pathToFileURL(entry).href).then(
      (mod) => rendererFor(mod as RendererModule, opts),
      (err: unknown) => {
        opts.log('could not load the server render module; the browser renders every page', err);
        return null;
      },
    ));
  setTimeout(() => void load(), 2000).unref();
  return {
    async page(request) {
      return (await load())?.page(request) ?? null;
    },
    async shell(request) {
      return (await load())?.shell(request) ?? null;
    },
  };
}

function rendererFor(mod: RendererModule, opts: RendererOptions): ServerRenderer {
  const codes = mod.languages.map((l) => l.code);
  const manifest = readManifest(opts.webDist);
  const catalogueKey = (language: string, group: string) => (manifest ? Object.keys(manifest).find((k) => k.endsWith(`virtual:i18n/catalogue/${language}/${group}`)) : undefined);
  // Another language than English finds its texts through a small table of its own (web/i18n/vite-plugin.ts).
  const loadersKey = (language: string) => (manifest ? Object.keys(manifest).find((k) => k.endsWith(`virtual:i18n/loaders/${language}`)) : undefined);
  const served = new Set(mod.SERVER_RENDERED_PATHS);
  const cache = new Map<string, Promise<RenderedResponse | null>>();
  const referralCache = new Map<string, Promise<RenderedResponse | null>>();
  let turn: Promise<unknown> = Promise.resolve();

  const inTurn = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = turn.then(fn, fn);
    turn = run.catch(() => undefined);
    return run;
  };

  // An entry ending in '/' (other than the root) stands for every path under it.
  const isBrowserRendered = (p: string) => mod.BROWSER_RENDERED_PATHS.some((b) => p === b || (b.length > 1 && b.endsWith('/') && p.startsWith(b)));

  const compressed = (html: string, status: 200 | 404): RenderedResponse => ({ status, ...precompress(Buffer.from(html)) });

  const build = async (url: string, language: string, appSettings: AppSettings): Promise<RenderedResponse | null> => {
    try {
      const r = await inTurn(() => mod.render(url, { language, appSettings }));
      const pathname = new URL(url, 'http://localhost').pathname;
      const state = JSON.stringify({ lang: r.lang, path: pathname, appSettings }).replace(/</g, '\\u003c');
      const needs = mod.hydrationNeeds(pathname);
      const modules = [needs.source, loadersKey(r.lang), ...['core', ...needs.groups].map((g) => catalogueKey(r.lang, g))].filter((k): k is string => Boolean(k));
      const html = pageHead(opts.template, opts.webDist, manifest, modules, classesInHtml(opts.template + r.html))
        .replace(/<html lang="[^"]*"/, `<html lang="${r.lang}" dir="${r.dir}"`)
        .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(r.title)}</title>`)
        .replace('<div id="root"></div>', `<div id="root">${r.html}</div><script type="application/json" id="ssr-state">${state}</script>`);
      return compressed(html, r.status);
    } catch (err) {
      opts.log(`could not render ${url} on the server; the browser renders it`, err);
      return null;
    }
  };

  const cached = (target: string, language: string, appSettings: AppSettings): Promise<RenderedResponse | null> => {
    // A page says what day it is (the legal pages' 'Last updated'): a new day in India, a new page.
    const key = `${target}\n${language}\n${dayInIndia()}\n${createHash('sha256').update(JSON.stringify(appSettings)).digest('base64url')}`;
    // Pages for referral links have their own, smaller room: links with made-up codes can only
    // push each other out, never the entry pages everyone gets.
    const pages = target.includes('?') ? referralCache : cache;
    let page = pages.get(key);
    if (!page) {
      page = build(target, language, appSettings);
      pages.set(key, page);
      if (pages.size > (pages === cache ? CACHE_LIMIT : REFERRAL_CACHE_LIMIT)) pages.delete(pages.keys().next().value!);
      // A failed render is tried again by the next request.
      void page.then((p) => p ?? pages.delete(key));
    }
    return page;
  };

  // The entry pages in English are rendered once the module is loaded, in the background, so the
  // first visitor after a start does not wait for a render (100-250 ms each on this machine).
  void opts
    .readSettings()
    .then(async (appSettings) => {
      for (const target of served) await cached(target, 'en', appSettings);
    })
    .catch(() => undefined);

  const shells = new Map<string, RenderedResponse>();

  return {
    async shell(request) {
      const headers = request.headers;
      const pathname = new URL(request.url, 'http://localhost').pathname;
      // The layout the app will choose: the phone's below 768 px, told apart here by the browser's own word.
      const ua = typeof headers['user-agent'] === 'string' ? headers['user-agent'] : '';
      const phone = headers['sec-ch-ua-mobile'] === '?1' || /Mobile|Android|iPhone/.test(ua);
      const needs = mod.signedInNeeds(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname, phone);
      if (!needs || !manifest) return null;
      const language = chooseLanguage(codes, typeof headers.cookie === 'string' ? headers.cookie : undefined, typeof headers['accept-language'] === 'string' ? headers['accept-language'] : undefined);
      const key = `${needs.sources.join(',')}\n${needs.groups.join(',')}\n${language}`;
      let shell = shells.get(key);
      if (!shell) {
        const modules = [...needs.sources, loadersKey(language), ...['core', ...needs.groups].map((g) => catalogueKey(language, g))].filter((k): k is string => Boolean(k));
        // The screen's loading state in #root: drawn at once, replaced by the app's first render.
        const loading = await inTurn(() => mod.renderLoading(language)).catch((err: unknown) => {
          opts.log('could not render the loading state on the server', err);
          return '';
        });
        const meta = mod.languages.find((l) => l.code === language);
        const html = pageHead(opts.template, opts.webDist, manifest, modules, undefined, SIGNED_IN_FONTS)
          .replace(/<html lang="[^"]*"/, `<html lang="${language}" dir="${meta?.dir === 'rtl' ? 'rtl' : 'ltr'}"`)
          .replace('<div id="root"></div>', `<div id="root">${loading}</div>`);
        shell = compressed(html, 200);
        if (loading) shells.set(key, shell);
      }
      return shell;
    },
    async page(request) {
      const headers = request.headers;
      const cookieHeader = typeof headers.cookie === 'string' ? headers.cookie : undefined;
      if (cookie(cookieHeader, SIGNED_IN_COOKIE) === '1') return null;
      const url = new URL(request.url, 'http://localhost');
      const pathname = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
      if (isBrowserRendered(pathname)) return null;
      // A known page, or the 404 page (one render for every unknown path).
      let target = served.has(pathname) ? pathname : '/404';
      const ref = url.searchParams.get('ref');
      if (target === '/register' && ref && REFERRAL_CODE.test(ref)) target = `/register?ref=${ref}`;
      const language = chooseLanguage(codes, cookieHeader, typeof headers['accept-language'] === 'string' ? headers['accept-language'] : undefined);
      return cached(target, language, await opts.readSettings());
    },
  };
}

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
