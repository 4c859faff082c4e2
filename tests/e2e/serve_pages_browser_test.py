#!/usr/bin/env python3
"""`slidedb serve`'s pages in a real browser (headless Chromium through
Selenium), each as a user meets it: a tiles puzzle solved by clicking its
tiles, the hint outline on a blocks piece, the figures' words for one and for
many, a share link cut short, a hint past the server's limits, and a
read-only server's screenshot page; no page's policy refusal in the console.
Exits 77 (skipped) when Chromium or Selenium is missing.

    serve_pages_browser_test.py SLIDEDB TEST_DATA
"""
import os
import sqlite3
import sys

from serve_browser import SKIP, Session, check

try:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
except ImportError:
    print("skipped: python3-selenium is not installed (scripts/setup.sh --test)")
    sys.exit(SKIP)


def main():
    with Session(sys.argv[1], sys.argv[2]) as s:
        driver, wait, base = s.driver, s.wait, s.base
        con = sqlite3.connect(s.db)
        ids = dict(con.execute("SELECT substr(path, 8), puzzle_id FROM sources").fetchall())
        con.close()

        def message(root):
            return root.find_element(By.CSS_SELECTOR, ".message").text

        def open_play(pid, at=None):
            driver.get((at or base) + "/puzzles/%d" % pid)
            wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "section.play[data-state=ready]"))
            return driver.find_element(By.CSS_SELECTOR, "section.play")

        # The 8-puzzle two moves from its goal, played by clicking tiles.
        play = open_play(ids["eight.txt"])
        tile = lambda label: play.find_element(By.CSS_SELECTOR, "g.block[data-label='%s'] rect" % label)
        ActionChains(driver).click(tile("1")).perform()
        wait.until(lambda d: message(play) == "tile 1 is not next to the blank")
        check(play.get_attribute("data-moves") == "0", "a refused click moved: %r" % play.get_attribute("data-moves"))
        ActionChains(driver).click(tile("7")).perform()
        wait.until(lambda d: play.get_attribute("data-moves") == "1" and play.get_attribute("data-state") == "ready")
        check(message(play) == "", "after one move: %r" % message(play))
        check(play.find_element(By.CSS_SELECTOR, ".played").text == "1 move", "counter after one move")
        ActionChains(driver).click(tile("8")).perform()
        wait.until(lambda d: play.get_attribute("data-solved") == "1")
        check(message(play) == "Solved in 2 moves: the optimum, 2 moves.", "solved by clicks: %r" % message(play))
        check(play.find_element(By.CSS_SELECTOR, ".played").text == "2 moves", "counter after two moves")
        # A tile's hint says the way the tile slides, its letter being the blank's.
        play = open_play(ids["eight.txt"])
        play.find_element(By.CSS_SELECTOR, "button[data-act=hint]").click()
        wait.until(lambda d: play.get_attribute("data-hint"))
        check(message(play) == "Hint: 7R (tile 7 slides left, 2 moves to the goal from here)",
              "the tile's hint: %r" % message(play))
        s.console_refusals("the 8-puzzle's page")

        # Klotski's hint: the piece to move outlined, as every family's is.
        play = open_play(ids["klotski.txt"])
        play.find_element(By.CSS_SELECTOR, "button[data-act=hint]").click()
        wait.until(lambda d: play.get_attribute("data-hint"))
        check(message(play).startswith("Hint: ") and message(play).endswith(" (81 moves to the goal from here)"),
              "klotski hint: %r" % message(play))
        outline = driver.execute_script(
            "var g = arguments[0].querySelectorAll('g.hinted');"
            "if (g.length !== 1) return 'hinted: ' + g.length;"
            "var p = g[0].querySelector('path'), c = getComputedStyle(p);"
            "return g[0].dataset.label + ' ' + c.stroke + ' ' + c.strokeWidth;", play)
        hinted = play.get_attribute("data-hint")[0]
        check(outline == hinted + " rgb(255, 209, 102) 4px", "the hinted piece's outline: %r" % outline)
        s.console_refusals("klotski's page")

        # Klotski by the keyboard: J a cell left, then right again. The
        # step back is the move undone, not a move that goes nowhere.
        play = open_play(ids["klotski.txt"])
        piece = lambda label: play.find_element(By.CSS_SELECTOR, "g.block[data-label='%s']" % label)

        def key(label, k, moves):
            driver.execute_script("arguments[0].focus()", piece(label))
            ActionChains(driver).send_keys(k).perform()
            wait.until(lambda d: play.get_attribute("data-moves") == moves
                       and play.get_attribute("data-state") == "ready")

        key("J", Keys.ARROW_LEFT, "1")
        check(piece("J").get_attribute("data-col") == "2",
              "J after a left arrow: col %r" % piece("J").get_attribute("data-col"))
        key("J", Keys.ARROW_RIGHT, "0")
        check(piece("J").get_attribute("data-col") == "3" and message(play) == "",
              "J back: col %r, %r" % (piece("J").get_attribute("data-col"), message(play)))
        # A step the piece cannot take is named as dragged, not joined to its last move.
        key("J", Keys.ARROW_LEFT, "1")
        driver.execute_script("arguments[0].focus()", piece("J"))
        ActionChains(driver).send_keys(Keys.ARROW_UP).perform()
        wait.until(lambda d: message(play))
        check(play.get_attribute("data-moves") == "1" and message(play).startswith("move 'JU1'"),
              "a blocked step: %r" % message(play))

        # An unblock prisoner dragged three cells left where one is free goes that one.
        play = open_play(ids["fg_README_example.txt"])
        cell_px = driver.execute_script(
            "var s = arguments[0].querySelector('svg.board');"
            "return Number(s.dataset.cell) * s.getBoundingClientRect().width / s.viewBox.baseVal.width;", play)
        ActionChains(driver).click_and_hold(piece("A").find_element(By.TAG_NAME, "rect")) \
            .move_by_offset(-1.5 * cell_px, 0).move_by_offset(-1.5 * cell_px, 0).release().perform()
        wait.until(lambda d: play.get_attribute("data-moves") == "1" and play.get_attribute("data-state") == "ready")
        check(piece("A").get_attribute("data-col") == "1" and message(play) == "",
              "A dragged past what is free: col %r, %r" % (piece("A").get_attribute("data-col"), message(play)))
        s.console_refusals("the unblock page, dragged")

        # A phone's width: the puzzle page and the editor fit it, no page
        # wider than the screen.
        driver.set_window_size(360, 800)
        for path in ("/puzzles/%d" % ids["fg_README_example.txt"], "/editor", "/puzzles"):
            driver.get(base + path)
            wait.until(lambda d: d.execute_script("return document.readyState") == "complete")
            wide = driver.execute_script("return [document.documentElement.scrollWidth, window.innerWidth]")
            check(wide[0] <= wide[1], "%s is %d px wide in a window of %d" % (path, wide[0], wide[1]))
        driver.set_window_size(1280, 1600)

        # The figures of a solve: "1 move", "1 goal board"; plurals for the rest.
        driver.get(base + "/editor")
        editor = driver.find_element(By.CSS_SELECTOR, "section.editor")
        area = driver.find_element(By.ID, "board")
        wait.until(lambda d: editor.get_attribute("data-state") in ("valid", "invalid"))

        def solve(text):
            driver.execute_script("arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('input'))",
                                  area, text)
            wait.until(lambda d: editor.get_attribute("data-state") == "valid" and area.get_property("value") == text)
            driver.find_element(By.ID, "solve").click()
            wait.until(lambda d: editor.get_attribute("data-state") == "solved")
            return {f.get_attribute("data-name"): (f.find_element(By.TAG_NAME, "b").text,
                                                   f.find_element(By.TAG_NAME, "span").text)
                    for f in driver.find_elements(By.CSS_SELECTOR, "#result .figure")}

        shown = solve("1 2 3\n4 5 6\n7 0 8\n")
        check(shown.get("moves") == ("1", "move") and shown.get("steps") == ("1", "step")
              and shown.get("goal boards") == ("1", "goal board"), "one move: %r" % shown)
        shown = solve("1 2 3\n4 5 6\n0 7 8\n")
        check(shown.get("moves") == ("2", "moves") and shown.get("goal boards") == ("1", "goal board"),
              "two moves: %r" % shown)
        shown = solve("2 1 3\n4 5 6\n7 8 0\n")
        check(shown.get("status") == ("unsolvable", "status") and shown.get("goal boards") == ("0", "goal boards")
              and "moves" not in shown, "unsolvable tiles: %r" % shown)
        why = driver.find_element(By.CSS_SELECTOR, "#result p[data-why]").text
        check(why == "No sequence of moves reaches the goal. The goal is out of reach: the arrangement and the "
              "goal have opposite parity, and moves keep it.", "unsolvable tiles said: %r" % why)
        s.console_refusals("/editor, solves")

        # A share link cut in the middle of a character: the editor opens
        # with the database's first board, and says why.
        driver.get(base + "/reports")
        driver.get(base + "/editor#board=%E0%A4%A")
        editor = driver.find_element(By.CSS_SELECTOR, "section.editor")
        wait.until(lambda d: editor.get_attribute("data-state") == "valid" and
                   "could not be read" in d.find_element(By.ID, "check").text)
        check(driver.find_element(By.ID, "check").text ==
              "The link\u2019s board could not be read (the address was cut or damaged); the editor shows the "
              "database\u2019s first board instead.", "cut link: %r" % driver.find_element(By.ID, "check").text)
        first = driver.execute_script("return document.getElementById('family').selectedOptions[0].dataset.start")
        check(first and driver.find_element(By.ID, "board").get_property("value") == first,
              "the editor's board after a cut link")
        check(driver.find_elements(By.CSS_SELECTOR, "#canvas .editgrid"), "no board to edit after a cut link")
        check(driver.execute_script("return document.body.dataset.errors || '0'") == "0", "script errors")
        s.console_refusals("/editor with a cut link")

        # A server whose limits a hint's search passes: the refusal is said.
        tight = s.serve_also("--read-only", "--max-states", "100")
        play = open_play(ids["fg_README_example.txt"], tight)
        play.find_element(By.CSS_SELECTOR, "button[data-act=hint]").click()
        wait.until(lambda d: message(play))
        check(message(play) == "the search stopped at its limit of 100 boards without reaching the goal",
              "hint past the limit: %r" % message(play))
        check(not play.get_attribute("data-hint"), "a hint was given past the limit")

        # Its screenshot page: Save off from the start, and after a read.
        driver.get(tight + "/upload")
        upload = driver.find_element(By.CSS_SELECTOR, "section.upload")
        save = driver.find_element(By.ID, "save")
        check(not save.is_enabled(), "Save is enabled on a read-only server")
        check(driver.find_element(By.ID, "saved").text ==
              "Save is off: the server runs with --read-only, so it stores nothing.",
              "read-only note: %r" % driver.find_element(By.ID, "saved").text)
        driver.find_element(By.ID, "picture").send_keys(os.path.join(s.data, "screenshots", "ub_Puzzle-I-4.png"))
        wait.until(lambda d: upload.get_attribute("data-state") in ("read", "refused"))
        check(upload.get_attribute("data-state") == "read", "scan: %s" % driver.find_element(By.ID, "scanned").text)
        check(driver.find_element(By.ID, "solve").is_enabled(), "Solve stays off after a read")
        check(not save.is_enabled(), "Save is enabled after a read on a read-only server")
        s.console_refusals("a read-only server's /upload")
        print("ok: tiles solved by clicks, the blocks hint outlined, figures in the singular, a cut link, "
              "a hint past the limits, a read-only upload page; no console refusal")
        return 0


if __name__ == "__main__":
    sys.exit(main())
