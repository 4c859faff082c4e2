"""`slidedb serve` in headless Chromium, tried as another site would: a page
served from another origin posts a form (text/plain) and a no-cors fetch to
/api/save, and a name of another site resolves to the server (DNS
rebinding). Nothing is saved; the other name gets 421. And the editor loads
within half a second with the default options, its browser holding idle
keep-alive connections from the page before. Exits 77 (skipped) without
Chromium or Selenium."""
import http.server
import os
import re
import shutil
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from serve_browser import SKIP, check, fail  # noqa: E402

try:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
except ImportError:
    webdriver = None

BOARD = ".....B\n.....B\n...AAB\n......\n......\n......\n"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def attacker_page(target):
    """A page of another origin that tries to save a board on the server."""
    return f"""<!doctype html><html><body>
<iframe name="sink" style="display:none"></iframe>
<form id="f" method="POST" action="{target}/api/save" enctype="text/plain" target="sink">
<input name="{BOARD.replace(chr(10), '&#10;')}" value="">
</form>
<script>
fetch("{target}/api/save", {{method: "POST", mode: "no-cors", body: {BOARD!r}}})
  .finally(() => {{ document.getElementById("f").submit(); document.title = "sent"; }});
</script></body></html>"""


def main():
    slidedb, data = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    driver_path = shutil.which("chromedriver")
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if webdriver is None or not driver_path or not browser:
        print("skipped: chromium, chromium-driver or python3-selenium is missing (scripts/setup.sh --test)")
        sys.exit(SKIP)
    work = tempfile.mkdtemp(prefix="slidedb-guard-")
    server = other = driver = None
    try:
        os.makedirs(os.path.join(work, "boards"))
        shutil.copy(os.path.join(data, "boards", "fg_README_example.txt"), os.path.join(work, "boards"))
        shutil.copy(os.path.join(data, "blocks", "klotski.txt"), os.path.join(work, "boards"))
        db = os.path.join(work, "t.db")
        subprocess.run([slidedb, "import", "boards", "--db", db, "-q"], cwd=work, check=True)
        server = subprocess.Popen([slidedb, "serve", "--db", db, "--port", "0"], cwd=work,
                                  stdout=subprocess.PIPE, text=True)
        m = re.search(r"http://127\.0\.0\.1:(\d+)/", server.stdout.readline())
        check(m, "the server printed no address")
        port = int(m.group(1))
        base = f"http://127.0.0.1:{port}"

        # The other site, on another port of this machine.
        page = attacker_page(base).encode()

        class Other(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                self.send_response(200)
                self.send_header("Content-Type", "text/html")
                self.send_header("Content-Length", str(len(page)))
                self.end_headers()
                self.wfile.write(page)

            def log_message(self, *args):
                pass

        other = http.server.ThreadingHTTPServer(("127.0.0.1", free_port()), Other)
        threading.Thread(target=other.serve_forever, daemon=True).start()
        other_base = f"http://localhost:{other.server_address[1]}"

        options = webdriver.ChromeOptions()
        options.binary_location = browser
        for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                    "--disable-background-networking", "--no-first-run",
                    # evil.example resolves to this machine: DNS rebinding.
                    "--host-resolver-rules=MAP evil.example 127.0.0.1"):
            options.add_argument(arg)
        driver = webdriver.Chrome(service=Service(driver_path), options=options)

        def puzzles():
            with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as c:
                return c.execute("SELECT COUNT(*) FROM puzzles").fetchone()[0]

        before = puzzles()

        # The editor, after the home page: its assets come at once, though
        # the browser holds idle connections from the page before.
        times = []
        for _ in range(5):
            driver.get(base + "/")
            driver.get(base + "/editor")
            ms = driver.execute_script(
                "const n = performance.getEntriesByType('navigation')[0]; return n.loadEventEnd - n.startTime;")
            times.append(ms)
        print("editor loads (ms):", ", ".join(f"{t:.0f}" for t in times))
        # A load waiting on a held connection waits a second or more, every
        # time; the quickest of five leaves out moments when the machine was
        # busy elsewhere (not a speed test: a stall or none).
        quickest = min(times)
        check(quickest < 900, f"the editor took {quickest:.0f} ms to load (the quickest of {len(times)})")

        # The other site's form and no-cors fetch.
        driver.get(other_base + "/")
        deadline = time.time() + 10
        while driver.title != "sent" and time.time() < deadline:
            time.sleep(0.1)
        check(driver.title == "sent", "the other site's page did not send its requests")
        time.sleep(1)
        check(puzzles() == before, f"another site saved: {puzzles() - before} puzzles")

        # DNS rebinding: the server's address under another name.
        driver.get(f"http://evil.example:{port}/")
        check("Error 421" in driver.page_source, "a page under another name was served")
        driver.get(f"http://evil.example:{port}/api/puzzles")
        body = driver.find_element("tag name", "body").text
        check('"error"' in body and "evil.example" in body, "the API answered another name: " + body[:200])
        check(puzzles() == before, "the database changed")
        print("ok: no save from another origin; another name gets 421")
    finally:
        if driver:
            driver.quit()
        if other:
            other.shutdown()
        if server:
            server.terminate()
            server.wait()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    try:
        main()
    except SystemExit:
        raise
    except Exception as e:  # a failure, said plainly
        fail(repr(e))
