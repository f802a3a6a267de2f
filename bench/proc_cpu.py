"""Where a command's CPU goes, process by process and thread by thread (Linux /proc).

    python bench/proc_cpu.py [--out run.json] [--threads 15] -- python -m pytest tests/e2e/x.py

runs the command and samples /proc every 0.2 s: each process under it (pytest, Playwright's
node driver, Chromium's browser, renderers, GPU and utility processes) and each of their
threads, by the name Chromium and node give it (CrRendererMain shows as `chromium`, the Web
Workers as `DedicatedWorker`, the service worker as `ServiceWorker t`). A thread's CPU is its
last sample of utime + stime, so a process that lived less than 0.2 s is missed. The summary
prints the total, the share of each kind of process, and the busiest threads; `--out` keeps
the samples (`--report run.json` prints them again). getrusage (`/usr/bin/time`) counts little
of Chromium's: its renderers are not waited for by pytest.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import time
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path

SAMPLE_S = 0.2
Thread = tuple[str, int, str, int]  # kind of process, pid, thread name, clock ticks


def read_stat(path: str) -> tuple[str, int, int, int] | None:
    """(name, parent pid, utime + stime in ticks, start time) from a /proc stat file."""
    try:
        text = Path(path).read_text()
    except OSError:
        return None
    close = text.rfind(")")
    fields = text[close + 2 :].split()
    name = text[text.find("(") + 1 : close]
    return name, int(fields[1]), int(fields[11]) + int(fields[12]), int(fields[19])


def kind_of(pid: int, name: str) -> str:
    try:
        args = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return name
    if "chrom" in args:
        found = re.search(r"--type=(\S+)", args)
        if found is None:
            return "chromium browser"
        sub = re.search(r"--utility-sub-type=(\S+)", args)
        return f"chromium {found[1]}" + (f" {sub[1]}" if sub else "")
    if "node" in name or "playwright" in args.split(" ")[0]:
        return "playwright node driver"
    return "python (pytest)" if "python" in name else name


def tree(root: int) -> set[int]:
    parents: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            stat = read_stat(f"/proc/{entry}/stat")
            if stat:
                parents[int(entry)] = stat[1]
    pids = {root}
    grew = True
    while grew:
        grew = False
        for pid, parent in parents.items():
            if parent in pids and pid not in pids:
                pids.add(pid)
                grew = True
    return pids


def thread_stats(pid: int) -> Iterator[tuple[str, tuple[str, int, int, int]]]:
    """(thread id, its stat as `read_stat` gives it) for each live thread of a process."""
    try:
        tids = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return
    for tid in tids:
        stat = read_stat(f"/proc/{pid}/task/{tid}/stat")
        if stat:
            yield tid, stat


def sample(command: list[str]) -> tuple[float, int, dict[str, Thread]]:
    """Run `command`; its wall time, exit code and every thread's last sample."""
    started = time.monotonic()
    proc = subprocess.Popen(command)
    kinds: dict[tuple[int, int], str] = {}
    threads: dict[str, Thread] = {}
    while True:
        done = proc.poll() is not None
        for pid in tree(proc.pid):
            stat = read_stat(f"/proc/{pid}/stat")
            if stat is None:
                continue
            kind = kinds.setdefault((pid, stat[3]), kind_of(pid, stat[0]))
            for tid, tstat in thread_stats(pid):
                threads[f"{pid}/{tid}/{tstat[3]}"] = (kind, pid, tstat[0], tstat[2])
        if done:
            return time.monotonic() - started, proc.returncode or 0, threads
        time.sleep(SAMPLE_S)


def report(wall: float, threads: dict[str, Thread], top: int) -> str:
    tick = os.sysconf("SC_CLK_TCK")
    by_kind: defaultdict[str, float] = defaultdict(float)
    by_thread: defaultdict[tuple[str, str], float] = defaultdict(float)
    processes: defaultdict[str, set[int]] = defaultdict(set)
    for kind, pid, name, ticks in threads.values():
        by_kind[kind] += ticks / tick
        by_thread[(kind, re.sub(r"\d+$", "N", name))] += ticks / tick
        processes[kind].add(pid)
    total = sum(by_kind.values()) or 1.0
    lines = [f"wall {wall:.1f} s, CPU {total:.1f} s"]
    for kind, cpu in sorted(by_kind.items(), key=lambda item: -item[1]):
        share = f"{100 * cpu / total:5.1f} %"
        lines.append(f"  {kind:50s} {cpu:7.1f} s {share}  ({len(processes[kind])} processes)")
    lines.append("threads:")
    for (kind, name), cpu in sorted(by_thread.items(), key=lambda item: -item[1])[:top]:
        lines.append(f"  {kind:50s} {name:16s} {cpu:7.1f} s")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, help="keep the samples in this JSON file")
    parser.add_argument("--report", type=Path, help="print a kept JSON file again")
    parser.add_argument("--threads", type=int, default=15, help="how many threads to list")
    parser.add_argument("command", nargs="*", help="the command, after --")
    args = parser.parse_args(argv)
    if args.report:
        kept = json.loads(args.report.read_text())
        threads = {k: (v[0], v[1], v[2], v[3]) for k, v in kept["threads"].items()}
        print(report(kept["wall"], threads, args.threads))
        return 0
    if not args.command:
        parser.error("give the command to run after --")
    wall, code, threads = sample(args.command)
    if args.out:
        args.out.write_text(json.dumps({"wall": wall, "threads": threads}))
    print(report(wall, threads, args.threads), file=sys.stderr)
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
