/*
 * Trapsmith's offline cache (a service worker, served as it is from public/).
 *
 * On install it caches the whole built site: index.html, then every file it names, then every
 * file those name (Vite's chunks name each other as "./name-hash.js", lazily loaded ones too), so
 * the game and its lazily loaded parts work offline after the first visit. Pages are served from
 * the network when it answers (a new deploy shows up at once, and is cached again), else from the
 * cache; the hashed assets are served from the cache first. Nothing outside this site's scope is
 * touched.
 */
const CACHE = 'trapsmith-v1';
const SCOPE = self.registration.scope;
const INDEX = new URL('./', SCOPE).href;
/** How many files one crawl may cache: far above the site's few dozen. */
const MAX_FILES = 400;
const ASSET = /\.(?:js|css|svg|png|webp|woff2?|json|webmanifest|txt)$/;

let crawling = null;
let lastFailed = 0;

/** Files named by an HTML, JS or CSS text, resolved against the file they appear in. */
function references(text, base) {
  const found = new Set();
  const patterns = [
    /(?:src|href)\s*=\s*["']([^"'#?]+)["']/g,
    /["'`]((?:\.{1,2}\/|assets\/)[^"'`\s#?]+)["'`]/g,
    /url\(\s*["']?([^"')#?]+)["']?\s*\)/g,
  ];
  for (const re of patterns) {
    for (const m of text.matchAll(re)) {
      const ref = m[1];
      if (!ASSET.test(ref) && !ref.endsWith('.html')) continue;
      // Vite's preload lists name files from the site's root ("assets/x.js"); imports from the chunk.
      const url = new URL(ref, ref.startsWith('assets/') ? SCOPE : base).href;
      if (url.startsWith(SCOPE)) found.add(url);
    }
  }
  return found;
}

/** Caches index.html and everything reachable from it; returns how many required files failed. */
async function crawl() {
  const cache = await caches.open(CACHE);
  const queue = [INDEX];
  const seen = new Set();
  let failed = 0;
  while (queue.length > 0 && seen.size < MAX_FILES) {
    const url = queue.shift();
    if (seen.has(url)) continue;
    seen.add(url);
    let res;
    try {
      res = await fetch(url, { cache: 'no-cache' });
    } catch {
      failed++;
      continue;
    }
    // A guessed name that is not a file (a string in a chunk that only looks like one) is skipped.
    if (!res.ok) {
      if (url === INDEX) failed++;
      continue;
    }
    await cache.put(url, res.clone());
    if (url === INDEX || /\.(?:js|css|html)$/.test(new URL(url).pathname)) {
      for (const ref of references(await res.text(), url)) if (!seen.has(ref)) queue.push(ref);
    }
  }
  // A complete crawl is the whole site: drop what older builds left behind.
  if (failed === 0) for (const req of await cache.keys()) if (!seen.has(req.url)) await cache.delete(req);
  lastFailed = failed;
  return failed;
}

function recrawl() {
  crawling = crawl().catch(() => {
    lastFailed = 1;
    return 1;
  });
  return crawling;
}

self.addEventListener('install', (event) => {
  event.waitUntil(recrawl().then(() => self.skipWaiting()));
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
      // A worker restarted by the browser has no crawl in memory: the cached index says it is done.
      const failed = crawling ? await crawling : (await (await caches.open(CACHE)).match(INDEX)) ? lastFailed : await recrawl();
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
      if (old && (await old.text()) !== fresh) event.waitUntil(recrawl());
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
