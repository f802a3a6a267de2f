// The loading screen. PyScript starts at once; its own downloads of the two big files
// (pyodide.asm.wasm, python_stdlib.zip) are watched byte by byte through a thin wrapper around
// fetch, so the bar shows real progress without downloading anything twice. Then the
// interpreter starts (PyScript's py:ready event) and the Python app (web/main.py) finishes the
// job by calling targiLoader.done(). Every text comes from the message catalog; the loading
// screen's own words are in the page (a JSON block tools/site.py writes into index.html, every
// language), so they are there before anything is fetched.
import { createAI } from "./ai-client.js";
import { createTabs } from "./tabs.js";

const TIMEOUT_S = 120;
const root = document.documentElement;
const $ = (id) => document.getElementById(id);

// {lang: {key: text}} of the loading screen, from the page itself.
const LOADING_WORDS = (() => {
  try {
    return JSON.parse($("loading-words").textContent);
  } catch {
    return {};
  }
})();

// The game's languages, in the order of docs/page.md; only those the build has a catalog for.
const LANGS = ["en", "de", "zh-Hans", "ja", "pl"].filter((l) => l === "en" || l in LOADING_WORDS);

// `?lang=xx` > the stored setting (targi.settings.lang) > the browser's languages > English.
function chooseLanguage() {
  const known = (tag) => {
    if (!tag) return null;
    if (LANGS.includes(tag)) return tag;
    const base = String(tag).toLowerCase().split("-")[0];
    const match = base === "zh" ? "zh-Hans" : base;
    return LANGS.includes(match) ? match : null;
  };
  const asked = new URLSearchParams(location.search).get("lang");
  if (LANGS.includes(asked)) return asked;
  try {
    const stored = known(JSON.parse(localStorage.getItem("targi.settings") || "{}").lang);
    if (stored && LANGS.includes(stored)) return stored;
  } catch {
    // storage blocked or the setting unreadable: the browser's languages decide
  }
  for (const tag of navigator.languages || [navigator.language]) {
    const lang = known(tag);
    if (lang) return lang;
  }
  return "en";
}

const LANG = chooseLanguage();
root.lang = LANG;
let catalog = { ...(LOADING_WORDS.en || {}), ...(LOADING_WORDS[LANG] || {}) };
let catalogLoaded = false; // the whole catalog, not just the loading words
let catalogSettled = () => {};
// Settles once the catalog is in or failed: web/interpreter.mjs waits for it, so that web/main.py
// never runs before it, however fast a snapshot restores.
const catalogReady = new Promise((resolve) => (catalogSettled = resolve));
const t = (key, params = {}) =>
  (catalog[key] ?? `[${key}]`).replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m));

let failed = false;
let watchdog = 0;
let creep = 0;

let shown = 0;
function setProgress(fraction) {
  // Never backwards: an estimate may be overtaken by a real figure, not undone by it.
  shown = Math.max(shown, Math.min(100, Math.round(fraction * 100)));
  const pct = shown;
  $("load-fill").style.width = pct + "%";
  $("load-bar").setAttribute("aria-valuenow", String(pct));
}

function setStage(name) {
  const order = ["download", "interpreter", "game"];
  const at = order.indexOf(name);
  order.forEach((stage, i) => {
    const li = $("stage-" + stage);
    li.classList.toggle("done", i < at);
    li.classList.toggle("now", i === at);
  });
}

// `message`: text, or a function giving it (so it can be worded again once the catalog is in).
// `network`: the connection may be to blame (a download failed or took too long), so say so.
let failure = () => "";
function fail(message, network = false) {
  if (failed || root.dataset.appState === "ready") return;
  failed = true;
  failure = typeof message === "function" ? message : () => message;
  if (root.dataset.preview) {
    endPreview();
    $("app").hidden = true; // the error screen, whole
  }
  clearTimeout(watchdog);
  clearInterval(creep);
  root.dataset.appState = "error";
  $("loading").setAttribute("aria-busy", "false");
  $("load-error-text").textContent = failure();
  $("load-error-hint").hidden = !network;
  $("load-error").hidden = false;
  $("load-retry").focus();
}

// The way out when the start fails: everything under the site's keys, as text to keep. Never
// writes; a browser that blocks storage throws even from the `localStorage` getter.
const SITE_PREFIX = "targi.";
function storedData() {
  const ls = window.localStorage;
  const data = {};
  for (let i = 0; i < ls.length; i++) {
    const key = ls.key(i);
    if (key !== null && key.startsWith(SITE_PREFIX)) data[key] = ls.getItem(key);
  }
  return JSON.stringify(data, null, 1);
}

