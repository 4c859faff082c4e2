#!/usr/bin/env python3
"""Load on `slidedb serve`: CLIENTS threads send REQUESTS mixed requests in
all (the puzzle list, a puzzle, a hint, a solve, and with --saves a save of
a stored board, which writes to DB) to a server started here on a free port
of 127.0.0.1, then print the errors and the latency p50/p95 of each kind.
With --slowloris N, N more connections send one header line every 2 s and
never end their request, all along. A measurement, not a test: it never
fails on a time.

    scripts/serve_load.py SLIDEDB DB [--clients 4] [--requests 2000] [--saves] [--slowloris 4]
"""
import argparse
import json
import re
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("slidedb")
    ap.add_argument("db")
    ap.add_argument("--clients", type=int, default=4)
    ap.add_argument("--requests", type=int, default=2000)
    ap.add_argument("--saves", action="store_true", help="also save boards (writes to DB)")
    ap.add_argument("--slowloris", type=int, default=0, help="connections that never finish their request")
    a = ap.parse_args()

    server = subprocess.Popen([a.slidedb, "serve", "--db", a.db, "--port", "0", "--jobs", str(a.clients)] +
                              ([] if a.saves else ["--read-only"]), stdout=subprocess.PIPE, text=True)
    line = server.stdout.readline()
    m = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
    if not m:
        sys.exit("serve_load: the server did not start: " + line)
    base = "http://127.0.0.1:%s" % m.group(1)
    port = int(m.group(1))
    done = threading.Event()

    def slowloris():
        conns = []
        for _ in range(a.slowloris):
            c = socket.create_connection(("127.0.0.1", port))
            c.sendall(b"GET /api/puzzles HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            conns.append(c)
        line = 0
        while not done.wait(2):
            line += 1
            for c in conns:
                c.sendall(b"X-Line-%d: 1\r\n" % line)
        for c in conns:
            c.close()

    dribbler = threading.Thread(target=slowloris)
    dribbler.start()

    def get(path):
        with urllib.request.urlopen(base + path, timeout=60) as r:
            return r.status, r.read()

    def post(path, body):
        req = urllib.request.Request(base + path, data=body.encode(), method="POST")
        with urllib.request.urlopen(req, timeout=60) as r:
            return r.status, r.read()

    # Ids and boards to ask about: the database's first solved puzzles.
    rows = json.loads(get("/api/puzzles?status=solved&per_page=50")[1])["puzzles"]
    if not rows:
        sys.exit("serve_load: no solved puzzle in " + a.db)
    boards = [json.loads(get("/api/puzzles/%d" % r["id"])[1]) for r in rows]

    kinds = ["list", "puzzle", "hint", "solve"] + (["save"] if a.saves else [])
    times = {k: [] for k in kinds}
    errors = []
    lock = threading.Lock()

    def client(n):
        for i in range(n, a.requests, a.clients):
            kind = kinds[i % len(kinds)]
            b = boards[i % len(boards)]
            t = time.perf_counter()
            try:
                if kind == "list":
                    st, _ = get("/puzzles?sort=moves&page=%d" % (1 + i % 3))
                elif kind == "puzzle":
                    st, _ = get("/api/puzzles/%d" % b["id"])
                elif kind == "hint":
                    st, _ = post("/api/hint", b["file_text"])
                elif kind == "save":
                    st, _ = post("/api/save", b["file_text"])
                else:
                    st, _ = post("/api/solve", b["file_text"])
                ok = st == 200
            except (urllib.error.URLError, OSError) as e:
                ok, st = False, str(e)
            dt = time.perf_counter() - t
            with lock:
                times[kind].append(dt)
                if not ok:
                    errors.append((kind, st))

    started = time.perf_counter()
    threads = [threading.Thread(target=client, args=(n,)) for n in range(a.clients)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    wall = time.perf_counter() - started
    done.set()
    dribbler.join()
    server.terminate()
    server.wait()

    def pct(xs, p):
        xs = sorted(xs)
        return xs[min(len(xs) - 1, int(p * len(xs)))] * 1000

    total = sum(len(v) for v in times.values())
    print("%d requests from %d clients in %.2f s (%.0f/s), %d errors%s" % (
        total, a.clients, wall, total / wall, len(errors),
        ", %d slowloris connections open" % a.slowloris if a.slowloris else ""))
    for k in kinds:
        print("  %-7s %5d   p50 %7.2f ms   p95 %7.2f ms" % (k, len(times[k]), pct(times[k], .5), pct(times[k], .95)))
    for e in errors[:10]:
        print("  error:", e)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
