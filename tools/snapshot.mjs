// The build's interpreter snapshot (called by tools/site.py): Pyodide started in Node from the
// site being built, the game's wheel unpacked, what the page and the AI import imported
// (web/snapshot.mjs: PRELOAD, and the build's version as the snapshot's mark), then
// makeMemorySnapshot(), gzipped. A snapshot holds Python's memory and Pyodide's own JavaScript
// references by path, never objects of the realm that made it, so one made here restores in
// the browser's page and worker.
//
//   node tools/snapshot.mjs <site folder> <version> <wheel, site-relative> <output>
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

const [site, version, wheel, output] = process.argv.slice(2);
const siteUrl = pathToFileURL(site.endsWith("/") ? site : `${site}/`);
const { loadPyodide } = await import(new URL("pyodide/pyodide.mjs", siteUrl));
const { snapshotCode } = await import(new URL("web/snapshot.mjs", siteUrl));

const pyodide = await loadPyodide({
  indexURL: new URL("pyodide/", siteUrl).pathname,
  _makeSnapshot: true,
  stdout: () => {},
});
const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
const wheelBytes = new Uint8Array(readFileSync(new URL(wheel, siteUrl)));
pyodide.unpackArchive(wheelBytes, "wheel", { extractDir: sitePackages });
pyodide.runPython(snapshotCode(version));
const bytes = pyodide.makeMemorySnapshot();
writeFileSync(output, gzipSync(bytes, { level: 9 }));
console.log(`${bytes.length} bytes, gzipped into ${output}`);
