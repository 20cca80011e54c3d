// Vite build for the single-page app: root is web/, output goes to dist/web which the server serves.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const webRoot = path.dirname(fileURLToPath(import.meta.url));
const appName = process.env.APP_NAME ?? 'Referral Hub';

/** The page title and manifest-facing names follow APP_NAME at build time. */
function appNameInHtml(): Plugin {
  return {
    name: 'app-name-in-html',
    transformIndexHtml: (html) => html.replaceAll('%APP_NAME%', appName.replace(/[<>&"]/g, '')),
  };
}

export default defineConfig({
  root: webRoot,
  plugins: [react(), tailwindcss(), appNameInHtml()],
  define: {
    __APP_NAME__: JSON.stringify(appName),
    __BRAND__: JSON.stringify(process.env.BRAND ?? appName),
  },
  build: {
    outDir: path.resolve(webRoot, '../dist/web'),
    emptyOutDir: true,
    sourcemap: false,
    // The manifest lets the bundle test and benchmark compute what each route downloads.
    manifest: true,
    chunkSizeWarningLimit: 600,
  },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
      '/healthz': 'http://localhost:3000',
    },
  },
});
