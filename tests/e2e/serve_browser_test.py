#!/usr/bin/env python3
"""`slidedb serve` in a real browser (headless Chromium through Selenium):
the summary, the list filtered, a puzzle played by dragging its pieces to
the goal with a hint, a new board edited, solved and saved, and its row found
in the database. Exits 77 (skipped) when Chromium or Selenium is missing.

    serve_browser_test.py SLIDEDB TEST_DATA
"""
import sqlite3
import sys

from serve_browser import SKIP, Session, check

try:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select
except ImportError:
    print("skipped: python3-selenium is not installed (scripts/setup.sh --test)")
    sys.exit(SKIP)


def main():
    with Session(sys.argv[1], sys.argv[2]) as s:
        driver, wait, base, db = s.driver, s.wait, s.base, s.db
        # The summary: five puzzles, in three families.
        driver.get(base + "/")
        figures = {e.find_element(By.TAG_NAME, "span").text: e.find_element(By.TAG_NAME, "b").text
                   for e in driver.find_elements(By.CSS_SELECTOR, ".figure")}
        check(figures.get("puzzles") == "5", "summary puzzles: %r" % figures)
        s.console_refusals("/")

        # The list, filtered and sorted through its form.
        driver.get(base + "/puzzles")
        Select(driver.find_element(By.NAME, "family")).select_by_value("unblock")
        Select(driver.find_element(By.NAME, "sort")).select_by_value("moves")
        driver.find_element(By.ID, "filter").click()
        wait.until(lambda d: "family=unblock" in d.current_url)
        rows = driver.find_elements(By.CSS_SELECTOR, "table.list tbody tr")
        moves = [r.find_elements(By.TAG_NAME, "td")[5].text for r in rows]
        check(moves == ["49", "32", "4"], "moves of the unblock rows: %r" % moves)
        s.console_refusals("/puzzles")

        # kb_input.txt: 4 moves. Play it by dragging pieces, asking a hint each time.
        rows[2].find_element(By.CSS_SELECTOR, "td a").click()
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "section.play[data-state=ready]"))
        play = driver.find_element(By.CSS_SELECTOR, "section.play")
        check(play.get_attribute("data-optimum") == "4", "optimum %r" % play.get_attribute("data-optimum"))
        for turn in range(8):
            if play.get_attribute("data-solved") == "1":
                break
            play.find_element(By.CSS_SELECTOR, "button[data-act=hint]").click()
            wait.until(lambda d: play.get_attribute("data-hint") and "Hint:" in
                       play.find_element(By.CSS_SELECTOR, ".message").text)
            move = play.get_attribute("data-hint")
            label, way, n = move[0], move[1], int(move[2:])
            cell_px = driver.execute_script(
                "var s = arguments[0].querySelector('svg.board');"
                "return Number(s.dataset.cell) * s.getBoundingClientRect().width / s.viewBox.baseVal.width;", play)
            dx = {"L": -1, "R": 1}.get(way, 0) * n * cell_px
            dy = {"U": -1, "D": 1}.get(way, 0) * n * cell_px
            piece = play.find_element(By.CSS_SELECTOR, "g.block[data-label='%s'] rect" % label)
            before = int(play.get_attribute("data-moves"))
            ActionChains(driver).click_and_hold(piece).move_by_offset(dx / 2, dy / 2) \
                .move_by_offset(dx / 2, dy / 2).release().perform()
            wait.until(lambda d: int(play.get_attribute("data-moves")) == before + 1
                       and play.get_attribute("data-state") == "ready")
            play.find_element(By.CSS_SELECTOR, "button[data-act=distance]").click()
            wait.until(lambda d: "to the goal from here" in play.find_element(By.CSS_SELECTOR, ".message").text
                       or play.get_attribute("data-solved") == "1")
        check(play.get_attribute("data-solved") == "1", "not solved after the hints")
        text = play.find_element(By.CSS_SELECTOR, ".message").text
        check(text == "Solved in 4 moves: the optimum, 4 moves.", "message %r" % text)
        check(play.find_element(By.CSS_SELECTOR, ".played").text == "4 moves", "counter")
        errors = driver.execute_script("return document.body.dataset.errors || '0'")
        check(errors == "0", "script errors on the puzzle page: %s" % errors)
        s.console_refusals("the puzzle page")

        # A new board in the editor: solve it, save it, find it in the database.
        driver.get(base + "/editor")
        area = driver.find_element(By.ID, "board")
        area.clear()
        area.send_keys("..BBCC\n.....D\nAA...D\n......\n......\n......\n")
        editor = driver.find_element(By.CSS_SELECTOR, "section.editor")
        wait.until(lambda d: editor.get_attribute("data-state") == "valid")
        check(driver.find_element(By.ID, "check").text.startswith("6x6"), "check: %r" %
              driver.find_element(By.ID, "check").text)
        driver.find_element(By.ID, "solve").click()
        wait.until(lambda d: editor.get_attribute("data-state") == "solved")
        result = driver.find_element(By.ID, "result")
        check(result.get_attribute("data-moves") == "2", "editor moves %r" % result.get_attribute("data-moves"))
        figure = result.find_element(By.CSS_SELECTOR, ".figure[data-name=moves] b").text
        check(figure == "2", "moves figure %r" % figure)
        check(result.find_elements(By.CSS_SELECTOR, "div.player[data-moves] svg.board"), "no player")
        s.console_refusals("/editor")
        driver.find_element(By.ID, "save").click()
        wait.until(lambda d: editor.get_attribute("data-state") == "saved")
        link = driver.find_element(By.ID, "saved-puzzle")
        pid = int(link.text.split()[-1])
        con = sqlite3.connect(db)
        row = con.execute("SELECT s.kind, so.moves, p.board FROM sources s JOIN solutions so ON so.puzzle_id = "
                          "s.puzzle_id JOIN puzzles p ON p.id = s.puzzle_id WHERE s.puzzle_id = ? AND "
                          "s.path LIKE 'editor/%'", (pid,)).fetchone()
        con.close()
        check(row is not None and row[:2] == ("editor", 2), "saved row: %r" % (row,))
        link.click()
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "section.play[data-optimum='2']"))
        s.console_refusals("the saved puzzle's page")

        # The other pages, each with what it draws: no console refusal.
        for page in ("/reports", "/reports/hardest", "/reports/patterns", "/reports/difficulty",
                     "/reports/unsolvable", "/upload", "/query?sql=SELECT%20*%20FROM%20puzzles",
                     "/puzzles/1", "/puzzles/4", "/puzzles/5", "/reports/hardest?top=abc"):
            driver.get(base + page)
            wait.until(lambda d: d.execute_script("return document.body.dataset.app") == "ready")
            s.console_refusals(page)
        print("ok: summary, list, play to the goal with hints, edit, solve, save; no console refusal on any page")
        return 0


if __name__ == "__main__":
    sys.exit(main())
