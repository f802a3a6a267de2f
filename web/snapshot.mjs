// Starting Pyodide for this site, on the page (web/interpreter.mjs, through PyScript) and in the
// AI's worker (web/ai-worker.mjs): the wheel unpacked into site-packages, and a memory snapshot
// of an interpreter that has already imported the game, kept in Cache Storage under the build's
// version. A snapshot restores in a fraction of a plain start. It is made once per build, by the
// AI's worker after the table is up (never on the page's critical path), and only ever used by
// the same build (the version) if it is whole (its SHA-256); anything else falls back to a
// normal start, silently.
import { loadPyodide as load } from "../pyodide/pyodide.mjs";

const SITE = new URL("../", import.meta.url);
const INDEX_URL = new URL("pyodide/", SITE).href;
const CACHE = `targi-start:${SITE.pathname}`;
const ENTRY = new URL("__snapshot__", SITE).href;
// What web/main.py and the AI import, imported before the snapshot is taken so that restoring
// it skips their import too. No module that touches JavaScript objects (pyscript, js) may be
// in it: a snapshot cannot hold references to another realm's objects.
const PRELOAD = [
  "asyncio",
  "time",
  "pyodide.ffi",
  "targi.app.backend",
  "targi.app.catalog",
  "targi.app.controller",
  "targi.app.protocol",
  // made when first opened, not at a first visit's start; a return visit has them at hand
  "targi.app.pages",
  "targi.app.review",
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

async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
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

// The entry's bytes if they are this build's snapshot and whole, else null (it is dropped).
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
    return bytes;
  } catch (e) {
    console.info("no interpreter snapshot:", e);
    return null;
  }
}

async function writeSnapshot(version, bytes) {
  const headers = {
    "content-type": "application/octet-stream",
    "x-targi-version": version,
    "x-targi-sha256": await sha256(bytes),
  };
  await (await caches.open(CACHE)).put(ENTRY, new Response(bytes, { headers }));
}

async function unpackWheel(pyodide, wheel) {
  const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  pyodide.unpackArchive(wheel, "wheel", { extractDir: sitePackages });
}

// A restored interpreter says which build it was made from: a last check that it is ours.
const MARK = "__import__('sys').__dict__.get('_targi_snapshot')";

let pageStart = null;
// The page's interpreter, started once: by web/loader.js as soon as the page runs, beside
// PyScript's own start (which reaches web/interpreter.mjs some 0.5 s later, after its core, its
// config and its package storage), then handed to PyScript by web/interpreter.mjs.
export function startPythonOnce() {
  pageStart ??= startPython();
  return pageStart;
}

// Pyodide with the game's wheel. `options` are loadPyodide's (the page passes none: PyScript's
// stdout and stderr are attached by web/interpreter.mjs). `make`: when no snapshot is used, start so that one can be made (makeSnapshot()).
// Resolves to {pyodide, from: "snapshot" | "start", makeSnapshot}.
export async function startPython(options = {}, { make = false } = {}) {
  const [{ version, wheel }, hit] = await Promise.all([buildInfo(), cachedSnapshot()]);
  // Fetched while the interpreter starts.
  const wheelBytes = fetch(new URL(wheel, SITE)).then((response) => {
    if (!response.ok) throw new Error(`${wheel}: HTTP ${response.status}`);
    return response.arrayBuffer();
  });
  wheelBytes.catch(() => {}); // awaited below, where a failure is reported
  const snapshot = await checkSnapshot(hit, version);
  if (snapshot) {
    try {
      const pyodide = await load({ ...options, indexURL: INDEX_URL, _loadSnapshot: snapshot });
      if (pyodide.runPython(MARK) !== version) throw new Error("not this build's snapshot");
      // The snapshot holds the imported modules, not the files: unpack them too, for anything
      // imported or read later (card data, lazily imported modules).
      await unpackWheel(pyodide, await wheelBytes);
      return { pyodide, from: "snapshot", makeSnapshot: null };
    } catch (e) {
      console.info("interpreter snapshot not usable, starting normally:", e);
      await dropSnapshot();
    }
  }
  const pyodide = await load({ ...options, indexURL: INDEX_URL, _makeSnapshot: make });
  await unpackWheel(pyodide, await wheelBytes);
  const makeSnapshot = make
    ? async () => {
        pyodide.runPython(`import ${PRELOAD.join(", ")}\nimport sys\nsys._targi_snapshot = "${version}"`);
        await writeSnapshot(version, pyodide.makeMemorySnapshot());
      }
    : null;
  return { pyodide, from: "start", makeSnapshot };
}
