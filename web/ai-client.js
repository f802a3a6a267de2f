// The page's side of the computer player: one module Web Worker (web/ai-worker.mjs) running its
// own Pyodide, so the table stays responsive while the computer thinks. Requests and answers
// are JSON strings; each request gets an id, so a late answer can never be mistaken for another.
export function createAI(workerUrl) {
  let worker = null;
  let broken = null;
  let nextId = 1;
  const pending = new Map();

  function rejectAll(reason) {
    for (const { reject } of pending.values()) reject(new Error(reason));
    pending.clear();
  }

  function start() {
    if (worker || broken) return;
    try {
      worker = new Worker(workerUrl, { type: "module", name: "targi-ai" });
    } catch (e) {
      broken = String(e.message || e);
      return;
    }
    worker.onmessage = (event) => {
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
    worker.onerror = (event) => {
      event.preventDefault();
      broken = event.message || "the worker could not be started";
      rejectAll(broken);
    };
  }

  return {
    start,
    // request: a JSON string (targi.app.protocol.request); resolves to the answer's JSON string.
    ask(request) {
      start();
      if (broken) return Promise.reject(new Error(broken));
      const id = nextId++;
      const message = JSON.parse(request);
      message.id = id;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.postMessage(JSON.stringify(message));
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
