/*
 * Trapsmith's offline cache (a service worker, served as it is from public/).
 *
 * On install it caches the whole built site: index.html and every file in precache.json, the list
 * the build writes of every file it emitted (vite.config.ts, by the names the bundler gave them:
 * lazily loaded chunks and the Balance Lab's Web Worker included), so the game, the Lab and the
 * heat map work offline after the first visit. No file name is guessed from the code. Pages are
 * served from the network when it answers (a new deploy shows up at once, and its list is cached
 * again), else from the cache; the hashed assets are served from the cache first. Nothing outside
 * this site's scope is touched.
 */
const CACHE = 'trapsmith-v2';
const SCOPE = self.registration.scope;
const INDEX = new URL('./', SCOPE).href;
const MANIFEST = new URL('./precache.json', SCOPE).href;
/** How many files one list may name: far above the site's few dozen. */
const MAX_FILES = 400;
/** Files fetched at once while caching. */
const PARALLEL = 6;

let caching = null;
let lastFailed = 0;

/** The site's files as URLs in scope, from the build's list; null when the list cannot be read. */
async function siteFiles() {
  let list;
  try {
    const res = await fetch(MANIFEST, { cache: 'no-cache' });
    if (!res.ok) return null;
    list = await res.json();
  } catch {
    return null;
  }
  if (!list || !Array.isArray(list.files)) return null;
  const urls = new Set([INDEX]);
  for (const f of list.files.slice(0, MAX_FILES)) {
    if (typeof f !== 'string') continue;
    const url = new URL(f, SCOPE).href;
    if (url.startsWith(SCOPE)) urls.add(url);
  }
  return urls;
}

/** Caches every file the build lists; returns how many could not be cached. */
async function cacheSite() {
  const cache = await caches.open(CACHE);
  const urls = await siteFiles();
  if (!urls) {
    lastFailed = 1;
    return 1;
  }
  const queue = [...urls];
  let failed = 0;
  const next = async () => {
    for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
      try {
        const res = await fetch(url, { cache: 'no-cache' });
        if (res.ok) await cache.put(url, res);
        else failed++;
      } catch {
        failed++;
      }
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, next));
  // A complete list is the whole site: drop what older builds left behind.
  if (failed === 0) for (const req of await cache.keys()) if (!urls.has(req.url)) await cache.delete(req);
  lastFailed = failed;
  return failed;
}

function recache() {
  caching = cacheSite().catch(() => {
    lastFailed = 1;
    return 1;
  });
  return caching;
}

self.addEventListener('install', (event) => {
  event.waitUntil(recache().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name.startsWith('trapsmith-') && name !== CACHE) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  if (event.data?.type !== 'trapsmith-status') return;
  event.waitUntil(
    (async () => {
      // A worker restarted by the browser has no caching in memory: the cached index says it is done.
      const failed = caching ? await caching : (await (await caches.open(CACHE)).match(INDEX)) ? lastFailed : await recache();
      event.source?.postMessage({ type: 'trapsmith-cached', failed });
    })(),
  );
});

/** A page: the network first (a new deploy is seen at once), else the cached index.html. */
async function page(event) {
  const cache = await caches.open(CACHE);
  try {
    const res = await fetch(event.request);
    if (res.ok) {
      const key = new URL(event.request.url);
      key.search = '';
      key.hash = '';
      const old = await cache.match(key.href);
      const fresh = await res.clone().text();
      await cache.put(key.href, res.clone());
      // Another index.html is another build: cache its files too, while the page loads.
      if (old && (await old.text()) !== fresh) event.waitUntil(recache());
    }
    return res;
  } catch {
    return (
      (await cache.match(event.request, { ignoreSearch: true })) ??
      (await cache.match(INDEX)) ??
      new Response('Trapsmith is offline and was not cached yet.', { status: 503, headers: { 'content-type': 'text/plain' } })
    );
  }
}

/** A file: the cache first (hashed names never change), else the network, kept for next time. */
async function file(request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request, { ignoreSearch: true });
  if (hit) return hit;
  try {
    const res = await fetch(request);
    if (res.ok && res.type === 'basic') await cache.put(request, res.clone());
    return res;
  } catch {
    return new Response('', { status: 504, statusText: 'offline' });
  }
}

self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET' || !req.url.startsWith(SCOPE)) return;
  event.respondWith(req.mode === 'navigate' ? page(event) : file(req));
});
