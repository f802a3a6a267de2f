// The floor: the least a page can do to have Python (bench/page_load.py times it beside the game).
import { loadPyodide } from "../pyodide/pyodide.mjs";

const pyodide = await loadPyodide({ indexURL: new URL("../pyodide/", import.meta.url).href });
if (pyodide.runPython("1+1") !== 2) throw new Error("1+1");
document.documentElement.dataset.appState = "ready";
