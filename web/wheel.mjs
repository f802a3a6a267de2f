// The game's wheel, unpacked by the browser instead of by Python: Pyodide's unpackArchive runs
// zipfile and shutil in the interpreter, on the main thread after the restore (114 files), while
// the browser's own inflate (DecompressionStream) reads them while the interpreter is still on
// its way. What is left after the restore is writing the files into Pyodide's in-memory file
// system.
//
// A wheel is a plain zip: stored or deflated entries, no zip64 (ours is ~0.2 MB), names in
// UTF-8. Anything else is refused (readWheel rejects), and web/snapshot.mjs then falls back to
// unpackArchive.

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

function endOfCentralDirectory(view) {
  // The record is 22 bytes and may be followed by a comment of up to 65,535 bytes.
  const last = Math.max(0, view.byteLength - 22 - 0xffff);
  for (let at = view.byteLength - 22; at >= last; at--) {
    if (view.getUint32(at, true) === EOCD) return at;
  }
  throw new Error("not a zip file");
}

async function inflate(bytes) {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

// A safe relative path inside the wheel (no absolute path, no `..`): the files land in
// site-packages and nowhere else.
function checkedName(name) {
  const parts = name.split("/");
  if (name.startsWith("/") || parts.some((p) => p === ".." || p === ".")) {
    throw new Error(`wheel entry outside its folder: ${name}`);
  }
  return name;
}

// The wheel's files as [[path, bytes], ...] (directories left out: writeFiles makes them).
export async function readWheel(buffer) {
  const bytes = new Uint8Array(buffer);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = endOfCentralDirectory(view);
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const names = new TextDecoder("utf-8", { fatal: true });
  const files = [];
  for (let i = 0; i < count; i++) {
    if (view.getUint32(at, true) !== CENTRAL) throw new Error("damaged zip directory");
    const method = view.getUint16(at + 10, true);
    const packed = view.getUint32(at + 20, true);
    const size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const skip = nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    const local = view.getUint32(at + 42, true);
    const name = checkedName(names.decode(bytes.subarray(at + 46, at + 46 + nameLength)));
    at += 46 + skip;
    if (name.endsWith("/")) continue;
    if (view.getUint32(local, true) !== LOCAL) throw new Error(`damaged zip entry: ${name}`);
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const data = bytes.subarray(start, start + packed);
    if (data.length !== packed) throw new Error(`truncated zip entry: ${name}`);
    if (method !== STORED && method !== DEFLATED) throw new Error(`zip method ${method}: ${name}`);
    files.push(
      (method === STORED ? Promise.resolve(data.slice()) : inflate(data)).then((content) => {
        if (content.length !== size) throw new Error(`damaged zip entry: ${name}`);
        return [name, content];
      }),
    );
  }
  return Promise.all(files);
}

// The files written under `dir` (site-packages) through Pyodide's file system.
export function writeFiles(FS, dir, files) {
  const made = new Set();
  for (const [name, content] of files) {
    const slash = name.lastIndexOf("/");
    const folder = slash < 0 ? dir : `${dir}/${name.slice(0, slash)}`;
    if (!made.has(folder)) {
      FS.mkdirTree(folder);
      made.add(folder);
    }
    FS.writeFile(`${dir}/${name}`, content);
  }
}
