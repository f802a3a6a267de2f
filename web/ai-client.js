// The page's side of the computer player: one module Web Worker (web/ai-worker.mjs) running its
// own Pyodide, so the table stays responsive while the computer thinks. Requests and answers
// are JSON strings; each request gets an id, so a late answer can never be mistaken for another.
//
// The worker costs a second interpreter (CPU, memory, battery), so it starts only when the
// computer may be asked: once the table is up, if the game on it has a computer seat (the page
// logic calls start(): targi.app.port.Port.start_computer) or if this build's interpreter
// snapshot is not kept (then the worker makes and keeps one for the next starts: the rare path
// where the page could not); later, when such a game comes onto the table; at the latest at the
// first request. It waits for the page's keeping of the snapshot to settle (web/snapshot.mjs),
// so that it restores from the kept one rather than downloading and unzipping it again.
// html[data-ai-worker] says where it stands: "started", or "idle" (the table is up and nothing
// needs it yet).

// Whether the page's start has kept this build's snapshot whole (false if it could not tell);
// the first call starts the keeping (web/snapshot.mjs).
async function pageKept() {
  try {
    const { startPythonOnce } = await import("./snapshot.mjs");
    return await (await startPythonOnce()).kept();
  } catch {
    return false;
  }
}

export function createAI(workerUrl) {
  let worker = null; // a promise of the Worker (null inside if it could not be made)
  let broken = null;
  let wanted = false; // a game with a computer seat is on the table
  let tableUp = false;
  let nextId = 1;
  const pending = new Map();

  function rejectAll(reason) {
    for (const { reject } of pending.values()) reject(new Error(reason));
    pending.clear();
  }

  function make() {
    let made;
    try {
      made = new Worker(workerUrl, { type: "module", name: "targi-ai" });
    } catch (e) {
      broken = String(e.message || e);
      return null;
    }
    made.onmessage = (event) => {
      const answer = JSON.parse(event.data);
      if (answer.ready) {
        // For the benchmarks: when the computer could first answer, and how it started.
        performance.mark("targi:ai-ready");
        document.documentElement.dataset.aiStart = answer.from;
        return;
      }
      if (answer.fatal) {
        broken = answer.error;
        rejectAll(broken);
        return;
      }
      const waiting = pending.get(answer.id);
      if (!waiting) return;
      pending.delete(answer.id);
      if (answer.ok) waiting.resolve(JSON.stringify(answer.result));
      else waiting.reject(new Error(answer.error));
    };
    made.onerror = (event) => {
      event.preventDefault();
      broken = event.message || "the worker could not be started";
      rejectAll(broken);
    };
    return made;
  }

  function launch() {
    if (worker || broken) return;
    document.documentElement.dataset.aiWorker = "started";
    worker = pageKept().then(make);
  }

  return {
    // A game with a computer seat is on the table: the worker starts now, or once it is up.
    start() {
      wanted = true;
      if (tableUp) launch();
    },
    // The table is up (web/main.py, last): the worker starts if it is wanted, or if no
    // snapshot is kept (to keep one); else it waits for start() or a request.
    tableShown() {
      tableUp = true;
      if (wanted) launch();
      else
        pageKept().then((kept) => {
          if (!kept) launch();
          else if (!worker) document.documentElement.dataset.aiWorker = "idle";
        });
    },
    // request: a JSON string (targi.app.protocol.request); resolves to the answer's JSON string.
    async ask(request) {
      launch();
      const made = await worker;
      if (broken || !made) throw new Error(broken);
      const id = nextId++;
      const message = JSON.parse(request);
      message.id = id;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        made.postMessage(JSON.stringify(message));
      });
    },
    // For bench/page_load.py: the worker interpreter's WebAssembly memory in bytes.
    memory() {
      return this.ask(JSON.stringify({ memory: true })).then(Number);
    },
    get broken() {
      return broken;
    },
  };
}
