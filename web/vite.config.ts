// Vite build for the single-page app: root is web/, output goes to dist/web which the server serves.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { i18nCatalogues } from './i18n/vite-plugin.ts';
import { lucideIconsInlined, SHELL_MODULES, signedInShared } from './bundling.ts';

const webRoot = path.dirname(fileURLToPath(import.meta.url));
const appName = process.env.APP_NAME ?? 'Referral Hub';

/** The page title and manifest-facing names follow APP_NAME at build time. */
function appNameInHtml(): Plugin {
  return {
    name: 'app-name-in-html',
    transformIndexHtml: (html) => html.replaceAll('%APP_NAME%', appName.replace(/[<>&"]/g, '')),
  };
}

/**
 * The app's modules are fetched at low priority: no first paint waits for them (an entry page
 * arrives drawn, a signed-in screen with its loading state), so the first round trips go to what
 * the paint does need, the stylesheet and the font. The server's own modulepreloads say the same
 * (server/web/server-render.ts).
 */
function modulesAtLowPriority(): Plugin {
  return {
    name: 'modules-at-low-priority',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html
          .replace(/<script type="module" crossorigin src=/g, '<script type="module" crossorigin fetchpriority="low" src=')
          .replace(/<link rel="modulepreload" crossorigin href=/g, '<link rel="modulepreload" crossorigin fetchpriority="low" href='),
    },
  };
}

const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest|txt|xml)$/;

/**
 * After the build, every text file gets a brotli (.br, best quality) and a gzip (.gz) twin beside it,
 * which the server sends to browsers that accept them: compressed once at build, not per request.
 */
function precompress(): Plugin {
  let outDir = path.resolve(webRoot, '../dist/web');
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      // The folder this build writes (--outDir may point elsewhere).
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] => readdirSync(dir).flatMap((name) => (statSync(path.join(dir, name)).isDirectory() ? walk(path.join(dir, name)) : [path.join(dir, name)]));
      for (const file of walk(outDir)) {
        if (file.endsWith('.br') || file.endsWith('.gz')) continue;
        if (!COMPRESSIBLE.test(file)) continue;
        const raw = readFileSync(file);
        if (raw.length < 512) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(raw, { level: 9 }));
      }
    },
  };
}

export default defineConfig(({ isSsrBuild, command }) => ({
  root: webRoot,
  plugins: [lucideIconsInlined(), react(), tailwindcss(), i18nCatalogues(), appNameInHtml(), modulesAtLowPriority(), ...(isSsrBuild ? [] : [precompress()])],
  resolve: {
    // React Router's package points every bundler at its development build (warnings and checks a
    // visitor never needs); the app's own build takes the production build it ships beside it.
    alias: isSsrBuild || command !== 'build' ? [] : [{ find: /^react-router$/, replacement: path.resolve(webRoot, '../node_modules/react-router/dist/production/index.mjs') }],
  },
  // The server's render module carries its packages (React, the router, Lingui) inside it, so it
  // runs wherever the build is put, with the same copies the app was built with.
  ssr: { noExternal: true },
  define: {
    __APP_NAME__: JSON.stringify(appName),
    __BRAND__: JSON.stringify(process.env.BRAND ?? appName),
  },
  // `vite build --ssr entry-server.tsx`: the module the server renders the entry pages with
  // (server/web/server-render.ts), into dist/web-ssr beside the web app.
  build: isSsrBuild
    ? { outDir: path.resolve(webRoot, '../dist/web-ssr'), emptyOutDir: true, sourcemap: false, minify: false, target: 'node20', copyPublicDir: false }
    : {
      outDir: path.resolve(webRoot, '../dist/web'),
      emptyOutDir: true,
      sourcemap: false,
      // The manifest lets the bundle test and benchmark compute what each route downloads.
      manifest: true,
      chunkSizeWarningLimit: 600,
      // Fonts stay files (fetched only when their text is on screen), however small.
      assetsInlineLimit: (file: string) => (file.endsWith('.woff2') ? false : undefined),
      rolldownOptions: {
        output: {
          codeSplitting: {
            // What every screen needs (router, query client, i18n runtime, session, sign-in layout
            // and form controls) as one chunk, instead of a dozen small ones that compress apart.
            // Then what the signed-in screens share (signedInShared).
            groups: [{ name: 'shell', test: SHELL_MODULES }, { name: signedInShared() }],
          },
        },
      },
    },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
      '/healthz': 'http://localhost:3000',
    },
  },
}));
