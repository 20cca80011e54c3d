// How the web app's code is cut into files (web/vite.config.ts): the shell every screen needs, the
// chunk the signed-in screens share, and icons copied into the modules that draw them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const webRoot = path.dirname(fileURLToPath(import.meta.url));

const lucideDist = path.resolve(webRoot, '../node_modules/lucide-react/dist/esm');

/**
 * `import { ArrowRight } from 'lucide-react'` becomes `const ArrowRight = createLucideIcon({...})`,
 * with the icon's own drawing copied out of its module in the package: each icon lives in the
 * modules that use it, instead of in a file of its own. An icon two screens share would otherwise
 * be a chunk of a few hundred bytes of drawing under a kilobyte of headers, fetched six at a time
 * over a phone's HTTP/1.1 connections (the wallet asked for thirteen of them). A screen carries
 * the same drawings either way; two screens that share an icon each carry it. Names the package's
 * list does not have as icons (types, helpers) stay imported from the package.
 */
export function lucideIconsInlined(): Plugin {
  let files: Map<string, string> | null = null;
  const iconFiles = (): Map<string, string> => {
    if (files) return files;
    files = new Map();
    const list = readFileSync(path.join(lucideDist, 'lucide-react.mjs'), 'utf8');
    for (const [, names, file] of list.matchAll(/export \{([^}]+)\} from '\.\/icons\/([a-z0-9-]+)\.mjs';/g)) {
      for (const [, name] of names!.matchAll(/default as (\w+)/g)) files.set(name!, file!);
    }
    return files;
  };
  const drawings = new Map<string, string>();
  /** The icon's data object (name, size, drawing) as its module in the package writes it. */
  const drawing = (file: string): string => {
    let data = drawings.get(file);
    if (data === undefined) {
      const source = readFileSync(path.join(lucideDist, 'icons', `${file}.mjs`), 'utf8');
      const found = /const __iconData = (\{[\s\S]*?\n\});/.exec(source);
      if (!found) throw new Error(`lucide-react/icons/${file}: no __iconData in its module`);
      drawings.set(file, (data = found[1]!));
    }
    return data;
  };
  const factory = JSON.stringify(path.join(lucideDist, 'createLucideIcon.mjs'));
  return {
    name: 'lucide-icons-inlined',
    enforce: 'pre',
    transform(code, id) {
      if (!/\/web\/.*\.tsx?$/.test(id) || !code.includes("from 'lucide-react'")) return null;
      let inlined = false;
      const out = code.replace(/import \{([^}]+)\} from 'lucide-react';/g, (statement, specifiers: string) => {
        const kept: string[] = [];
        const icons: string[] = [];
        for (const raw of specifiers.split(',').map((part) => part.trim()).filter(Boolean)) {
          const [name, local = name] = raw.split(/\s+as\s+/);
          const file = iconFiles().get(name!);
          if (raw.startsWith('type ') || !file) kept.push(raw);
          else icons.push(`const ${local} = /* @__PURE__ */ __createLucideIcon(${drawing(file).replace(/\s*\n\s*/g, ' ')});`);
        }
        if (icons.length > 0) inlined = true;
        // Types only: an import the compiler removes, rather than `import {} from` loading the whole list.
        const onlyTypes = kept.every((name) => name.startsWith('type '));
        const rest = kept.length === 0 ? [] : onlyTypes ? [`import type { ${kept.map((name) => name.slice(5)).join(', ')} } from 'lucide-react';`] : [`import { ${kept.join(', ')} } from 'lucide-react';`];
        return [...rest, ...icons].join(' ') || statement;
      });
      // One import of the factory, first, so the icons' constants may follow any import.
      return inlined ? `import __createLucideIcon from ${factory};\n${out}` : out;
    },
  };
}

/** What every screen needs: the router, query client, i18n runtime, session, sign-in layout and form controls. */
export const SHELL_MODULES =
  /node_modules\/(react-router|@tanstack|@lingui|clsx|tailwind-merge)\/|web\/(i18n\/(i18n|t|server-text)\.ts|lib\/(api-client|auth|accessibility|account-language|format|format-locale|cn|app-settings|use-countdown|document-title|preloadable)\.tsx?|components\/(language-switch|layout\/(auth-layout|public-layout|footer-links|skip-link|accessibility-button|brand-mark)|ui\/(button|input|field|spinner|password-input|phone-input|otp-input))\.tsx)$/;

/** The screens a signed-in person opens, and the two layouts around them. */
const SIGNED_IN_ROOTS =
  /web\/(routes\/(dashboard|manual-payment|upi-payment|wallet|referrals|spin|payments|transactions|profile)|components\/layout\/(mobile|desktop)-layout)\.tsx$/;
