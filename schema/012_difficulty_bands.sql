-- slidedb database, version 10: difficulty as each family grades it.
--
-- (The file before this one, 009, gives enumerations their family.)

-- The bands of optimal moves each family grades its puzzles by, written by
-- slidedb from the families (Family::difficulty) whenever it opens the
-- database to write, or to read when it may write. A band holds a size's
-- puzzles (width x height), or every size's when width and height are 0; a
-- size with bands of its own takes only those.
CREATE TABLE bands (
    family TEXT NOT NULL,
    width  INTEGER NOT NULL,  -- 0: any size
    height INTEGER NOT NULL,
    ord    INTEGER NOT NULL,  -- 0 the easiest
    band   TEXT NOT NULL,
    lo     INTEGER NOT NULL,  -- optimal moves, inclusive
    hi     INTEGER,           -- inclusive; NULL: no upper limit
    PRIMARY KEY (family, width, height, ord)
) STRICT, WITHOUT ROWID;

-- How each family grades, in one sentence for people.
CREATE TABLE band_rules (
    family TEXT PRIMARY KEY,
    rule   TEXT NOT NULL
) STRICT, WITHOUT ROWID;

-- Solved puzzles by family, size and optimal moves: what the bands count,
-- kept up to date by the triggers below like the tallies of version 5.
CREATE TABLE tally_size_moves (
    family  TEXT NOT NULL,
    width   INTEGER NOT NULL,
    height  INTEGER NOT NULL,
    moves   INTEGER NOT NULL,
    puzzles INTEGER NOT NULL,
    PRIMARY KEY (family, width, height, moves)
) STRICT, WITHOUT ROWID;

INSERT INTO tally_size_moves
SELECT p.family, p.width, p.height, s.moves, COUNT(*)
  FROM solutions s JOIN puzzles p ON p.id = s.puzzle_id
 WHERE s.status = 'solved'
 GROUP BY 1, 2, 3, 4;

CREATE TRIGGER tally_size_moves_in AFTER INSERT ON solutions WHEN new.status = 'solved' BEGIN
    INSERT INTO tally_size_moves
    SELECT family, width, height, new.moves, 1 FROM puzzles WHERE id = new.puzzle_id
    ON CONFLICT DO UPDATE SET puzzles = puzzles + 1;
END;

CREATE TRIGGER tally_size_moves_out AFTER DELETE ON solutions WHEN old.status = 'solved' BEGIN
    UPDATE tally_size_moves SET puzzles = puzzles - 1
     WHERE (family, width, height) = (SELECT family, width, height FROM puzzles WHERE id = old.puzzle_id)
       AND moves = old.moves;
    DELETE FROM tally_size_moves WHERE moves = old.moves AND puzzles = 0;
END;

CREATE TRIGGER tally_size_moves_change AFTER UPDATE OF status, moves ON solutions BEGIN
    UPDATE tally_size_moves SET puzzles = puzzles - 1
     WHERE old.status = 'solved'
       AND (family, width, height) = (SELECT family, width, height FROM puzzles WHERE id = old.puzzle_id)
       AND moves = old.moves;
    DELETE FROM tally_size_moves WHERE moves = old.moves AND puzzles = 0;
    INSERT INTO tally_size_moves
    SELECT family, width, height, new.moves, 1 FROM puzzles WHERE id = new.puzzle_id AND new.status = 'solved'
    ON CONFLICT DO UPDATE SET puzzles = puzzles + 1;
END;

-- Every solved puzzle with its family's band (NULL when the family has
-- none for its size and moves).
DROP VIEW difficulty;
CREATE VIEW difficulty AS
SELECT s.puzzle_id, p.family, p.width, p.height, s.moves,
       (SELECT b.band FROM bands b
         WHERE b.family = p.family AND s.moves >= b.lo AND (b.hi IS NULL OR s.moves <= b.hi)
           AND ((b.width = p.width AND b.height = p.height)
                OR (b.width = 0 AND NOT EXISTS (SELECT 1 FROM bands o WHERE o.family = p.family
                                                   AND o.width = p.width AND o.height = p.height))))
           AS band
  FROM solutions s JOIN puzzles p ON p.id = s.puzzle_id
 WHERE s.status = 'solved';
