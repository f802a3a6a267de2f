"""snapshot.gz sends the interpreter's memory as its runs that are not zero (tools/snapshot.mjs
packRuns), and the page lays them out in zeros (web/shipped.mjs readRuns): a first visit
inflates about 15 of the 31 MB instead of all of them, in the worker whose bytes the restore
waits for (docs/build.md, "Page-load figures"). Run in Node: the page's reader must give exactly
the memory the build packed, and fall back as before for what is not such a stream."""

from __future__ import annotations

import gzip
import hashlib
import json
import subprocess
from pathlib import Path
from typing import Any

from snapshot_runs import RUNS_MAGIC, lay_out, read_header

from tools.site import SNAPSHOT

# The site's web/shipped.mjs readRuns on each file given, fed in pieces of the sizes given (the
# last size repeats), gunzipped first if the file is a gzip stream, as fetchShipped does; prints,
# for each, the sha256 and length of what it gives back, or the error it throws. The cases of a
# test go to one Node (a start is ~0.1 s of CPU; a test had up to eight).
READ_RUNS = """
import { readFileSync } from "node:fs";
import { createHash } from "node:crypto";
const [site, cases] = process.argv.slice(1);
const { readRuns } = await import(new URL("web/shipped.mjs", site));
async function one(file, pieces) {
  const data = readFileSync(file);
  let stream = new ReadableStream({
    start(controller) {
      for (let at = 0, k = 0; at < data.length; k++) {
        const size = pieces[Math.min(k, pieces.length - 1)];
        controller.enqueue(new Uint8Array(data.subarray(at, at + size)));
        at += size;
      }
      controller.close();
    },
  });
  const gzip = data[0] === 0x1f && data[1] === 0x8b;
  if (gzip) stream = stream.pipeThrough(new DecompressionStream("gzip"));
  try {
    const bytes = await readRuns(stream);
    return [createHash("sha256").update(bytes).digest("hex"), bytes.length];
  } catch (e) {
    return String(e.message);
  }
}
const out = [];
for (const [file, pieces] of JSON.parse(cases)) out.push(await one(file, pieces));
console.log(JSON.stringify(out));
"""


def in_node(script: str, site: Path, cases: list[tuple[Path, Any]]) -> list[Any]:
    """`script`'s answer for each (file, its argument), all cases in one Node process (the
    script prints one JSON list, an answer a case, as its last line)."""
    result = subprocess.run(
        ["node", "--input-type=module", "-e", script, site.as_uri() + "/"]
        + [json.dumps([[str(file), argument] for file, argument in cases])],
        capture_output=True,
        check=True,
        timeout=120,
    )
    answers: list[Any] = json.loads(result.stdout.decode().strip().splitlines()[-1])
    assert len(answers) == len(cases)
    return answers


def read_runs(site: Path, cases: list[tuple[Path, list[int]]]) -> list[Any]:
    """readRuns' answer for each (file, sizes), in one Node."""
    return in_node(READ_RUNS, site, list(cases))


def test_the_shipped_snapshot_sends_only_the_memory_s_runs_that_are_not_zero(site: Path) -> None:
    payload = gzip.decompress((site / SNAPSHOT).read_bytes())
    size, runs, _ = read_header(payload)
    assert size > 30_000_000  # the interpreter's whole memory (Pyodide's 30 MiB minimum)
    assert len(payload) < size // 2  # what a first visit inflates
    memory = lay_out(payload)
    ends = [0] + [offset + length for offset, length in runs]
    for (offset, length), end_before in zip(runs, ends[:-1], strict=True):
        assert offset >= end_before and length > 0
        assert memory[offset] != 0 and memory[offset + length - 1] != 0


def test_the_page_lays_out_the_runs_in_zeros_as_the_build_packed_them(
    site: Path, build_info: dict[str, Any]
) -> None:
    memory = lay_out(gzip.decompress((site / SNAPSHOT).read_bytes()))
    assert build_info["version"].encode() in memory
    expected = [hashlib.sha256(memory).hexdigest(), len(memory)]
    # as the network and the inflate hand it over, and in pieces that split the header
    assert read_runs(
        site, [(site / SNAPSHOT, [65536]), (site / SNAPSHOT, [3, 9, 700, 4097, 65536])]
    ) == [expected, expected]


def test_the_page_returns_what_is_not_a_snapshot_of_runs_as_it_is(
    site: Path, tmp_path: Path
) -> None:
    """Anything else goes to loadPyodide as it is, which refuses it (a normal start follows):
    bytes that are not a snapshot, or an older build's whole memory."""
    bodies = (b"no snapshot", b"\x00" * 65536, b"TGRUNS")
    cases = []
    for k, body in enumerate(bodies):
        file = tmp_path / f"body{k}"
        file.write_bytes(body)
        cases.append((file, [4]))
    assert read_runs(site, cases) == [[hashlib.sha256(b).hexdigest(), len(b)] for b in bodies]


