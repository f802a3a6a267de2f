// The site's service worker. `python build.py` (tools/sw.py) writes it to site/sw.js, replacing
// each value marked with a `build: NAME` comment (and the default after it) by the build's own.
// It precaches every file of the site build, so that after one visit the game loads and plays
// with no network. Paths are relative to the worker's scope, so the site works under any
// sub-path (GitHub Pages project sites).
const VERSION = /* build: VERSION */ "dev";
const FILES = /* build: FILES */ [];
// Files a friend game installs on first use (tools/vendor.py): not precached, so a player who
// never plays a friend downloads nothing more; cached when first fetched, so a friend game
// plays offline once it has been used, and carried into each new version's cache.
const ON_DEMAND = /* build: ON_DEMAND */ [];
// Sites on one origin (user.github.io/a/, user.github.io/b/) share CacheStorage: cache names
// carry the scope so each site only ever deletes its own old versions.
const PREFIX = "targi:" + self.registration.scope + ":";
const CACHE = PREFIX + VERSION;
const scoped = (path) => new URL(path, self.registration.scope).href;
const REVALIDATE = { cache: "no-cache" };
const onDemand = new Set(ON_DEMAND.map(scoped));

// The on-demand files an older version's cache holds, copied into the new cache (their names
// carry their versions and the build checks their sha256, so the bytes are the same).
async function keepOnDemand(cache) {
  for (const key of await caches.keys()) {
    if (!key.startsWith(PREFIX) || key === CACHE) {
      continue;
    }
    const old = await caches.open(key);
    for (const url of onDemand) {
      const hit = await old.match(url);
      if (hit && !(await cache.match(url))) {
        await cache.put(url, hit);
      }
    }
  }
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      // cache: "no-cache" revalidates every file with the server (never a stale copy in a new
      // version) while files the page has just downloaded come back as cheap 304s.
      .then(async (cache) => {
        await cache.addAll(FILES.map((f) => new Request(scoped(f), REVALIDATE)));
        await keepOnDemand(cache);
      })
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
        const response = await fetch(request);
        if (response.ok && onDemand.has(request.url)) {
          await cache.put(request, response.clone());
        }
        return response;
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
