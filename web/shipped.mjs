// The build's interpreter snapshot, snapshot.gz, downloaded and unzipped as it arrives (the
// inflate runs while the rest is still on its way). On the page a worker of its own running this
// module (named SHIPPED_WORKER) does it, so that the 31 MB inflate runs beside the page's main
// thread instead of on it; in the AI's worker, in place (web/snapshot.mjs). One module for all,
// so that the page's worker starts with one request, not a chain.
//
// The page's head loads this module (async, before the page is parsed): on a first visit it
// starts that worker at once, so the download and the inflate begin with the page's other big
// files instead of once web/loader.js has run (0.3–0.9 s later on a loaded machine); web/
// snapshot.mjs takes the download under way (earlyShipped()).
export const SHIPPED_WORKER = "targi-shipped";
const SHIPPED = new URL("../snapshot.gz", import.meta.url).href;

// A host that serves the .gz file with `Content-Encoding: gzip` hands fetch() the unzipped
// bytes: only a gzip stream (its magic number) is unzipped; anything else is returned as it is,
// and loadPyodide refuses a non-snapshot. Resolves to the bytes, or null (HTTP error).
export async function fetchShipped(url) {
  const response = await fetch(url);
  if (!response.ok) return null;
  const reader = response.body.getReader();
  const first = await reader.read();
  // A first chunk too short to show the magic number is tried as it is (then refused).
  const gzip = !first.done && first.value[0] === 0x1f && first.value[1] === 0x8b;
  const whole = new ReadableStream({
    start(controller) {
      if (!first.done) controller.enqueue(first.value);
    },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  const bytes = gzip ? whole.pipeThrough(new DecompressionStream("gzip")) : whole;
  return new Uint8Array(await new Response(bytes).arrayBuffer());
}

// The page's worker: the page posts the URL, the worker answers once, {bytes} (transferred,
// not copied; null on an HTTP error) or {error}.
if (globalThis.name === SHIPPED_WORKER && !globalThis.document) {
  globalThis.onmessage = async ({ data: url }) => {
    try {
      const bytes = await fetchShipped(url);
      postMessage({ bytes }, bytes ? [bytes.buffer] : []);
    } catch (e) {
      postMessage({ error: String(e?.message || e) });
    }
  };
}

// A connection on which 6.3 MB more is not worth the second it saves: a normal start instead.
function slowConnection() {
  const c = globalThis.navigator?.connection;
  return Boolean(c && (c.saveData || ["slow-2g", "2g", "3g"].includes(c.effectiveType)));
}

// The build's snapshot downloading and unzipping, {bytes: Promise, cancel()}, or null (a slow
// connection, or no DecompressionStream). On the page in a worker (see above), where no such
// worker starts (no module workers), and in the AI's worker, in place.
export function startShipped() {
  if (slowConnection() || !globalThis.DecompressionStream) return null;
  const inPlace = () => ({ bytes: fetchShipped(SHIPPED), cancel: () => {} });
  if (!globalThis.document || !globalThis.Worker) return inPlace();
  let worker;
  try {
    worker = new Worker(import.meta.url, { type: "module", name: SHIPPED_WORKER });
  } catch {
    return inPlace();
  }
  const bytes = new Promise((resolve, reject) => {
    worker.onmessage = ({ data }) =>
      data.error ? reject(new Error(data.error)) : resolve(data.bytes);
    worker.onerror = (event) => {
      event.preventDefault();
      resolve(fetchShipped(SHIPPED)); // the worker could not start: in place
    };
  }).finally(() => worker.terminate());
  bytes.catch(() => {}); // awaited by web/snapshot.mjs, where a failure is reported
  worker.postMessage(SHIPPED);
  return { bytes, cancel: () => worker.terminate() };
}

// With no service worker in control (a first visit) there is no kept snapshot, but for rare
// cases (a cleared or blocked service worker): the page's download starts as this module is
// evaluated. A return visit requests no snapshot.gz.
const early =
  globalThis.document && !globalThis.navigator?.serviceWorker?.controller ? startShipped() : null;

// The page's early download ({bytes, cancel}), or null: handed out once.
let taken = false;
export function earlyShipped() {
  if (taken) return null;
  taken = true;
  return early;
}
