"""The build's snapshot as the page reads it: snapshot.gz holds the interpreter's memory as its
runs that are not zero (tools/snapshot.mjs packRuns; the format is documented at web/shipped.mjs
readRuns), laid out here in zeros as the page does."""

from __future__ import annotations

import gzip
import struct
from pathlib import Path

RUNS_MAGIC = b"TGRUNS01"


def read_header(payload: bytes) -> tuple[int, list[tuple[int, int]], int]:
    """The memory's size, the runs (offset, length), and where their bytes begin."""
    assert payload[: len(RUNS_MAGIC)] == RUNS_MAGIC, payload[:16]
    size, count = struct.unpack_from("<II", payload, 8)
    runs = [struct.unpack_from("<II", payload, 16 + 8 * k) for k in range(count)]
    return size, runs, 16 + 8 * count


def lay_out(payload: bytes) -> bytes:
    size, runs, at = read_header(payload)
    memory = bytearray(size)
    for offset, length in runs:
        memory[offset : offset + length] = payload[at : at + length]
        at += length
    assert at == len(payload), (at, len(payload))
    return bytes(memory)


def snapshot_memory(path: Path) -> bytes:
    """The interpreter's memory that snapshot.gz restores."""
    return lay_out(gzip.decompress(path.read_bytes()))
