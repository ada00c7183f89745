// The service worker of 点数記録 and the calculator: the pages, their scripts, styles,
// messages and tile images are kept, so /score and /calc open without the server; the
// session's entries wait in the page's own queue (score.js) until the server is back.
//
// Network first (a fresh copy whenever the server answers), the kept copy otherwise. Only
// GETs of this origin are kept; the API's writes and the WebSocket pass through untouched.

const CACHE = 'jantaku-score-v2';
const SHELL = [
  '/score', '/calc',
  '/static/score.js', '/static/score-state.js', '/static/score-entry.js', '/static/score-start.js',
  '/static/scorekit.js', '/static/calc.js', '/static/calc-page.js',
  '/static/score.css', '/static/tiles.js', '/static/i18n.js', '/static/api.js', '/static/dom.js',
  // i18n.js reads the merged catalogue: without it kept, an offline reload shows keys.
  '/api/i18n/ja', '/api/i18n/en', '/api/presets',
  '/static/i18n/ja/score.json', '/static/i18n/en/score.json',
  '/static/i18n/ja/calc.json', '/static/i18n/en/calc.json',
];

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((c) => c.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) if (key !== CACHE) await caches.delete(key);
    await self.clients.claim();
  })());
});

self.addEventListener('fetch', (event) => {
  const req = event.request;
  const url = new URL(req.url);
  if (req.method !== 'GET' || url.origin !== self.location.origin) return;
  if (url.pathname.includes('/export.')) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    try {
      const res = await fetch(req);
      if (res.ok) cache.put(req, res.clone());
      return res;
    } catch (e) {
      const kept = await cache.match(req, { ignoreSearch: url.pathname === '/score' || url.pathname === '/calc' });
      if (kept) return kept;
      throw e;
    }
  })());
});
