// The first screen's imports in Pyodide: how long web/main.py's `targi` imports take in a fresh
// interpreter (Node, the site's wheel, no snapshot), the share of a first visit that is ours.
//
//   python build.py && node bench/imports.mjs [runs]
//
// Prints each run and the median, in ms.
import { readFileSync } from "node:fs";
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";

const SITE = new URL("../site/", import.meta.url);
const IMPORTS = "import targi.app.controller, targi.app.store.backend, targi.app.text.catalog";
const runs = Number(process.argv[2] ?? 4);
const { wheel } = JSON.parse(readFileSync(new URL("build.json", SITE), "utf8"));
const bytes = new Uint8Array(readFileSync(new URL(wheel, SITE)));

const times = [];
for (let i = 0; i < runs; i++) {
  const pyodide = await loadPyodide({ indexURL: new URL("../node_modules/pyodide/", import.meta.url).pathname });
  const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  pyodide.unpackArchive(bytes, "wheel", { extractDir: sitePackages });
  const t0 = performance.now();
  pyodide.runPython(IMPORTS);
  times.push(performance.now() - t0);
  console.log(`run ${i + 1}: ${times.at(-1).toFixed(0)} ms`);
}
times.sort((a, b) => a - b);
const mid = times.length >> 1;
const median = times.length % 2 ? times[mid] : (times[mid - 1] + times[mid]) / 2;
console.log(`${IMPORTS}: median ${median.toFixed(0)} ms over ${runs} fresh interpreters`);
