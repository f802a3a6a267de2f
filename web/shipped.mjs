// The build's interpreter snapshot, snapshot.gz, downloaded and unzipped as it arrives (the
// inflate runs while the rest is still on its way), and the kept snapshot: those unzipped bytes
// in Cache Storage under the build's version and their SHA-256, for every later start (the
// page's and the AI's worker's), offline too. web/snapshot.mjs uses it in a worker: on the
// page, in a worker of its own running this module (named SHIPPED_WORKER), so that the 31 MB
// inflate, and later the keeping, run beside the page's main thread instead of on it; in the
// AI's worker, in place. One module for both, so that the page's worker starts with one
// request, not a chain.
export const SHIPPED_WORKER = "targi-shipped";

const SITE = new URL("../", import.meta.url);
export const CACHE = `targi-start:${SITE.pathname}`;
export const ENTRY = new URL("__snapshot__", SITE).href;

export async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

// The kept snapshot, read back by web/snapshot.mjs only if both headers match.
export async function writeSnapshot(version, bytes) {
  const headers = {
    "content-type": "application/octet-stream",
    "x-targi-version": version,
    "x-targi-sha256": await sha256(bytes),
  };
  await (await caches.open(CACHE)).put(ENTRY, new Response(bytes, { headers }));
}

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

// The page's worker: the page posts the URL, the worker answers {bytes} (transferred, not
// copied; null on an HTTP error) or {error}. Later the page may hand the same bytes back,
// restored and found this build's, {keep: version, bytes} (transferred again): the worker keeps
// them and answers {kept: true}, or {kept: false, error}.
if (globalThis.name === SHIPPED_WORKER && !globalThis.document) {
  globalThis.onmessage = async ({ data }) => {
    if (data?.keep) {
      try {
        await writeSnapshot(data.keep, data.bytes);
        postMessage({ kept: true });
      } catch (e) {
        postMessage({ kept: false, error: String(e?.message || e) });
      }
      return;
    }
    try {
      const bytes = await fetchShipped(data); // the URL
      postMessage({ bytes }, bytes ? [bytes.buffer] : []);
    } catch (e) {
      postMessage({ error: String(e?.message || e) });
    }
  };
}
