// The loading screen: fetch the big files with a real progress bar (so the browser's cache and
// the service worker hold them) while PyScript starts; the Python app (web/main.py) finishes
// the job by calling targiLoader.done(). Every text comes from the message catalog.
import { createAI } from "./ai-client.js";

const LANG = "en";
const TIMEOUT_S = 120;
const root = document.documentElement;
const $ = (id) => document.getElementById(id);

let catalog = {};
const t = (key, params = {}) =>
  (catalog[key] ?? `[${key}]`).replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m));

let failed = false;
let watchdog = 0;
let creep = 0;

function setProgress(fraction) {
  const pct = Math.max(0, Math.min(100, Math.round(fraction * 100)));
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

function fail(message) {
  if (failed || root.dataset.appState === "ready") return;
  failed = true;
  clearTimeout(watchdog);
  clearInterval(creep);
  root.dataset.appState = "error";
  $("loading").setAttribute("aria-busy", "false");
  $("load-error-text").textContent = message;
  $("load-error").hidden = false;
  $("load-retry").focus();
}

function applyMessages(scope = document) {
  for (const el of scope.querySelectorAll("[data-msg]")) el.textContent = t(el.dataset.msg);
  for (const el of scope.querySelectorAll("[data-msg-placeholder]"))
    el.placeholder = t(el.dataset.msgPlaceholder);
}

async function fetchText(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.text();
}

// Download every file in `urls` in parallel, reporting received bytes against the total.
async function download(urls, onProgress) {
  const sizes = new Map();
  const received = new Map();
  const report = () => {
    let total = 0;
    let done = 0;
    for (const url of urls) {
      total += sizes.get(url) || 0;
      done += received.get(url) || 0;
    }
    onProgress(done, total);
  };
  await Promise.all(
    urls.map(async (url) => {
      let response;
      try {
        response = await fetch(url);
      } catch (e) {
        throw new Error(t("loading.error.download", { file: url, reason: e.message || e }));
      }
      if (!response.ok)
        throw new Error(t("loading.error.download", { file: url, reason: `HTTP ${response.status}` }));
      sizes.set(url, Number(response.headers.get("content-length")) || 0);
      received.set(url, 0);
      const reader = response.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        received.set(url, received.get(url) + value.length);
        if (!sizes.get(url)) sizes.set(url, received.get(url));
        report();
      }
    }),
  );
}

function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker.register("./sw.js").catch((e) => console.warn("service worker:", e));
}

async function start() {
  addEventListener("error", (e) => fail(t("loading.error.script", { reason: e.message })));
  addEventListener("unhandledrejection", (e) =>
    fail(t("loading.error.script", { reason: (e.reason && e.reason.message) || e.reason })),
  );
  $("load-retry").addEventListener("click", () => location.reload());
  watchdog = setTimeout(() => fail(t("loading.error.timeout", { seconds: TIMEOUT_S })), TIMEOUT_S * 1000);

  const buildText = fetchText("./build.json"); // in parallel with the catalog
  buildText.catch(() => {}); // reported below, once the catalog can word it
  try {
    catalog = JSON.parse(await fetchText(`./web/messages/${LANG}.json`));
  } catch (e) {
    catalog = {};
    fail(`web/messages/${LANG}.json: ${e.message}`);
    return;
  }
  document.documentElement.lang = LANG;
  applyMessages();
  registerServiceWorker();

  setStage("download");
  setProgress(0.02);
  let build;
  try {
    build = JSON.parse(await buildText);
  } catch (e) {
    fail(t("loading.error.download", { file: "build.json", reason: e.message }));
    return;
  }
  const big = [
    "./pyodide/pyodide.asm.wasm",
    "./pyodide/python_stdlib.zip",
    "./pyodide/pyodide.asm.mjs",
    "./" + build.wheel,
  ];
  const mb = (n) => (n / 1048576).toFixed(1);
  // PyScript starts at once: its own requests for the same files share the download with ours
  // (one HTTP cache entry per URL), and the interpreter boots while the bar shows the bytes.
  let stage = "download";
  let began = 0;
  const interpreterStage = () => {
    if (stage !== "download") return;
    stage = "interpreter";
    setStage(stage);
    $("load-detail").textContent = "";
    // Starting the interpreter reports no progress of its own: the bar moves on an estimate,
    // never past the end of this stage, and jumps when PyScript says it is ready.
    began = performance.now();
    creep = setInterval(() => {
      const s = (performance.now() - began) / 1000;
      setProgress(0.5 + 0.33 * (1 - Math.exp(-s / 1.5)));
    }, 100);
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
  const pyscript = import("../pyscript/core.js").catch((e) =>
    fail(t("loading.error.download", { file: "pyscript/core.js", reason: e.message })),
  );
  try {
    await download(big, (done, total) => {
      if (stage !== "download") return;
      setProgress(0.02 + 0.48 * (total ? done / total : 0));
      $("load-detail").textContent = t("loading.bytes", { done: mb(done), total: mb(total) });
    });
  } catch (e) {
    fail(e.message);
    return;
  }
  interpreterStage();
  await pyscript;
}

// Called from web/main.py.
window.targiLoader = {
  catalogText: () => JSON.stringify(catalog),
  lang: LANG,
  applyMessages,
  fail,
  done() {
    clearTimeout(watchdog);
    clearInterval(creep);
    setProgress(1);
    $("loading").hidden = true;
    $("loading").setAttribute("aria-busy", "false");
    $("app").hidden = false;
    root.dataset.appState = "ready";
  },
};
window.targiAI = createAI(new URL("./ai-worker.mjs", import.meta.url));

start();
