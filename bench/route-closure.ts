// What a browser downloads to show one route: the entry's static import closure plus the route
// chunk's, read from Vite's build manifest. Shared by the bundle benchmark and the bundle test.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** The budget for the JavaScript needed to show /login, gzipped (issue: 120 KB). */
export const LOGIN_JS_BUDGET_KB = 120;

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
