// The build's interpreter snapshot, snapshot.gz, downloaded and unzipped as it arrives (the
// inflate runs while the rest is still on its way), and the kept snapshot: the memory's runs that
// are not zero (about 15 of its 31 MB, as snapshot.gz packs them, not zipped) in Cache Storage
// under the build's version and their SHA-256, for every later start (the page's and the AI's
// worker's), offline too: a start reads and hashes half the bytes it would for the whole
// memory. web/snapshot.mjs uses it in a worker: on the page, in a worker of its own running this
// module (named SHIPPED_WORKER), so that the 31 MB inflate, and later the keeping, run beside
// the page's main thread instead of on it; in the AI's worker, in place. One module for both,
// so that the page's worker starts with one request, not a chain. The build packs snapshot.gz
// with the same packRuns (tools/snapshot.mjs).
export const SHIPPED_WORKER = "targi-shipped";

const SITE = new URL("../", import.meta.url);
export const CACHE = `targi-start:${SITE.pathname}`;
export const ENTRY = new URL("__snapshot__", SITE).href;

export async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

// The kept snapshot (`packed`: packRuns of the memory), read back by web/snapshot.mjs only if
// both headers match, then laid out by layRuns.
export async function writeSnapshot(version, packed) {
  const headers = {
    "content-type": "application/octet-stream",
    "x-targi-version": version,
    "x-targi-sha256": await sha256(packed),
  };
  await (await caches.open(CACHE)).put(ENTRY, new Response(packed, { headers }));
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
  return readRuns(gzip ? whole.pipeThrough(new DecompressionStream("gzip")) : whole);
}

// The snapshot is sent and kept as its runs that are not zero (packRuns), so that only about 15
// of its 31 MB are inflated, read and hashed: a header, "TGRUNS01", the memory's size, the
// runs' count, each run's offset and length (u32, little-endian), then the runs' bytes one
// after another. They are copied into a new buffer, whose gaps are zero already. A stream
// without the header is returned as it is (loadPyodide refuses what is no snapshot); a header
// that does not match its bytes throws.
const RUNS_MAGIC = "TGRUNS01";
const RUNS = "snapshot runs: "; // the errors' start

// The header's runs ([offset, length] each), for readRuns and layRuns alike; `view` holds the
// whole header, `memory` is the buffer they are laid into.
function runsOf(view, memory) {
  const runs = [];
  for (let k = 0; k < view.getUint32(12, true); k++) {
    const [offset, length] = [view.getUint32(16 + 8 * k, true), view.getUint32(20 + 8 * k, true)];
    if (offset + length > memory.length) throw new Error(`${RUNS}a run outside the memory`);
    runs.push([offset, length]);
  }
  return runs;
}
export async function readRuns(stream) {
  const chunks = [];
  let size = 0;
  let memory = null;
  const runs = [];
  let run = 0;
  let into = 0; // bytes of runs[run] written
  const lay = (bytes) => {
    for (let from = 0; from < bytes.length; ) {
      if (run === runs.length) throw new Error(`${RUNS}more bytes than its header says`);
      const [offset, length] = runs[run];
      const n = Math.min(length - into, bytes.length - from);
      memory.set(bytes.subarray(from, from + n), offset + into);
      [from, into] = [from + n, into + n];
      if (into === length) [run, into] = [run + 1, 0];
    }
  };
  const reader = stream.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    const chunk = next.value;
    if (memory) {
      lay(chunk);
      continue;
    }
    chunks.push(chunk);
    size += chunk.length;
    const head = chunks.length > 1 ? new Uint8Array(await new Blob(chunks).arrayBuffer()) : chunk;
    const magic = String.fromCharCode(...head.subarray(0, RUNS_MAGIC.length));
    if (!RUNS_MAGIC.startsWith(magic)) break; // no snapshot of ours: read on, as it is
    if (size < 16) continue;
    const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
    const count = view.getUint32(12, true);
    if (size < 16 + 8 * count) continue;
    memory = new Uint8Array(view.getUint32(8, true));
    runs.push(...runsOf(view, memory));
    lay(head.subarray(16 + 8 * count));
  }
  if (memory) {
    if (run !== runs.length) throw new Error(`${RUNS}fewer bytes than its header says`);
    return memory;
  }
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    chunks.push(next.value);
  }
  return new Uint8Array(await new Blob(chunks).arrayBuffer());
}

// Zeros need not be sent, inflated, kept nor hashed: of the interpreter's 31 MB of memory the C
// stack, the free memory and the top of the heap are zero. A gap shorter than RUN_GAP stays in
// its run: a run costs 8 bytes of header and a copy. (The format: readRuns, above.)
const RUN_GAP = 4096;
export function packRuns(memory) {
  const runs = [];
  let start = -1;
  let zeros = 0;
  for (let i = 0; i < memory.length; i++) {
    if (memory[i] !== 0) {
      if (start < 0) start = i;
      zeros = 0;
    } else if (start >= 0 && ++zeros === RUN_GAP) {
      runs.push([start, i + 1 - RUN_GAP - start]);
      start = -1;
    }
  }
  if (start >= 0) runs.push([start, memory.length - zeros - start]);
  const head = 16 + 8 * runs.length;
  const packed = new Uint8Array(head + runs.reduce((sum, [, length]) => sum + length, 0));
  const view = new DataView(packed.buffer);
  for (let k = 0; k < RUNS_MAGIC.length; k++) packed[k] = RUNS_MAGIC.charCodeAt(k);
  view.setUint32(8, memory.length, true);
  view.setUint32(12, runs.length, true);
  let at = head;
  runs.forEach(([offset, length], k) => {
    view.setUint32(16 + 8 * k, offset, true);
    view.setUint32(20 + 8 * k, length, true);
    packed.set(memory.subarray(offset, offset + length), at);
    at += length;
  });
  return packed;
}

// The kept snapshot's bytes, whole in memory (checked against their SHA-256), laid out as
// readRuns lays out a stream; bytes without the runs' header are returned as they are.
export function layRuns(bytes) {
  const magic = String.fromCharCode(...bytes.subarray(0, RUNS_MAGIC.length));
  if (magic !== RUNS_MAGIC) return bytes;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const count = bytes.length < 16 ? 0 : view.getUint32(12, true);
  let at = 16 + 8 * count;
  if (at > bytes.length) throw new Error(`${RUNS}fewer bytes than its header says`);
  const memory = new Uint8Array(view.getUint32(8, true));
  for (const [offset, length] of runsOf(view, memory)) {
    if (at + length > bytes.length) throw new Error(`${RUNS}fewer bytes than its header says`);
    memory.set(bytes.subarray(at, at + length), offset);
    at += length;
  }
  if (at !== bytes.length) throw new Error(`${RUNS}more bytes than its header says`);
  return memory;
}

// The page's worker: the page posts the URL, the worker answers {bytes} (transferred, not
// copied; null on an HTTP error) or {error}. Later the page may hand the same bytes back,
// restored and found this build's, {keep: version, bytes} (transferred again): the worker keeps
// their runs and answers {kept: true}, or {kept: false, error}.
if (globalThis.name === SHIPPED_WORKER && !globalThis.document) {
  globalThis.onmessage = async ({ data }) => {
    if (data?.keep) {
      try {
        await writeSnapshot(data.keep, packRuns(data.bytes));
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
