#!/usr/bin/env python3
"""`slidedb serve`'s board editor and screenshot page in a real browser
(headless Chromium through Selenium), by mouse alone: a new board of each
family made from an empty one (unblock: the prisoner and a block laid by
dragging, a fixed cell clicked; blocks: pieces and a wall painted, a goal
put; tiles: tiles swapped by dragging), the text written for it checked,
solved, saved, and its row found in the database with kind `editor` and the
figures shown. Then a real screenshot uploaded: the board read, the
scanner's debug picture beside it, solved and saved. Exits 77 (skipped) when
Chromium or Selenium is missing.

    serve_editor_browser_test.py SLIDEDB TEST_DATA
"""
import os
import time
import sqlite3
import sys

from serve_browser import SKIP, Session, check

try:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.support.ui import Select
except ImportError:
    print("skipped: python3-selenium is not installed (scripts/setup.sh --test)")
    sys.exit(SKIP)


def main():
    with Session(sys.argv[1], sys.argv[2]) as s:
        driver, wait = s.driver, s.wait
        driver.get(s.base + "/editor")
        editor = driver.find_element(By.CSS_SELECTOR, "section.editor")
        area = driver.find_element(By.ID, "board")
        wait.until(lambda d: editor.get_attribute("data-state") in ("valid", "invalid"))
        s.console_refusals("/editor")

        def cell(r, c, board=None):
            root = "#canvas" if board is None else "#canvas .tilesedit[data-board=%s]" % board
            return driver.find_element(By.CSS_SELECTOR, "%s .editgrid .cell[data-r='%d'][data-c='%d']" % (root, r, c))

        def drag(a, b, board=None):
            ActionChains(driver).click_and_hold(cell(a[0], a[1], board)).move_to_element(cell(b[0], b[1], board)) \
                .release().perform()

        def click(r, c):
            # (a stale cell fails at the pointer's move, before any click)
            again(lambda: ActionChains(driver).click(cell(r, c)).perform())

        def again(action):
            # The editor redraws its controls after each change: a control
            # found just before a redraw goes stale, and is found again.
            for _ in range(20):
                try:
                    return action()
                except StaleElementReferenceException:
                    time.sleep(0.05)
            return action()

        def choose(selector, value):
            again(lambda: Select(driver.find_element(By.CSS_SELECTOR, selector)).select_by_value(value))

        def tool(name):
            again(lambda: driver.find_element(By.CSS_SELECTOR, "#canvas button[data-tool=%s]" % name).click())

        def settled(text):
            # The text box holds the board the mouse made, and the check is done.
            wait.until(lambda d: area.get_property("value") == text and
                       editor.get_attribute("data-state") in ("valid", "invalid"))

        def empty(family):
            again(lambda: Select(driver.find_element(By.ID, "family")).select_by_value(family))
            driver.find_element(By.ID, "empty").click()
            wait.until(lambda d: editor.get_attribute("data-editor") == family and
                       editor.get_attribute("data-state") in ("valid", "invalid"))

        def solve_and_save(family, want):
            check(editor.get_attribute("data-state") == "valid",
                  "%s: the board does not read: %s" % (family, driver.find_element(By.ID, "check").text))
            driver.find_element(By.ID, "solve").click()
            wait.until(lambda d: editor.get_attribute("data-state") == "solved")
            result = driver.find_element(By.ID, "result")
            shown = {f.get_attribute("data-name"): f.find_element(By.TAG_NAME, "b").text
                     for f in result.find_elements(By.CSS_SELECTOR, ".figure")}
            for k, v in want.items():
                check(shown.get(k) == v, "%s: figure %s is %r, want %r (%r)" % (family, k, shown.get(k), v, shown))
            check(result.find_elements(By.CSS_SELECTOR, "div.player[data-moves] svg.board"), family + ": no player")
            check(result.find_elements(By.CSS_SELECTOR, "svg.chart"), family + ": no levels chart")
            driver.find_element(By.ID, "save").click()
            wait.until(lambda d: editor.get_attribute("data-state") == "saved")
            pid = int(driver.find_element(By.ID, "saved-puzzle").text.split()[-1])
            con = sqlite3.connect(s.db)
            row = con.execute("SELECT s.kind, p.family, so.moves, so.steps, so.cluster_size FROM sources s "
                              "JOIN solutions so ON so.puzzle_id = s.puzzle_id JOIN puzzles p ON p.id = s.puzzle_id "
                              "WHERE s.puzzle_id = ? AND s.path LIKE 'editor/%'", (pid,)).fetchone()
            con.close()
            check(row == ("editor", family, int(want["moves"]), int(want["steps"]), int(want["cluster size"])),
                  "%s: saved row %r" % (family, row))

        # Unblock: the prisoner dragged along row 3, a vertical block B
        # above-right of it, a fixed cell under B. B goes up, A slides out.
        empty("unblock")
        tool("prisoner")
        drag((2, 0), (2, 1))
        tool("block")
        drag((1, 4), (2, 4))
        tool("fixed")
        click(3, 4)
        settled("+------+\n|......|\n|....B.|\n|AA..B.\n|....x.|\n|......|\n|......|\n+------+\n")
        # A block of five cells is refused with the reason, and changes nothing.
        tool("block")
        drag((5, 0), (5, 4))
        wait.until(lambda d: "2 to 4 cells long" in driver.find_element(By.ID, "check").text)
        check(area.get_property("value").count("B") == 2, "the refused block changed the board")
        solve_and_save("unblock", {"moves": "2", "steps": "5", "cluster size": "8"})

        # Blocks: 3x3; A painted at the corner, B painted down two cells, a
        # wall cell, and A's goal put at the opposite corner.
        empty("blocks")
        choose("#canvas [data-set=w]", "3")
        settled("start\n....\n....\n....\n....\n....\ngoal\n....\n....\n....\n....\n....\n".replace("....", "..."))
        choose("#canvas [data-set=h]", "3")
        settled("start\n...\n...\n...\ngoal\n...\n...\n...\n")
        tool("piece")
        click(0, 0)
        choose("#canvas [data-set=piece]", "")
        drag((0, 1), (1, 1))
        tool("wall")
        click(2, 0)
        tool("goal")
        choose("#canvas [data-set=piece]", "A")
        click(2, 2)
        settled("start\nAB.\n.B.\n#..\ngoal\n...\n...\n#.A\n")
        # Floor painted over a piece's cell erases it; B painted back.
        tool("floor")
        click(1, 1)
        settled("start\nAB.\n...\n#..\ngoal\n...\n...\n#.A\n")
        tool("piece")
        choose("#canvas [data-set=piece]", "B")
        click(1, 1)
        settled("start\nAB.\n.B.\n#..\ngoal\n...\n...\n#.A\n")
        solve_and_save("blocks", {"moves": "2", "steps": "5", "cluster size": "30"})

        # Tiles: the 8-puzzle at its goal, then 8 and 5 each swapped with the blank.
        empty("tiles")
        settled("1 2 3\n4 5 6\n7 8 0\n")
        drag((2, 1), (2, 2), "start")
        settled("1 2 3\n4 5 6\n7 0 8\n")
        drag((1, 1), (2, 1), "start")
        settled("1 2 3\n4 0 6\n7 5 8\n")
        solve_and_save("tiles", {"moves": "2", "steps": "2", "cluster size": "181440"})
        # The goal chosen: blank first, written as the reader's directive.
        choose("#canvas [data-set=goal]", "first")
        settled("# goal: blank first\n1 2 3\n4 0 6\n7 5 8\n")
        check("goal with the blank first" in driver.find_element(By.ID, "check").text,
              "check: %r" % driver.find_element(By.ID, "check").text)
        s.console_refusals("/editor, every family edited and solved")

        # A typed board the grid cannot draw (17 wide): no grid is left up
        # to paint the board before over what was typed.
        wide = "start\n" + "A" + "." * 16 + "\ngoal\n" + "." * 16 + "A\n"
        driver.execute_script("arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('input'))",
                              area, wide)
        wait.until(lambda d: editor.get_attribute("data-grid") == "none")
        check(not driver.find_elements(By.CSS_SELECTOR, "#canvas .editgrid"), "a grid is up for a 17-wide board")
        check(area.get_property("value") == wide, "the typed board was changed")
        # Another shared link opened in the same tab: its board is taken.
        link = "1 2 3\n4 5 6\n0 7 8\n"
        driver.execute_script("location.hash = '#board=' + encodeURIComponent(arguments[0])", link)
        wait.until(lambda d: area.get_property("value") == link and editor.get_attribute("data-grid") == "drawn")

        # A real screenshot: the board read, the scanner's debug picture
        # beside it, solved (par 23) and saved as a screenshot.
        driver.get(s.base + "/upload")
        upload = driver.find_element(By.CSS_SELECTOR, "section.upload")
        driver.find_element(By.ID, "picture").send_keys(os.path.join(s.data, "screenshots", "ub_Puzzle-I-4.png"))
        wait.until(lambda d: upload.get_attribute("data-state") in ("read", "refused"))
        check(upload.get_attribute("data-state") == "read", "scan: %s" % driver.find_element(By.ID, "scanned").text)
        read = [line.strip() for line in driver.find_element(By.ID, "board-read").text.split("\n")]
        check(read == ["..BCCC", "D.BEFF", "DAAEG.>", ".H..GI", ".HJJGI", ".KKLL."], "board read: %r" % read)
        debug = driver.find_element(By.ID, "debug")
        check(debug.get_attribute("src").startswith("data:image/png;base64,"), "debug picture src")
        size = driver.execute_script("return [arguments[0].naturalWidth, arguments[0].naturalHeight]", debug)
        check(size == [200, 356], "debug picture size %r (the screenshot is 200x356)" % size)
        driver.find_element(By.ID, "solve").click()
        wait.until(lambda d: upload.get_attribute("data-state") == "solved")
        moves = driver.find_element(By.CSS_SELECTOR, "#result .figure[data-name=moves] b").text
        check(moves == "23", "screenshot moves %r" % moves)
        driver.find_element(By.ID, "save").click()
        wait.until(lambda d: upload.get_attribute("data-state") == "saved")
        pid = int(driver.find_element(By.ID, "saved-puzzle").text.split()[-1])
        con = sqlite3.connect(s.db)
        row = con.execute("SELECT s.kind, s.format, so.moves, so.cluster_size FROM sources s JOIN solutions so "
                          "ON so.puzzle_id = s.puzzle_id WHERE s.puzzle_id = ? AND s.path LIKE 'upload/%'",
                          (pid,)).fetchone()
        con.close()
        check(row == ("screenshot", "png", 23, 58419), "saved screenshot row %r" % (row,))

        errors = driver.execute_script("return document.body.dataset.errors || '0'")
        check(errors == "0", "script errors: %s" % errors)
        s.console_refusals("/upload")
        print("ok: unblock, blocks and tiles boards made by mouse, solved and saved as kind editor; "
              "a screenshot read with its debug picture, solved and saved")
        return 0


if __name__ == "__main__":
    sys.exit(main())
