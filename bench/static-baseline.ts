// The baseline for first paint: the same web build served by a bare static server that sends
// brotli-compressed files prepared in advance (the best a server can do with this build), and
// index.html for every other path. Compares how much of /login's first paint is our server's doing.
//   PORT, WEB_DIST
import { createServer } from 'node:http';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';

const root = path.resolve(process.env.WEB_DIST ?? 'dist/web');
const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.woff2': 'font/woff2', '.json': 'application/json', '.webmanifest': 'application/manifest+json', '.png': 'image/png' };

const files = new Map<string, { raw: Buffer; br: Buffer; type: string }>();
function walk(dir: string) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full);
    else {
      const raw = readFileSync(full);
      files.set('/' + path.relative(root, full).split(path.sep).join('/'), {
        raw,
        br: brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        type: TYPES[path.extname(full)] ?? 'application/octet-stream',
      });
    }
  }
}
walk(root);

createServer((req, res) => {
  const url = (req.url ?? '/').split('?')[0]!;
  if (url === '/healthz') return void res.end('{"status":"ok"}');
  const file = files.get(url) ?? files.get('/index.html')!;
  const br = /\bbr\b/.test(String(req.headers['accept-encoding'] ?? ''));
  res.setHeader('content-type', file.type);
  res.setHeader('cache-control', url.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
  if (br) res.setHeader('content-encoding', 'br');
  res.end(br ? file.br : file.raw);
}).listen(Number(process.env.PORT ?? 0), '127.0.0.1');
