"""What the browser tests of `slidedb serve` share: a database imported from
tests/data, the server on a free port of 127.0.0.1, headless Chromium
through Selenium, and clean-up. A test without Chromium or Selenium exits 77
(skipped)."""
import os
import re
import shutil
import subprocess
import sys
import tempfile

try:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.support.ui import WebDriverWait
except ImportError:
    webdriver = None

SKIP = 77


def fail(msg):
    print("FAIL:", msg)
    sys.exit(1)


def check(cond, msg):
    if not cond:
        fail(msg)


class Session:
    """The database, the server and the browser, for a `with` block."""

    def __init__(self, slidedb, data):
        self.slidedb, self.data = os.path.abspath(slidedb), os.path.abspath(data)
        self.server = self.driver = None
        self.work = None
        self.others = []

    def __enter__(self):
        driver_path = shutil.which("chromedriver")
        browser = shutil.which("chromium") or shutil.which("chromium-browser")
        if webdriver is None:
            print("skipped: python3-selenium is not installed (scripts/setup.sh --test)")
            sys.exit(SKIP)
        if not driver_path or not browser:
            print("skipped: chromium or chromium-driver is not installed (scripts/setup.sh --test)")
            sys.exit(SKIP)
        self.work = tempfile.mkdtemp(prefix="slidedb-browser-")
        os.makedirs(os.path.join(self.work, "boards"))
        for f in ("fg_README_example.txt", "kb_input.txt", "yb_expert_0001.txt"):
            shutil.copy(os.path.join(self.data, "boards", f), os.path.join(self.work, "boards", f))
        shutil.copy(os.path.join(self.data, "blocks", "klotski.txt"), os.path.join(self.work, "boards", "klotski.txt"))
        with open(os.path.join(self.work, "boards", "eight.txt"), "w") as f:
            f.write("1 2 3\n4 5 6\n0 7 8\n")
        self.db = os.path.join(self.work, "t.db")
        subprocess.run([self.slidedb, "import", "boards", "--db", self.db, "-q"], cwd=self.work, check=True)
        self.server, self.base = self.start_server([])
        options = webdriver.ChromeOptions()
        options.binary_location = browser
        for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1280,1600",
                    "--disable-dev-shm-usage"):
            options.add_argument(arg)
        # The console, where Chromium reports what a Content-Security-Policy refused.
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        self.driver = webdriver.Chrome(service=Service(driver_path), options=options)
        self.wait = WebDriverWait(self.driver, 60)
        return self

    def start_server(self, args):
        server = subprocess.Popen([self.slidedb, "serve", "--db", self.db, "--port", "0"] + args, cwd=self.work,
                                  stdout=subprocess.PIPE, text=True)
        m = re.search(r"(http://127\.0\.0\.1:\d+)/", server.stdout.readline())
        if not m:
            server.terminate()
            fail("the server printed no address")
        return server, m.group(1)

    def serve_also(self, *args):
        """A second server on the same database with more options; its base URL."""
        server, base = self.start_server(list(args))
        self.others.append(server)
        return base

    def console_refusals(self, page):
        """Fails when the console logged, since the last look, a refusal of the
        page's Content-Security-Policy or a resource the page asked for and the
        server did not have (a 404: the icon)."""
        bad = [e["message"] for e in self.driver.get_log("browser")
               if "Content Security Policy" in e["message"] or "Refused to" in e["message"]
               or "status of 404" in e["message"]]
        check(not bad, "%s: the console says %r" % (page, bad))

    def __exit__(self, *exc):
        if self.driver:
            self.driver.quit()
        for server in self.others:
            server.terminate()
            server.wait()
        if self.server:
            self.server.terminate()
            self.server.wait()
        if self.work:
            shutil.rmtree(self.work, ignore_errors=True)
        return False
