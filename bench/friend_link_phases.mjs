// bench/friend_link_phases.py inside Pyodide (Node): where a friend's link goes in the page's
// interpreter, phase by phase, over a whole game by links between two FakePort pages.
//
//   node bench/friend_link_phases.mjs <tree> <dir holding ecdsa/ and six.py> [seed]
//
// <tree> is a checkout (its py/, tests/, web/messages/ are read); prints the script's JSON.
import { readFileSync } from "node:fs";
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";

const [tree, lib, seed = "0"] = process.argv.slice(2);
const py = await loadPyodide();
py.FS.mkdirTree("/w");
py.FS.mount(py.FS.filesystems.NODEFS, { root: tree }, "/w");
py.FS.mkdirTree("/extra");
py.FS.mount(py.FS.filesystems.NODEFS, { root: lib }, "/extra");
py.runPython(`import sys; sys.path[:0] = ["/extra"]; sys.argv = ["bench", "${Number(seed)}"]`);
// this file's script, over <tree>'s code (so that an older checkout can be measured too)
const script = readFileSync(new URL("friend_link_phases.py", import.meta.url), "utf8");
py.runPython(script, { globals: py.toPy({ __name__: "__main__", __file__: "/w/bench/friend_link_phases.py" }) });