/** Parts loaded later by signed-in screens and the admin panel: they may use the chunk, but do not count towards it. */
const SIGNED_IN_LATER =
  /web\/(routes\/admin\.tsx|features\/(admin|admins|admin-security|data-requests|ledger|reconciliation|tax)\/components\/|components\/layout\/(mobile-drawer|notification-menu)\.tsx|features\/(wallet\/components\/(correct-payout-dialog|wallet-records)|spin\/components\/spin-wheel|privacy\/components\/consent-gate)\.tsx)/;
const SIGNED_IN_LAYOUT = /web\/components\/layout\/(mobile|desktop)-layout\.tsx$/;
/** Our own modules and the icons: a package's modules stay together in the chunks the bundler makes for them. */
const SIGNED_IN_SHAREABLE = /\/web\/|node_modules\/lucide-react\//;

/** What a chunk group's name function can read of the module graph. */
interface ModuleGraph {
  getModuleInfo(id: string): { importers: readonly string[]; dynamicImporters: readonly string[]; importedIds: readonly string[]; isEntry: boolean } | null;
}

/**
 * The chunk of what the signed-in screens share: each of our modules (and each icon) that three or
 * more of them, or their layout, import, and that no entry page needs (the admin panel and the
 * parts a screen loads later may use it too). Without it the bundler makes one chunk per set of
 * importers, and the wallet asked for 56 files, most of them a few hundred bytes of code under a
 * kilobyte of headers, fetched six at a time over a phone's HTTP/1.1 connections.
 */
export function signedInShared(): (id: string, ctx: ModuleGraph) => string | null {
  /** The chunk roots (dynamically imported modules, or 'elsewhere' for any other) that reach `id` by static imports. */
  const rootsOf = (id: string, ctx: ModuleGraph): Set<string> => {
    const found = new Set<string>();
    const seen = new Set<string>([id]);
    const queue = [id];
    for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
      const info = ctx.getModuleInfo(next);
      // A module the graph does not know (the page's own script) or that nothing imports is an entry.
      if (!info || info.isEntry || (info.importers.length === 0 && info.dynamicImporters.length === 0)) {
        found.add('elsewhere');
        continue;
      }
      if (info.dynamicImporters.length > 0) found.add(SIGNED_IN_ROOTS.test(next) ? next : SIGNED_IN_LATER.test(next) ? 'later' : 'elsewhere');
      for (const importer of info.importers) {
        if (!seen.has(importer)) {
          seen.add(importer);
          queue.push(importer);
        }
      }
    }
    return found;
  };
  const reach = new Map<string, Set<string>>();
  const reachOf = (id: string, ctx: ModuleGraph): Set<string> => {
    let r = reach.get(id);
    if (!r) reach.set(id, (r = rootsOf(id, ctx)));
    return r;
  };
  const signedInOnly = (id: string, ctx: ModuleGraph) => {
    const r = reachOf(id, ctx);
    return r.size > 0 && !r.has('elsewhere');
  };
  // A captured module brings its imports with it (includeDependenciesRecursively): a module joins
  // only if everything it imports is in the shell or could join too, so nothing an entry page needs
  // is pulled in behind it.
  const joinable = new Map<string, boolean>();
  const canJoin = (id: string, ctx: ModuleGraph): boolean => {
    const known = joinable.get(id);
    if (known !== undefined) return known;
    joinable.set(id, true); // an import cycle is judged by its other imports
    const info = ctx.getModuleInfo(id);
    const ok = !!info && signedInOnly(id, ctx) && info.importedIds.every((dep) => SHELL_MODULES.test(dep) || inShell(dep, ctx) || canJoin(dep, ctx));
    joinable.set(id, ok);
    return ok;
  };
  /** Imported (directly or not) by a shell module. */
  const shellMemo = new Map<string, boolean>();
  const inShell = (id: string, ctx: ModuleGraph): boolean => {
    const known = shellMemo.get(id);
    if (known !== undefined) return known;
    shellMemo.set(id, false);
    const info = ctx.getModuleInfo(id);
    const ok = !!info && info.importers.some((importer) => SHELL_MODULES.test(importer) || inShell(importer, ctx));
    shellMemo.set(id, ok);
    return ok;
  };
  return (id, ctx) => {
    if (!SIGNED_IN_SHAREABLE.test(id) || !signedInOnly(id, ctx)) return null;
    const roots = [...reachOf(id, ctx)].filter((root) => root !== 'later');
    const byLayout = roots.some((root) => SIGNED_IN_LAYOUT.test(root));
    if (!byLayout && roots.length < 3) return null;
    return canJoin(id, ctx) ? 'signed-in' : null;
  };
}
