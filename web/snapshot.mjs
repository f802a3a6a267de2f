// Starting Pyodide for this site, on the page (web/interpreter.mjs, through PyScript) and in the
// AI's worker (web/ai-worker.mjs): the wheel unpacked into site-packages, and a memory snapshot
// of an interpreter that has already imported the game. A snapshot restores in a fraction of a
// plain start. The build makes one (tools/snapshot.mjs, in Node: `snapshot.gz`, gzipped); the
// first start downloads it beside Pyodide's files (not on a slow or data-saving connection),
// and the page's worker that unzipped it keeps it, unzipped (its runs that are not zero), in
// Cache Storage under the build's version for every later start, offline too, once the page
// has restored it (web/shipped.mjs); the AI's worker makes and keeps one only where the page
// kept none (web/ai-client.js). Only the same build's snapshot (the version it holds) is used,
// and a kept one only if it is whole (its SHA-256); anything else falls back, silently: from
// the kept snapshot to the shipped one to a normal start.
import { loadPyodide as load } from "../pyodide/pyodide.mjs";
import {
  CACHE,
  ENTRY,
  SHIPPED_WORKER,
  fetchShipped,
  layRuns,
  packRuns,
  sha256,
  writeSnapshot,
} from "./shipped.mjs";
import { readWheel, writeFiles } from "./wheel.mjs";

const SITE = new URL("../", import.meta.url);
const INDEX_URL = new URL("pyodide/", SITE).href;
const SHIPPED = new URL("snapshot.gz", SITE).href;
// What web/main.py and the AI import, imported before the snapshot is taken so that restoring
// it skips their import too. No module that touches JavaScript objects (pyscript, js) may be
// in it: a snapshot cannot hold references to another realm's objects.
export const PRELOAD = [
  "asyncio",
  "time",
  "pyodide.ffi",
  // The standard library's html (with html.entities, ~70 ms to import in Pyodide): PyScript's
  // own package imports it at its set-up, after the restore, on every start
  "html",
  "targi.app.store.backend",
  "targi.app.text.catalog",
  "targi.app.controller",
  "targi.app.protocol",
  // made when first opened, not at a first visit's start; a return visit has them at hand
  "targi.app.html.pages",
  "targi.app.review.reviewer",
];

let info = null;
// build.json: the version (the snapshot's key) and the wheel's name.
export function buildInfo() {
  info ??= fetch(new URL("build.json", SITE)).then((r) => {
    if (!r.ok) throw new Error(`build.json: HTTP ${r.status}`);
    return r.json();
  });
  return info;
}

// The cache's snapshot entry as it is, or null; looked up while build.json is read.
async function cachedSnapshot() {
  if (!globalThis.caches) return null;
  try {
    return (await (await caches.open(CACHE)).match(ENTRY)) ?? null;
  } catch (e) {
    console.info("no interpreter snapshot:", e);
    return null;
  }
}

async function dropSnapshot() {
  try {
    await (await caches.open(CACHE)).delete(ENTRY);
  } catch {
    // nothing to drop
  }
}

// The entry's memory if it is this build's snapshot and whole, else null (it is dropped). It is
// kept as the memory's runs that are not zero (web/shipped.mjs): half the bytes to read from the
// cache and to hash, laid out in zeros once they are found whole.
async function checkSnapshot(hit, version) {
  if (!hit) return null;
  try {
    if (hit.headers.get("x-targi-version") !== version) {
      await dropSnapshot();
      return null;
    }
    const bytes = new Uint8Array(await hit.arrayBuffer());
    if ((await sha256(bytes)) !== hit.headers.get("x-targi-sha256")) {
      await dropSnapshot();
      return null;
    }
    return layRuns(bytes);
  } catch (e) {
    console.info("no interpreter snapshot:", e);
    await dropSnapshot();
    return null;
  }
}

// A connection on which 6.3 MB more is not worth the second it saves: a normal start instead.
function slowConnection() {
  const c = globalThis.navigator?.connection;
  return Boolean(c && (c.saveData || ["slow-2g", "2g", "3g"].includes(c.effectiveType)));
}

