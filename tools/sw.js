// The site's service worker. `python build.py` (tools/sw.py) writes it to site/sw.js, replacing
// each value marked with a `build: NAME` comment (and the default after it) by the build's own.
// It precaches every file of the site build, so that after one visit the game loads and plays
// with no network. Paths are relative to the worker's scope, so the site works under any
// sub-path (GitHub Pages project sites).
const VERSION = /* build: VERSION */ "dev";
const FILES = /* build: FILES */ [];
// Sites on one origin (user.github.io/a/, user.github.io/b/) share CacheStorage: cache names
// carry the scope so each site only ever deletes its own old versions.
const PREFIX = "targi:" + self.registration.scope + ":";
const CACHE = PREFIX + VERSION;
const scoped = (path) => new URL(path, self.registration.scope).href;
const REVALIDATE = { cache: "no-cache" };

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      // cache: "no-cache" revalidates every file with the server (never a stale copy in a new
      // version) while files the page has just downloaded come back as cheap 304s.
      .then((cache) => cache.addAll(FILES.map((f) => new Request(scoped(f), REVALIDATE))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys.filter((k) => k.startsWith(PREFIX) && k !== CACHE).map((k) => caches.delete(k)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) {
    return;
  }
  const navigate = request.mode === "navigate";
  event.respondWith(
    caches.open(CACHE).then(async (cache) => {
      const hit = await cache.match(request, { ignoreSearch: navigate });
      if (hit) {
        return hit;
      }
      try {
        return await fetch(request);
      } catch (error) {
        // Offline navigation to any URL of the site (e.g. index.html?x) gets the page.
        const page = navigate ? await cache.match(scoped("./")) : undefined;
        if (page) {
          return page;
        }
        throw error;
      }
    }),
  );
});
