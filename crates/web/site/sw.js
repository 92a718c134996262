// The static site's service worker: after the first visit, the page works offline (and
// can be installed on a phone's home screen). Every file of the site is stored at install
// time under a cache named for this build (scripts/build-site.sh writes the build's hash
// in place of BUILD), then served from there; a new build's worker replaces the old
// cache when it takes over. The files are all the site has: it asks no server for
// anything else.
const CACHE = 'maze-BUILD';
const FILES = FILE_LIST;

self.addEventListener('install', (e) => {
  e.waitUntil(caches.open(CACHE).then((c) => c.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (e) => {
  e.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('maze-') && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (e) => {
  if (e.request.method !== 'GET') return;
  const url = new URL(e.request.url);
  if (url.origin !== location.origin) return;
  // A shared link (index.html#shape=hex...) and the bare directory are the page itself.
  e.respondWith(
    caches.match(e.request, { ignoreSearch: true })
      .then((hit) => hit || (url.pathname.endsWith('/') ? caches.match('./') : undefined))
      .then((hit) => hit || fetch(e.request)),
  );
});