// The build's snapshot downloading and unzipping, {bytes: Promise, cancel(), keep()}, or null
// (a slow connection, or no DecompressionStream). On the page a worker of its own does it
// (web/shipped.mjs): the 31 MB inflate then runs beside the page's main thread, which
// meanwhile parses, styles and sets up PyScript, instead of after that work on the same thread;
// where no such worker starts (no module workers), and in the AI's worker, it is done in place.
// keep(version, bytes), the bytes it gave, restored and found this build's: the page's worker
// keeps them (handed back, not copied) and ends; resolves to true if it did (false in place:
// the caller keeps, or none).
function startShipped() {
  if (slowConnection() || !globalThis.DecompressionStream) return null;
  const inPlace = () => ({
    bytes: fetchShipped(SHIPPED),
    cancel: () => {},
    keep: async () => false,
  });
  if (!globalThis.document || !globalThis.Worker) return inPlace();
  let worker;
  try {
    const url = new URL("shipped.mjs", import.meta.url);
    worker = new Worker(url, { type: "module", name: SHIPPED_WORKER });
  } catch {
    return inPlace();
  }
  const answer = () =>
    new Promise((resolve, reject) => {
      worker.onmessage = ({ data }) => resolve(data);
      worker.onerror = (event) => {
        event.preventDefault();
        reject(new Error(event.message || "the worker could not be started"));
      };
    });
  let working = true; // the worker is there, to keep the bytes
  const bytes = answer().then(
    (data) => {
      if (data.error) throw new Error(data.error);
      return data.bytes;
    },
    () => {
      working = false;
      return fetchShipped(SHIPPED); // the worker could not start: in place
    },
  );
  const cancel = () => {
    working = false;
    worker.terminate();
  };
  bytes.then((b) => b || cancel(), cancel);
  bytes.catch(() => {}); // awaited by shippedSnapshot(), where a failure is reported
  worker.postMessage(SHIPPED);
  performance.mark("targi:shipped-requested"); // for bench/page_load.py: when it began
  async function keep(version, snapshot) {
    // restoring copies the bytes into the interpreter's memory (Pyodide's restoreSnapshot:
    // HEAP8.set); were the buffer taken over instead, there would be nothing left to keep
    if (!working || !snapshot.byteLength) {
      cancel();
      return false;
    }
    const kept = answer();
    worker.postMessage({ keep: version, bytes: snapshot }, [snapshot.buffer]);
    try {
      const data = await kept;
      if (!data.kept) console.info("no interpreter snapshot kept:", data.error);
      return data.kept;
    } catch (e) {
      console.info("no interpreter snapshot kept:", e);
      return false;
    } finally {
      cancel();
    }
  }
  return { bytes, cancel, keep };
}

// The build's snapshot (from `download`, under way), or null: missing, a slow connection, or it
// could not be read.
async function shippedSnapshot(download) {
  if (!download) return null;
  try {
    return await download.bytes;
  } catch (e) {
    console.info("no shipped interpreter snapshot:", e);
    return null;
  }
}

// The Python that makes a snapshot: the imports it saves, and the build it belongs to.
export function snapshotCode(version) {
  return `import ${PRELOAD.join(", ")}\nimport sys\nsys._targi_snapshot = "${version}"`;
}

// The wheel into site-packages: its files as web/wheel.mjs read them (while the interpreter was
// on its way), else, where the browser could not read them, through Pyodide's unpackArchive.
// The mark targi:wheel-files or targi:wheel-archive says which.
async function unpackWheel(pyodide, wheel) {
  const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  const files = await wheel.files;
  if (files) writeFiles(pyodide.FS, sitePackages, files);
  else pyodide.unpackArchive(await wheel.bytes, "wheel", { extractDir: sitePackages });
  globalThis.performance?.mark(`targi:wheel-${files ? "files" : "archive"}`);
}

