// The computer player, off the main thread: its own Pyodide with the game's wheel
// (web/snapshot.mjs: restored from this build's memory snapshot, kept or shipped, else started
// normally; where the page kept none, it keeps one for the next starts, the page's and its
// own), started only when the computer may be asked (web/ai-client.js), and
// targi.app.protocol answering one request at a time (the same module the page uses to ask, and
// to answer itself if this worker fails). Only files of this site are fetched.
import { startPython } from "./snapshot.mjs";

let wasmBytes = () => 0;

async function keep(keepSnapshot) {
  try {
    await keepSnapshot();
  } catch (e) {
    console.info("no interpreter snapshot kept:", e); // the next visit starts as this one did
  }
}

async function boot() {
  const { pyodide, from, keepSnapshot } = await startPython({}, { keep: true });
  // A snapshot made from this interpreter must be made before it answers anything; the build's
  // one (already in memory) is stored after the worker says it is ready.
  if (keepSnapshot && from === "start") await keep(keepSnapshot);
  const answer = pyodide.pyimport("targi.app.protocol").answer;
  wasmBytes = () => pyodide._module.HEAP8.byteLength;
  postMessage(JSON.stringify({ ready: true, from }));
  if (keepSnapshot && from !== "start") keep(keepSnapshot);
  return answer;
}

const ready = boot();
ready.catch((e) => postMessage(JSON.stringify({ fatal: true, error: String(e.message || e) })));

// One request at a time, in order: the search is CPU-bound anyway.
let queue = Promise.resolve();
onmessage = (event) => {
  queue = queue.then(async () => {
    const request = JSON.parse(event.data);
    if (request.memory) {
      // The benchmark's question: this interpreter's WebAssembly memory, in bytes.
      await ready.catch(() => {});
      postMessage(JSON.stringify({ id: request.id, ok: true, result: wasmBytes() }));
      return;
    }
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
