// The build's interpreter snapshot (called by tools/site.py): Pyodide started in Node from the
// site being built, the game's wheel unpacked, what the page and the AI import imported
// (web/snapshot.mjs: PRELOAD, and the build's version as the snapshot's mark), then
// makeMemorySnapshot(), its stretches that are not zero laid end to end (packRuns, the page's own
// in web/shipped.mjs), gzipped. A snapshot holds Python's memory and Pyodide's own JavaScript
// references by path, never objects of the realm that made it, so one made here restores in the
// browser's page and worker.
//
//   node tools/snapshot.mjs <site folder> <version> <wheel, site-relative> <output>
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

// Memory the interpreter has freed still holds what was there: random bytes to gzip and to
// inflate on every first visit. Every free block of the C allocator (dlmalloc) and the unused
// top of its heap are taken with malloc, zeroed and given back: the same free memory, zeros in
// the snapshot (about 1 MB fewer bytes that are not zero, 0.6 MB less snapshot.gz). The
// allocator may not grow its heap meanwhile (its footprint limit), so the memory, and the
// snapshot, keep their size.
function zeroFreeMemory(module) {
  const limit = module._malloc_footprint_limit();
  module._malloc_set_footprint_limit(module._malloc_footprint());
  const taken = [];
  try {
    for (let size = 1 << 24; size >= 8; size >>>= 1) {
      for (let at = module._malloc(size); at; at = module._malloc(size)) {
        module.HEAPU8.fill(0, at, at + module._malloc_usable_size(at));
        taken.push(at);
      }
    }
  } finally {
    for (const at of taken) module._free(at);
    module._malloc_set_footprint_limit(limit);
  }
}

const [site, version, wheel, output] = process.argv.slice(2);
const siteUrl = pathToFileURL(site.endsWith("/") ? site : `${site}/`);
const { loadPyodide } = await import(new URL("pyodide/pyodide.mjs", siteUrl));
const { snapshotCode } = await import(new URL("web/snapshot.mjs", siteUrl));
// Zeros need not be sent nor inflated: the runs that are not zero, as the page keeps them too
// (web/shipped.mjs packRuns, which documents the format).
const { packRuns } = await import(new URL("web/shipped.mjs", siteUrl));

const pyodide = await loadPyodide({
  indexURL: new URL("pyodide/", siteUrl).pathname,
  _makeSnapshot: true,
  stdout: () => {},
});
const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
const wheelBytes = new Uint8Array(readFileSync(new URL(wheel, siteUrl)));
pyodide.unpackArchive(wheelBytes, "wheel", { extractDir: sitePackages });
pyodide.runPython(snapshotCode(version));
zeroFreeMemory(pyodide._module);
const bytes = pyodide.makeMemorySnapshot();
const packed = packRuns(bytes);
writeFileSync(output, gzipSync(packed, { level: 9 }));
console.log(`${bytes.length} bytes, ${packed.length} not zero, gzipped into ${output}`);