async function copyStoredData() {
  const box = $("load-data");
  const status = $("load-copy-status");
  try {
    box.value = storedData();
  } catch (e) {
    status.textContent = t("storage.copy_failed", { reason: e.message || e });
    return;
  }
  box.hidden = false;
  box.select();
  try {
    await navigator.clipboard.writeText(box.value);
    status.textContent = t("storage.copy_done");
  } catch {
    status.textContent = t("storage.copy_shown");
  }
}

// "Start without stored data": the page plays in memory and leaves storage as it is.
const NO_STORAGE = "#storage=off";

function applyMessages(scope = document) {
  for (const el of scope.querySelectorAll("[data-msg]")) el.textContent = t(el.dataset.msg);
  for (const el of scope.querySelectorAll("[data-msg-placeholder]"))
    el.placeholder = t(el.dataset.msgPlaceholder);
  for (const el of scope.querySelectorAll("[data-msg-label]"))
    el.setAttribute("aria-label", t(el.dataset.msgLabel));
}

async function fetchText(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.text();
}

// The files whose bytes the bar counts: most of what the first visit downloads.
const WATCHED = ["pyodide.asm.wasm", "python_stdlib.zip"];
const watched = new Map(); // file name -> {received, total, done}
const nativeFetch = window.fetch.bind(window);
let onBytes = () => {};

// Count a response's bytes as they arrive, on a copy (a tee), and hand on the response itself:
// a Response made anew around a counting stream has no URL and none of the cache's metadata, so
// Chrome could neither read nor write its WebAssembly code cache, and every visit compiled
// pyodide.asm.wasm again (docs/build.md, "The wasm's code cache").
function counted(name, response) {
  // A compressed body arrives larger than its Content-Length: then the total is unknown.
  const length = Number(response.headers.get("content-length")) || 0;
  const entry = { received: 0, total: response.headers.get("content-encoding") ? 0 : length };
  watched.set(name, entry);
  onBytes();
  const reader = response.clone().body.getReader();
  (async () => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      entry.received += value.length;
      onBytes();
    }
    entry.done = true;
    onBytes();
  })().catch(() => {}); // the response itself fails the same way, for its reader to report
  return response;
}

function watchDownloads() {
  window.fetch = async (input, init) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const name = WATCHED.find((file) => new URL(url, location.href).pathname.endsWith("/" + file));
    if (!name) return nativeFetch(input, init);
    let response;
    try {
      response = await nativeFetch(input, init);
    } catch (e) {
      fail(() => t("loading.error.download", { file: name, reason: e.message || e }), true);
      throw e;
    }
    if (!response.ok) {
      const reason = `HTTP ${response.status}`;
      fail(() => t("loading.error.download", { file: name, reason }), true);
      return response;
    }
    return response.body ? counted(name, response) : response;
  };
}

// On a phone the dock (the decision at hand) sticks to the bottom of the screen, but at the top
// of the page it cannot rise above the table: its greatest height leaves room for the header,
// whose height changes with the text size and the language.
function measureHeader() {
  const head = document.querySelector("header.top");
  if (!head) return;
  const fit = () => root.style.setProperty("--head-h", `${head.offsetHeight}px`);
  fit();
  new ResizeObserver(fit).observe(head);
}

function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return;
  // A page already controlled by a worker is taken over when a new build is deployed; the files
  // it loads later (the AI worker's) would then be the new build's, so offer a reload. The game
  // is saved after every move, so reloading loses nothing, unless the page could not save
  // (html[data-storage] = "memory" or "full", set by the page): then the bar says to Share
  // first. A first visit's worker taking control is not an update.
  if (navigator.serviceWorker.controller) {
    const bar = $("update");
    // Dialogs start below the bar, so it covers none of their controls either.
    const fit = new ResizeObserver(() => root.style.setProperty("--update-h", `${bar.offsetHeight}px`));
    navigator.serviceWorker.addEventListener("controllerchange", () => {
      const unsaved = ["memory", "full"].includes(root.dataset.storage);
      $("update-text").textContent = t(unsaved ? "update.ready_unsaved" : "update.ready");
      bar.hidden = false;
      // At once too: the observer reports only at the next frame, and until then the bar
      // would cover the top of an open dialog.
      root.style.setProperty("--update-h", `${bar.offsetHeight}px`);
      fit.observe(bar);
    });
    $("update-reload").addEventListener("click", () => location.reload());
    $("update-later").addEventListener("click", () => {
      bar.hidden = true;
      fit.disconnect();
      root.style.removeProperty("--update-h");
    });
  }
  navigator.serviceWorker.register("./sw.js").catch((e) => console.warn("service worker:", e));
}

