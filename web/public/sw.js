// Service worker: keeps the app shell for offline starts. Navigation is network-first and revalidates
// with the server (so a new deploy's index.html, naming new hashed chunks, is used at once; the cached
// shell is only the offline fallback), hashed /assets/ are cache-first, and /api is never touched:
// not cached, not even proxied (money data must be live).
const CACHE = 'rh-shell-v1';
const SHELL = ['/', '/manifest.webmanifest', '/favicon-48.png'];

self.addEventListener('install', (event) => {
  // cache: 'reload' so the precached shell comes from the server, not from the HTTP cache.
  event.waitUntil(
    caches
      .open(CACHE)
      .then((c) => c.addAll(SHELL.map((u) => new Request(u, { cache: 'reload' }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys().then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k)))).then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET') return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname === '/api' || url.pathname.startsWith('/api/') || url.pathname === '/healthz') return;
  if (req.mode === 'navigate') {
    event.respondWith(
      // no-cache: always ask the server (a 304 is cheap), never a stale index.html from the HTTP cache.
      fetch(req, { cache: 'no-cache' })
        .then((res) => {
          if (res.ok && (res.headers.get('content-type') || '').includes('text/html')) {
            const copy = res.clone();
            caches.open(CACHE).then((c) => c.put('/', copy));
          }
          return res;
        })
        .catch(() => caches.match('/').then((r) => r || Response.error())),
    );
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(
      caches.match(req).then(
        (hit) =>
          hit ||
          fetch(req).then((res) => {
            if (res.ok) {
              const copy = res.clone();
              caches.open(CACHE).then((c) => c.put(req, copy));
            }
            return res;
          }),
      ),
    );
  }
});
