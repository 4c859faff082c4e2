#!/usr/bin/env python3
"""The puzzle list of `slidedb serve` on a million puzzles: every filter and
sort of /api/puzzles timed over HTTP (the median of --repeat requests, each
a fresh connection), on a database built here. A measurement, not a test:
it never fails on a time.

The database: tests/data/boards/rush_18k.txt (18,068 puzzles of the public
Rush Hour database) imported with the build's slidedb, then copied in SQL
until it holds --puzzles puzzles: copy n takes the keys with " #n" appended
(distinct puzzles to the store), the same solutions, and sources whose path
is "set-<n>/rush_18k.txt". Every row goes in through the schema's triggers,
as an import's would, so the tallies and the index of source paths are
those of a real database of that size. Kept as DIR/list-1m.db for reruns.

    scripts/serve_list_bench.py SLIDEDB DIR [--puzzles 1000000] [--repeat 5]
"""
import argparse
import json
import os
import re
import sqlite3
import statistics
import subprocess
import sys
import time
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))


def build(slidedb, path, want):
    base = path + ".base"
    if not os.path.exists(base):
        src = os.path.join(HERE, "..", "tests", "data", "boards", "rush_18k.txt")
        subprocess.run([slidedb, "import", src, "--db", base, "--jobs", "2"], check=True)
    subprocess.run(["cp", base, path], check=True)
    db = sqlite3.connect(path)
    n = db.execute("SELECT COUNT(*) FROM puzzles").fetchone()[0]
    per = n
    copy = 1
    cols = [r[1] for r in db.execute("PRAGMA table_info(solutions)") if r[1] != "puzzle_id"]
    scols = [r[1] for r in db.execute("PRAGMA table_info(sources)") if r[1] not in ("id", "puzzle_id", "path")]
    started = time.time()
    while n < want:
        take = min(per, want - n)
        db.execute("BEGIN")
        db.execute("INSERT INTO puzzles (key, family, width, height, exit_side, exit_row, board, blocks, fixed, "
                   "import_id) SELECT key || ' #{0}', family, width, height, exit_side, exit_row, board, blocks, "
                   "fixed, import_id FROM puzzles WHERE id <= {1} ORDER BY id".format(copy, take))
        db.execute("INSERT INTO solutions (puzzle_id, {0}) SELECT c.id, {1} FROM puzzles o "
                   "JOIN puzzles c ON c.key = o.key || ' #{2}' JOIN solutions s ON s.puzzle_id = o.id "
                   "WHERE o.id <= {3}".format(", ".join(cols), ", ".join("s." + x for x in cols), copy, take))
        db.execute("INSERT INTO sources (puzzle_id, path, {0}) SELECT c.id, 'set-{1}/rush_18k.txt', {2} "
                   "FROM puzzles o JOIN puzzles c ON c.key = o.key || ' #{1}' JOIN sources s ON s.puzzle_id = o.id "
                   "WHERE o.id <= {3}".format(", ".join(scols), copy, ", ".join("s." + x for x in scols), take))
        db.execute("COMMIT")
        n += take
        copy += 1
        print("  %d puzzles (%.0f s)" % (n, time.time() - started), flush=True)
    db.execute("ANALYZE")
    db.close()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("slidedb")
    ap.add_argument("dir")
    ap.add_argument("--puzzles", type=int, default=1000000)
    ap.add_argument("--repeat", type=int, default=5)
    a = ap.parse_args()
    os.makedirs(a.dir, exist_ok=True)
    path = os.path.join(a.dir, "list-%d.db" % a.puzzles)
    if not os.path.exists(path):
        print("building %s" % path, flush=True)
        build(a.slidedb, path, a.puzzles)
    # The server migrates the file to its schema first (read-write once).
    subprocess.run([a.slidedb, "query", "SELECT COUNT(*) FROM puzzles", "--db", path], check=True)
    server = subprocess.Popen([a.slidedb, "serve", "--db", path, "--port", "0", "--read-only"],
                              stdout=subprocess.PIPE, text=True)
    try:
        m = re.search(r"http://127\.0\.0\.1:(\d+)/", server.stdout.readline())
        if not m:
            sys.exit("serve_list_bench: the server did not start")
        base = "http://127.0.0.1:%s/api/puzzles?" % m.group(1)
        filters = ["", "family=unblock", "family=tiles", "size=6x6", "size=8x8", "status=solved",
                   "status=limit", "status=unsolved", "moves_min=40", "moves_max=3", "moves_min=10&moves_max=12",
                   "cluster_min=20000", "cluster_max=10", "source=set-42/", "source=rush_18k",
                   "source=no-such-file", "source=t-", "family=unblock&size=6x6&status=solved&moves_min=30",
                   "page=400", "page=2000"]
        sorts = ["", "sort=moves", "sort=steps", "sort=cluster", "sort=effort", "sort=id&order=desc"]
        worst = 0
        print("%-22s %s" % ("filter \\ sort", " ".join("%12s" % (s or "id") for s in sorts)))
        for f in filters:
            row = []
            for s in sorts:
                q = "&".join(x for x in (f, s) if x)
                times = []
                for _ in range(a.repeat):
                    t = time.perf_counter()
                    with urllib.request.urlopen(base + q, timeout=120) as r:
                        r.read()
                        assert r.status == 200
                    times.append((time.perf_counter() - t) * 1000)
                med = statistics.median(times)
                worst = max(worst, med)
                row.append("%9.1f ms" % med)
            print("%-22s %s" % (f or "(none)", " ".join("%12s" % x for x in row)), flush=True)
        print("slowest median: %.1f ms" % worst)
        # Whole lists, 200 a page, read from each page's cursor (after=), as
        # a program pages through them; then single pages by number at a
        # quarter, half and all of the way, each skipping the rows before it.
        print("%-24s %9s %9s %10s %10s   %s" % ("whole list", "pages", "rows", "by cursor", "page max",
                                               "by number at 1/4, 1/2, end"))
        for q in ("sort=moves", "sort=cluster&order=asc", "sort=id"):
            ids, pages, slowest, after = set(), 0, 0.0, None
            began = time.perf_counter()
            while True:
                t = time.perf_counter()
                with urllib.request.urlopen(base + q + "&per_page=200" + ("&after=" + after if after else ""),
                                            timeout=120) as r:
                    page = json.load(r)
                slowest = max(slowest, time.perf_counter() - t)
                pages += 1
                ids.update(p["id"] for p in page["puzzles"])
                rows = pages * 200 if page["next"] else (pages - 1) * 200 + len(page["puzzles"])
                if not page["next"]:
                    break
                after = page["next"]
            whole = time.perf_counter() - began
            assert len(ids) == rows, (q, len(ids), rows)
            deep = []
            for k in (pages // 4, pages // 2, pages):
                t = time.perf_counter()
                with urllib.request.urlopen(base + q + "&per_page=200&page=%d" % max(k, 1), timeout=120) as r:
                    r.read()
                deep.append("%.0f ms" % ((time.perf_counter() - t) * 1000))
            print("%-24s %9d %9d %8.1f s %7.1f ms   %s" % (q, pages, rows, whole, slowest * 1000, ", ".join(deep)),
                  flush=True)
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main()
