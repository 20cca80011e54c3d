// What a browser downloads to show one route: the entry's static import closure plus the route
// chunk's, read from Vite's build manifest. Shared by the bundle benchmark and the bundle test.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** The budget for the JavaScript needed to show /login, gzipped (issue: 120 KB). */
export const LOGIN_JS_BUDGET_KB = 120;

/**
 * The JavaScript (gzip, texts included) a phone downloads before the two signed-in screens
 * Lighthouse measures can draw (issue 27): what they needed before, less the menus, dialogs and
 * libraries that only a tap or another screen uses (dashboard 182 KB, wallet 234 KB before; the
 * wallet 185 KB until its month list's Radix code waited for a tap, 157 KB until its statement and
 * histories became code fetched after its first paint).
 */
export const SIGNED_IN_JS_BUDGETS_KB = { 'routes/dashboard.tsx': 146, 'routes/wallet.tsx': 148 } as const;

/**
 * How many JavaScript files those screens may ask for before they draw. A phone fetches them six
 * at a time from an HTTP/1.1 server, so each round of six costs a round trip; most were a few
 * hundred bytes of code under a kilobyte of headers until the signed-in screens' shared modules
 * became one chunk (39 and 56 files before), and until icons were copied into the modules that
 * draw them and the wallet's records waited for its first paint (30 and 43 files before).
 */
export const SIGNED_IN_FILE_BUDGETS = { 'routes/dashboard.tsx': 22, 'routes/wallet.tsx': 25 } as const;

export interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
}
export type Manifest = Record<string, ManifestChunk>;

export function readManifest(distDir: string): Manifest {
  return JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/** Manifest keys (source paths or shared chunk names) loaded statically to show `routeKey`. */
export function routeClosureKeys(manifest: Manifest, routeKey: string): string[] {
  const keys = new Set<string>();
  const visit = (key: string) => {
    if (keys.has(key) || !manifest[key]) return;
    keys.add(key);
    for (const imp of manifest[key]!.imports ?? []) visit(imp);
  };
  const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  if (!entry) throw new Error('no entry in the Vite manifest');
  visit(entry);
  visit(routeKey);
  return [...keys];
}

/** Gzipped size in KB of the JavaScript files behind some manifest keys. */
export function gzipKb(distDir: string, manifest: Manifest, keys: string[]): number {
  const files = new Set(keys.map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js')));
  let bytes = 0;
  for (const f of files) bytes += gzipSync(readFileSync(path.join(distDir, f)), { level: 9 }).length;
  return bytes / 1024;
}

/**
 * The Devanagari font a Hindi reader downloads once (one variable-weight WOFF2 file, already
 * compressed), allowed on top of the JavaScript budget for /login in Hindi.
 */
export const DEVANAGARI_FONT_BUDGET_KB = 120;

/** The manifest key of a language's group of texts (one chunk each). */
export function catalogueKey(manifest: Manifest, language: string, group: string): string {
  const key = Object.keys(manifest).find((k) => k.endsWith(`virtual:i18n/catalogue/${language}/${group}`));
  if (!key) throw new Error(`no ${group} catalogue chunk for ${language} in the Vite manifest`);
  return key;
}

/** Manifest keys to show /login in a language: the route's closure and that language's core texts. */
export function loginClosureKeys(manifest: Manifest, language: string): string[] {
  const catalogue = catalogueKey(manifest, language, 'core');
  // Another language than English also fetches its table of catalogue chunks first.
  const loaders = Object.keys(manifest).find((k) => k.endsWith(`virtual:i18n/loaders/${language}`));
  return [...new Set([...routeClosureKeys(manifest, 'routes/login.tsx'), ...routeClosureKeys(manifest, catalogue), ...(loaders ? routeClosureKeys(manifest, loaders) : [])])];
}

/** Size in KB of the built font file for a script (its name from the fontsource package). */
export function fontKb(distDir: string, script: string): number {
  const assets = readdirSync(path.join(distDir, 'assets'));
  const file = assets.find((f) => f.includes(`${script}-wght-normal`) && f.endsWith('.woff2'));
  if (!file) throw new Error(`no ${script} font in the build`);
  return statSync(path.join(distDir, 'assets', file)).size / 1024;
}

/**
 * Manifest keys to show a signed-in screen on a phone in English: the app, the screen's and the
 * phone layout's modules, and the texts every screen and the signed-in screens need.
 */
export function signedInClosureKeys(manifest: Manifest, routeKey: string): string[] {
  const keys = [routeKey, 'components/layout/mobile-layout.tsx', catalogueKey(manifest, 'en', 'core'), catalogueKey(manifest, 'en', 'app')];
  return [...new Set(keys.flatMap((k) => routeClosureKeys(manifest, k)))];
}
