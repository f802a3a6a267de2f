// The computer player, off the main thread: its own Pyodide, the game's wheel unpacked onto
// sys.path, and targi.ai answering one request at a time. Only files of this site are fetched.
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
  pyodide.runPython(`
import json
from targi import save
from targi.ai import choose_move, hint


def answer(request_json):
    request = json.loads(request_json)
    game, _meta = save.decode(request["save"])
    seed = int(request.get("seed", 0))
    if request["op"] == "move":
        return json.dumps({"move": choose_move(game, request["level"], seed)})
    if request["op"] == "hint":
        h = hint(game, seed)
        return json.dumps({"move": h.move, "key": h.key, "params": h.params})
    raise ValueError("unknown request " + repr(request["op"]))
`);
  return pyodide.globals.get("answer");
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
      postMessage(JSON.stringify({ id: request.id, ok: false, error: String(e.message || e) }));
    }
  });
};
