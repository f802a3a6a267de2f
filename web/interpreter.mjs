// The interpreter module PyScript loads (pyscript.json "interpreter"): PyScript imports it and
// calls its loadPyodide(), as it would Pyodide's own. It hands back a Pyodide with the game's
// wheel, restored from a memory snapshot of this build when there is one (web/snapshot.mjs),
// and says which way it started: html[data-python-start="snapshot" | "shipped" | "start"] (the
// kept snapshot, the build's snapshot.gz, a normal start) and the performance mark
// targi:python-<way>.
import { startPythonOnce } from "./snapshot.mjs";

export { version } from "../pyodide/pyodide.mjs";

export async function loadPyodide(options = {}) {
  // The interpreter web/loader.js started early. PyScript's indexURL is this module's folder
  // (snapshot.mjs knows where Pyodide is); its stdout and stderr are attached now. It passes
  // nothing else while pyscript.json names no packages.
  const { indexURL: _ignored, stdout, stderr, ...rest } = options;
  if (Object.keys(rest).length) console.warn("interpreter options not used:", Object.keys(rest));
  const { pyodide, from } = await startPythonOnce();
  if (stdout) pyodide.setStdout({ batched: stdout });
  if (stderr) pyodide.setStderr({ batched: stderr });
  await window.targiLoader?.catalogReady; // web/main.py reads it at once
  // For the memory figures of bench/page_load.py: the interpreter's WebAssembly memory.
  if (window.targiLoader) window.targiLoader.wasmBytes = () => pyodide._module.HEAP8.byteLength;
  document.documentElement.dataset.pythonStart = from;
  performance.mark(`targi:python-${from}`);
  return pyodide;
}