// The wheel downloading, {bytes, files}: its bytes, and its files read from them as soon as
// they arrive (null if the browser cannot read them: then unpackArchive does).
function fetchWheel(name) {
  const bytes = fetch(new URL(name, SITE)).then((response) => {
    if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`);
    return response.arrayBuffer();
  });
  const files = bytes.then(readWheel).catch((e) => {
    console.info("wheel read by unpackArchive:", e);
    return null;
  });
  bytes.catch(() => {}); // awaited by unpackWheel, where a failure is reported
  return { bytes, files };
}

// A restored interpreter says which build it was made from: a last check that it is ours.
const MARK = "__import__('sys').__dict__.get('_targi_snapshot')";

let pageStart = null;
// The page's interpreter, started once: by web/loader.js as soon as the page runs, beside
// PyScript's own start (which reaches web/interpreter.mjs some 0.5 s later, after its core, its
// config and its package storage), then handed to PyScript by web/interpreter.mjs.
export function startPythonOnce() {
  // With no service worker in control (a first visit) there is no kept snapshot, but for rare
  // cases (a cleared or blocked service worker): the shipped one is requested now, beside
  // build.json and the cache lookup instead of after them, and dropped if a kept one restores.
  const first = !globalThis.navigator?.serviceWorker?.controller;
  pageStart ??= startPython({}, { early: first ? startShipped() : null });
  return pageStart;
}

// Pyodide with the game's wheel. `options` are loadPyodide's (the page passes none: PyScript's
// stdout and stderr are attached by web/interpreter.mjs). `keep` (the AI's worker): when the
// kept snapshot was not used, keepSnapshot() stores one for the next starts: the shipped one,
// or one made from this interpreter if the shipped one could not be used either.
// Resolves to {pyodide, from: "snapshot" | "shipped" | "start", keepSnapshot, kept}; kept() (the
// page): resolves to true once this build's snapshot is kept whole in Cache Storage (restored
// from there, or the shipped one kept by the page's worker), false where it is not. Its first
// call starts the keeping: web/ai-client.js makes it once the table is up, so that hashing and
// writing the snapshot do not compete with the page's start.
export async function startPython(options = {}, { keep = false, early = null } = {}) {
  const [{ version, wheel }, hit] = await Promise.all([buildInfo(), cachedSnapshot()]);
  const wheelFiles = fetchWheel(wheel); // while the interpreter starts
  const cached = await checkSnapshot(hit, version);
  let download = early;
  for (const [from, get] of [
    ["snapshot", () => cached],
    ["shipped", () => shippedSnapshot((download ??= startShipped()))],
  ]) {
    const snapshot = await get();
    if (!snapshot) continue;
    // for bench/page_load.py: where a first visit's wait goes (the bytes in, then the restore)
    globalThis.performance?.mark(`targi:${from}-bytes`);
    // loadPyodide may take the buffer over: the worker keeps the shipped one's runs, packed now
    const packed = keep && from === "shipped" ? packRuns(snapshot) : null;
    try {
      const pyodide = await load({ ...options, indexURL: INDEX_URL, _loadSnapshot: snapshot });
      globalThis.performance?.mark(`targi:${from}-restored`);
      if (pyodide.runPython(MARK) !== version) throw new Error("not this build's snapshot");
      // The snapshot holds the imported modules, not the files: unpack them too, for anything
      // imported or read later (card data, lazily imported modules).
      await unpackWheel(pyodide, wheelFiles);
      if (from === "snapshot") download?.cancel();
      const keepSnapshot = packed ? () => writeSnapshot(version, packed) : null;
      let keeping = null;
      const kept = () =>
        (keeping ??= Promise.resolve(
          from === "snapshot" || (!keep && download.keep(version, snapshot)),
        ));
      return { pyodide, from, keepSnapshot, kept };
    } catch (e) {
      console.info(`interpreter snapshot (${from}) not usable:`, e);
      if (from === "snapshot") await dropSnapshot();
    }
  }
  download?.cancel();
  const pyodide = await load({ ...options, indexURL: INDEX_URL, _makeSnapshot: keep });
  await unpackWheel(pyodide, wheelFiles);
  const keepSnapshot = keep
    ? async () => {
        pyodide.runPython(snapshotCode(version));
        await writeSnapshot(version, packRuns(pyodide.makeMemorySnapshot()));
      }
    : null;
  return { pyodide, from: "start", keepSnapshot, kept: async () => false };
}