def test_the_page_refuses_runs_that_do_not_match_their_header(site: Path, tmp_path: Path) -> None:
    def packed(size: int, runs: list[tuple[int, int]], data: bytes) -> tuple[Path, list[int]]:
        head = RUNS_MAGIC + size.to_bytes(4, "little") + len(runs).to_bytes(4, "little")
        for offset, length in runs:
            head += offset.to_bytes(4, "little") + length.to_bytes(4, "little")
        file = tmp_path / f"runs{len(list(tmp_path.iterdir()))}"
        file.write_bytes(head + data)
        return file, [5]

    whole, fewer, more, outside = read_runs(
        site,
        [
            packed(64, [(8, 4)], b"\x01\x02\x03\x04"),
            packed(64, [(8, 4)], b"\x01\x02"),
            packed(64, [(8, 4)], b"\x01" * 6),
            packed(64, [(62, 4)], b"\x01" * 4),
        ],
    )
    assert whole == [hashlib.sha256(bytes(8) + b"\x01\x02\x03\x04" + bytes(52)).hexdigest(), 64]
    assert "fewer bytes" in fewer
    assert "more bytes" in more
    assert "outside" in outside


# The kept snapshot (web/shipped.mjs): packRuns of the memory in the file given (laid out first
# if it is the build's snapshot.gz), then layRuns of those bytes; prints the sha256 and length
# of each, or, for a file that is no snapshot.gz, what layRuns makes of it (or its error). Each
# (file, how) of a test in one Node, as READ_RUNS.
PACK_AND_LAY = """
import { readFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { gunzipSync } from "node:zlib";
const [site, cases] = process.argv.slice(1);
const { layRuns, packRuns } = await import(new URL("web/shipped.mjs", site));
const digest = (bytes) => [createHash("sha256").update(bytes).digest("hex"), bytes.length];
function one(file, how) {
  const data = new Uint8Array(readFileSync(file));
  try {
    if (how === "pack") {
      const packed = packRuns(layRuns(gunzipSync(data)));
      return [digest(packed), digest(layRuns(packed))];
    }
    return digest(layRuns(data));
  } catch (e) {
    return String(e.message);
  }
}
console.log(JSON.stringify(JSON.parse(cases).map(([file, how]) => one(file, how))));
"""


def pack_and_lay(site: Path, cases: list[tuple[Path, str]]) -> list[Any]:
    """PACK_AND_LAY's answer for each (file, how), in one Node."""
    return in_node(PACK_AND_LAY, site, list(cases))


def test_the_page_keeps_the_runs_the_build_sent_and_lays_them_out_again(site: Path) -> None:
    """The page's worker keeps the memory it restored as its runs (packRuns, the build's own
    packing): the bytes of snapshot.gz, unzipped; a later start lays them out (layRuns) into
    exactly the memory the build packed."""
    payload = gzip.decompress((site / SNAPSHOT).read_bytes())
    memory = lay_out(payload)
    ((packed, laid),) = pack_and_lay(site, [(site / SNAPSHOT, "pack")])
    assert packed == [hashlib.sha256(payload).hexdigest(), len(payload)]
    assert laid == [hashlib.sha256(memory).hexdigest(), len(memory)]


def test_the_kept_snapshot_s_reader_refuses_runs_that_do_not_match_their_header(
    site: Path, tmp_path: Path
) -> None:
    """layRuns, for a kept entry whose SHA-256 matched: the same checks as readRuns; bytes
    without the header (an older build's whole memory) come back as they are."""

    def lay(*bodies: bytes) -> list[Any]:
        cases = []
        for k, body in enumerate(bodies):
            file = tmp_path / f"kept{k}"
            file.write_bytes(body)
            cases.append((file, "lay"))
        return pack_and_lay(site, cases)

    def packed(size: int, runs: list[tuple[int, int]], data: bytes) -> bytes:
        head = RUNS_MAGIC + size.to_bytes(4, "little") + len(runs).to_bytes(4, "little")
        for offset, length in runs:
            head += offset.to_bytes(4, "little") + length.to_bytes(4, "little")
        return head + data

    bodies = (b"no snapshot", b"\x00" * 65536, b"TGRUNS")
    *as_they_are, whole, fewer, short_header, more, outside = lay(
        *bodies,
        packed(64, [(8, 4)], b"\x01\x02\x03\x04"),
        packed(64, [(8, 4)], b"\x01\x02"),
        RUNS_MAGIC + b"\x40\x00\x00\x00\x05\x00\x00\x00",
        packed(64, [(8, 4)], b"\x01" * 6),
        packed(64, [(62, 4)], b"\x01" * 4),
    )
    assert as_they_are == [[hashlib.sha256(b).hexdigest(), len(b)] for b in bodies]
    assert whole == [hashlib.sha256(bytes(8) + b"\x01\x02\x03\x04" + bytes(52)).hexdigest(), 64]
    assert "fewer bytes" in fewer
    assert "fewer bytes" in short_header
    assert "more bytes" in more
    assert "outside" in outside
