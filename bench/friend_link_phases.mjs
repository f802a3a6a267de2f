// bench/friend_link_phases.py inside Pyodide (Node): where a friend's link goes in the page's
// interpreter, phase by phase, over a whole game by links between two FakePort pages.
//
//   python build.py && node bench/friend_link_phases.mjs [tree] [seed]
//
// <tree> (default: this checkout) is the code measured: its py/, tests/ and web/messages/ are
// read; `ecdsa` and `six` are the wheels this checkout's build ships (site/wheels/friend/),
// as the page installs them. Prints the script's JSON.
import { readdirSync, readFileSync } from "node:fs";
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";

const here = new URL("..", import.meta.url).pathname;
const [tree = here, seed = "0"] = process.argv.slice(2);
const py = await loadPyodide();
const sitePackages = py.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
const wheels = new URL("../site/wheels/friend/", import.meta.url);
for (const name of readdirSync(wheels).filter((n) => /^(ecdsa|six)-.*\.whl$/.test(n))) {
  const bytes = new Uint8Array(readFileSync(new URL(name, wheels)));
  py.unpackArchive(bytes, "wheel", { extractDir: sitePackages });
}
py.FS.mkdirTree("/w");
py.FS.mount(py.FS.filesystems.NODEFS, { root: tree }, "/w");
py.runPython(`import sys; sys.argv = ["bench", "${Number(seed)}"]`);
// this file's script, over <tree>'s code (so that an older checkout can be measured too)
const script = readFileSync(new URL("friend_link_phases.py", import.meta.url), "utf8");
py.runPython(script, { globals: py.toPy({ __name__: "__main__", __file__: "/w/bench/friend_link_phases.py" }) });
