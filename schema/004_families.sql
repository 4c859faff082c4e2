-- slidedb database, version 4: room for more than one family of puzzles.
--
-- A family is one game (`unblock`: Unblock Me / Rush Hour; others follow).
-- Every key starts with its family's name and a space, the facts only some
-- families have (exit, block counts) may be NULL, and the views carry the
-- family so a question can be asked of one game or of each.
--
-- SQLite changes a column's constraints only by copying the table: the
-- views go first and come back at the end; ids are kept, so every row that
-- refers to a puzzle still does. (slidedb runs migrations with foreign keys
-- off and checks them all before it commits.)

DROP VIEW hardest;
DROP VIEW unsolvable;
DROP VIEW difficulty;
DROP VIEW claim_mismatches;
DROP VIEW could_be_harder;

-- One row per distinct board. Identity is `key`: the same board read from a
-- screenshot and from a text file is one puzzle with two sources.
CREATE TABLE puzzles_v4 (
    id        INTEGER PRIMARY KEY,
    key       TEXT NOT NULL UNIQUE,  -- family, then the family's canonical form:
                                     -- "unblock 6x6 right ..BB../..." (rows joined by '/')
    family    TEXT NOT NULL,         -- the game: unblock, ...
    width     INTEGER NOT NULL,
    height    INTEGER NOT NULL,
    exit_side TEXT CHECK (exit_side IN ('left', 'right')),  -- NULL for families without an exit
    exit_row  INTEGER,               -- 0-based row of the prisoner and the exit
    board     TEXT NOT NULL,         -- canonical board text, rows separated by newlines;
                                     -- unblock: '.' empty, 'x' fixed, 'A' prisoner,
                                     -- B.. other blocks in reading order
    blocks    INTEGER,               -- movable pieces (unblock: the prisoner included)
    fixed     INTEGER,               -- cells or pieces that never move
    import_id INTEGER NOT NULL REFERENCES imports (id),  -- the run that first met it
    CHECK (family <> '' AND substr(key, 1, length(family) + 1) = family || ' ')
) STRICT;

INSERT INTO puzzles_v4 (id, key, family, width, height, exit_side, exit_row, board, blocks, fixed, import_id)
SELECT id,
       CASE WHEN substr(key, 1, length(family) + 1) = family || ' ' THEN key ELSE family || ' ' || key END,
       family, width, height, exit_side, exit_row, board, blocks, fixed, import_id
  FROM puzzles;
DROP TABLE puzzles;
ALTER TABLE puzzles_v4 RENAME TO puzzles;
CREATE INDEX puzzles_family ON puzzles (family);

-- Solved puzzles, hardest first: optimal moves, then steps, then cluster size.
CREATE VIEW hardest AS
SELECT p.id, p.family, p.width || 'x' || p.height AS size, s.moves, s.steps, s.cluster_size,
       s.examined, s.seconds,
       (SELECT path || CASE WHEN line > 0 THEN ':' || line ELSE '' END
          FROM sources WHERE puzzle_id = p.id ORDER BY id LIMIT 1) AS source
  FROM puzzles p JOIN solutions s ON s.puzzle_id = p.id
 WHERE s.status = 'solved'
 ORDER BY s.moves DESC, s.steps DESC, s.cluster_size DESC, p.id;

-- Puzzles no sequence of moves solves.
CREATE VIEW unsolvable AS
SELECT p.id, p.family, p.width || 'x' || p.height AS size, s.cluster_size, s.cluster_complete, p.board,
       (SELECT path || CASE WHEN line > 0 THEN ':' || line ELSE '' END
          FROM sources WHERE puzzle_id = p.id ORDER BY id LIMIT 1) AS source
  FROM puzzles p JOIN solutions s ON s.puzzle_id = p.id
 WHERE s.status = 'unsolvable'
 ORDER BY s.cluster_size DESC, p.id;

-- The difficulty bands of Unblock Me, by optimal moves, for every solved puzzle.
CREATE VIEW difficulty AS
SELECT s.puzzle_id, p.family, s.moves,
       CASE WHEN s.moves < 15 THEN 'under 15'
            WHEN s.moves <= 20 THEN 'Beginner'
            WHEN s.moves <= 25 THEN 'Intermediate'
            WHEN s.moves <= 30 THEN 'Advanced'
            ELSE 'Expert' END AS band
  FROM solutions s JOIN puzzles p ON p.id = s.puzzle_id
 WHERE s.status = 'solved';

-- Sources whose claimed figures disagree with the search.
CREATE VIEW claim_mismatches AS
SELECT so.path, so.line, so.puzzle_id, so.claimed_moves, s.moves,
       so.claimed_cluster, s.cluster_size
  FROM sources so JOIN solutions s ON s.puzzle_id = so.puzzle_id
 WHERE (so.claimed_moves IS NOT NULL AND so.claimed_moves IS NOT s.moves)
    OR (so.claimed_cluster IS NOT NULL AND s.cluster_complete = 1
        AND so.claimed_cluster <> s.cluster_size);

-- Puzzles whose cluster holds a harder start than their own.
CREATE VIEW could_be_harder AS
SELECT p.id, p.family, s.moves, s.hardest_moves, s.hardest_moves - s.moves AS headroom, s.hardest_board
  FROM puzzles p JOIN solutions s ON s.puzzle_id = p.id
 WHERE s.status = 'solved' AND s.hardest_moves > s.moves
 ORDER BY headroom DESC, p.id;
