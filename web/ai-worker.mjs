// The computer player, off the main thread: its own Pyodide, the game's wheel unpacked onto
// sys.path, and targi.app.protocol answering one request at a time (the same module the page
// uses to ask, and to answer itself if this worker fails). Only files of this site are fetched.
import { loadPyodide } from "../pyodide/pyodide.mjs";

const base = new URL("../", import.meta.url);

async function boot() {
  const info = await (await fetch(new URL("build.json", base))).json();
  const pyodide = await loadPyodide({ indexURL: new URL("pyodide/", base).href });
  const response = await fetch(new URL(info.wheel, base));
  if (!response.ok) throw new Error(`${info.wheel}: HTTP ${response.status}`);
  const wheel = await response.arrayBuffer();
  const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  pyodide.unpackArchive(wheel, "wheel", { extractDir: sitePackages });
  return pyodide.pyimport("targi.app.protocol").answer;
}

const ready = boot();
ready.catch((e) => postMessage(JSON.stringify({ fatal: true, error: String(e.message || e) })));

// One request at a time, in order: the search is CPU-bound anyway.
let queue = Promise.resolve();
onmessage = (event) => {
  queue = queue.then(async () => {
    const request = JSON.parse(event.data);
    try {
      const answer = await ready;
      const result = JSON.parse(answer(event.data));
      postMessage(JSON.stringify({ id: request.id, ok: true, result }));
    } catch (e) {
      // A Python error's message is its traceback: its last line says what went wrong.
      const error = String(e.message || e).trim().split("\n").pop();
      postMessage(JSON.stringify({ id: request.id, ok: false, error }));
    }
  });
};