async function start() {
  applyMessages($("loading")); // the loading words, at once, in the player's language
  const preview = showLastTable();
  addEventListener("error", (e) => fail(() => t("loading.error.script", { reason: e.message })));
  addEventListener("unhandledrejection", (e) =>
    fail(() => t("loading.error.script", { reason: (e.reason && e.reason.message) || e.reason })),
  );
  $("load-retry").addEventListener("click", () => location.reload());
  $("load-no-storage").addEventListener("click", () => {
    location.hash = NO_STORAGE;
    location.reload();
  });
  $("load-copy-data").addEventListener("click", copyStoredData);
  // PyScript reports py:done even when the page's Python stopped with an error: without this,
  // only the watchdog would notice, two minutes later, and blame the connection.
  document.addEventListener(
    "py:done",
    () =>
      setTimeout(() => {
        if (root.dataset.appState === "loading") fail(() => t("loading.error.stopped"));
      }, 0),
    { capture: true, once: true },
  );
  watchdog = setTimeout(
    () => fail(() => t("loading.error.timeout", { seconds: TIMEOUT_S }), true),
    TIMEOUT_S * 1000,
  );

  setStage("download");
  setProgress(0.02);
  const mbFormat = new Intl.NumberFormat(LANG, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const mb = (n) => mbFormat.format(n / 1048576);
  let stage = "download";
  const interpreterStage = () => {
    if (stage !== "download") return;
    stage = "interpreter";
    setStage(stage);
    $("load-detail").textContent = "";
    // Starting the interpreter reports no progress of its own: the bar moves on an estimate,
    // never past the end of this stage, and jumps when PyScript says it is ready.
    const began = performance.now();
    creep = setInterval(() => {
      const s = (performance.now() - began) / 1000;
      setProgress(0.5 + 0.33 * (1 - Math.exp(-s / 1.5)));
    }, 100);
  };
  onBytes = () => {
    if (stage !== "download") return;
    let received = 0;
    let total = 0;
    let finished = 0;
    for (const entry of watched.values()) {
      received += entry.received;
      total += entry.total;
      finished += entry.done ? 1 : 0;
    }
    const known = watched.size === WATCHED.length && [...watched.values()].every((e) => e.total);
    const fraction = known ? received / total : 1 - Math.exp(-received / 8e6);
    setProgress(0.02 + 0.48 * Math.min(1, fraction));
    $("load-detail").textContent = known
      ? t("loading.bytes", { done: mb(received), total: mb(total) })
      : t("loading.bytes_unknown", { done: mb(received) });
    if (finished === WATCHED.length) interpreterStage();
  };
  document.addEventListener(
    "py:ready",
    () => {
      interpreterStage();
      clearInterval(creep);
      stage = "game";
      setStage(stage);
      setProgress(0.88);
    },
    { capture: true, once: true },
  );
  // PyScript starts before anything else is awaited; the catalog arrives meanwhile (the bar
  // has no words until then, and an early failure is worded once it is there).
  watchDownloads();
  measureHeader();
  // The interpreter starts now, not when PyScript's core gets to it; PyScript is handed this
  // same start (web/interpreter.mjs), which also reports any failure.
  import("./snapshot.mjs")
    .then((m) => m.startPythonOnce())
    .catch(() => {});
  const pyscript = import("../pyscript/core.js").catch((e) =>
    fail(() => t("loading.error.download", { file: "pyscript/core.js", reason: e.message }), true),
  );
  try {
    catalog = { ...catalog, ...JSON.parse(await fetchText(`./web/messages/${LANG}.json`)) };
    catalogLoaded = true;
  } catch (e) {
    fail(() => t("loading.error.download", { file: `web/messages/${LANG}.json`, reason: e.message }), true);
    return;
  } finally {
    catalogSettled();
  }
  await preview; // its words first, then the catalog's words over the whole page
  applyMessages();
  if (failed) $("load-error-text").textContent = failure(); // worded now
  await pyscript;
}

// ---- The last table, shown at once on a return visit ----------------------------------------
// While the game runs, the table's regions (their HTML as Python last drew them) are kept in
// Cache Storage, not in localStorage: they must never take the saved games' space. On the next
// visit they are drawn before Python is up, read-only (#app inert) and marked as loading
// (html[data-preview]); Python's first draw replaces them. Not when a link opens another game
// (a #fragment), storage is off, or the words were in another language.
const PREVIEW_CACHE = `targi-start:${new URL("./", location.href).pathname}`;
const PREVIEW_URL = new URL("./__last-table__", location.href).href;
const PREVIEW_REGIONS = ["status", "prompt", "tip", "board", "since", "choices", "players", "log"];

async function showLastTable() {
  if (location.hash || !("caches" in window)) return false;
  let kept;
  try {
    const hit = await (await caches.open(PREVIEW_CACHE)).match(PREVIEW_URL);
    if (!hit) return false;
    kept = await hit.json();
  } catch {
    return false; // unreadable: the normal loading screen
  }
  if (kept.lang !== LANG || root.dataset.appState !== "loading" || !kept.regions) return false;
  for (const id of PREVIEW_REGIONS) {
    const region = $(id);
    if (region && typeof kept.regions[id] === "string") region.innerHTML = kept.regions[id];
  }
  $("app").inert = true;
  $("app").setAttribute("aria-busy", "true");
  $("table").hidden = false;
  $("app").hidden = false;
  root.dataset.preview = "table";
  performance.mark("targi:last-table-shown");
  return true;
}

function endPreview() {
  if (!root.dataset.preview) return;
  delete root.dataset.preview;
  $("app").inert = false;
  $("app").removeAttribute("aria-busy");
}

let keepTimer = 0;
let leaving = false; // the page is being torn down: what it shows now is no table to keep
addEventListener("pagehide", () => {
  leaving = true;
  clearTimeout(keepTimer);
});
addEventListener("pageshow", () => (leaving = false));
let keepFirst = false; // the next keep follows Python's first draw
function keepLastTable(first = false) {
  clearTimeout(keepTimer);
  keepFirst ||= first;
  keepTimer = setTimeout(async () => {
    const afterFirstDraw = keepFirst;
    keepFirst = false;
    if (leaving || !("caches" in window) || location.hash === NO_STORAGE) return;
    try {
      const cache = await caches.open(PREVIEW_CACHE);
      // No game on the table (a first visit, or a stored game that could not be read): nothing
      // to show next time. Only decided right after Python's first draw; later, the table is
      // hidden for moments (another tab taking the game over, the page closing) that are no
      // reason to forget it.
      if ($("table").hidden) {
        if (afterFirstDraw) await cache.delete(PREVIEW_URL);
        return;
      }
      if ($("app").dataset.view === "review") return;
      const regions = {};
      for (const id of PREVIEW_REGIONS) if ($(id)) regions[id] = $(id).innerHTML;
      const body = JSON.stringify({ lang: LANG, regions });
      const headers = { "content-type": "application/json" };
      await cache.put(PREVIEW_URL, new Response(body, { headers }));
    } catch (e) {
      console.warn("last table not kept:", e); // only the next start's preview is lost
    }
  }, 300);
}

function watchTable() {
  new MutationObserver(() => keepLastTable()).observe($("table"), {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
    attributeFilter: ["hidden"],
  });
  keepLastTable(true);
}

// Called from web/main.py.
window.targiLoader = {
  catalogText: () => JSON.stringify(catalogLoaded ? catalog : {}),
  catalogReady,
  lang: LANG,
  noStorage: () => location.hash === NO_STORAGE,
  applyMessages,
  // The language menu (web/main.py): the static texts, <title> and <html lang> in another one.
  useCatalog(lang, text) {
    catalog = JSON.parse(text);
    root.lang = lang;
    applyMessages();
  },
  fail,
  done() {
    // The game is up: whatever stray error was reported meanwhile did not stop it.
    failed = false;
    $("load-error").hidden = true;
    window.fetch = nativeFetch; // the wrapper's job is done
    clearTimeout(watchdog);
    clearInterval(creep);
    setProgress(1);
    endPreview();
    watchTable();
    $("loading").hidden = true;
    $("loading").setAttribute("aria-busy", "false");
    $("app").hidden = false;
    root.dataset.appState = "ready";
    // Only now: the service worker's precaching would otherwise compete with the first load.
    registerServiceWorker();
  },
};
window.targiAI = createAI(new URL("./ai-worker.mjs", import.meta.url));
window.targiTabs = createTabs();

start();
