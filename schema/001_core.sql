-- slidedb database, version 1: puzzles, where they came from, how they solve.
--
-- Open the file with sqlite3 and explore: every table and column is described
-- here, and the views at the end answer the common questions in one SELECT.
-- Applied by slidedb when it opens a database; PRAGMA user_version tells which
-- schema files have been applied.

-- One row per run of `slidedb import`.
CREATE TABLE imports (
    id          INTEGER PRIMARY KEY,
    started_at  TEXT NOT NULL,     -- UTC, ISO 8601
    finished_at TEXT,              -- NULL while running, or if the run was cut short
    command     TEXT NOT NULL,     -- the command line, for the record
    jobs        INTEGER NOT NULL,  -- worker threads
    files       INTEGER NOT NULL DEFAULT 0,  -- input files read
    puzzles_new INTEGER NOT NULL DEFAULT 0,  -- puzzles this run added
    puzzles_known INTEGER NOT NULL DEFAULT 0, -- puzzles met again (new source or not)
    errors      INTEGER NOT NULL DEFAULT 0,  -- inputs that failed
    seconds     REAL               -- wall time of the whole run
) STRICT;

-- One row per distinct board. Identity is `key`: the same board read from a
-- screenshot and from a text file is one puzzle with two sources.
CREATE TABLE puzzles (
    id        INTEGER PRIMARY KEY,
    key       TEXT NOT NULL UNIQUE,  -- family, size, exit side, canonical board
    family    TEXT NOT NULL CHECK (family IN ('unblock', 'blocks', 'tiles')),
    width     INTEGER NOT NULL,
    height    INTEGER NOT NULL,
    exit_side TEXT CHECK (exit_side IN ('left', 'right')),
    exit_row  INTEGER,               -- 0-based row of the prisoner and the exit
    board     TEXT NOT NULL,         -- canonical letter grid: '.' empty, 'x' fixed,
                                     -- 'A' prisoner, B.. other blocks in reading order;
                                     -- rows separated by newlines
    blocks    INTEGER NOT NULL,      -- movable blocks, the prisoner included
    fixed     INTEGER NOT NULL,      -- fixed 1x1 cells
    import_id INTEGER NOT NULL REFERENCES imports (id)  -- the run that first met it
) STRICT;

-- Where each puzzle came from. Importing the same file again adds nothing.
CREATE TABLE sources (
    id         INTEGER PRIMARY KEY,
    puzzle_id  INTEGER NOT NULL REFERENCES puzzles (id),
    path       TEXT NOT NULL,       -- as given on the command line, or found below it
    line       INTEGER NOT NULL,    -- 1-based line where the puzzle starts; 0 for images
    kind       TEXT NOT NULL CHECK (kind IN ('board-file', 'screenshot')),
    format     TEXT NOT NULL,       -- grid, framed, lines, blocks, png, jpeg
    file_hash  TEXT NOT NULL,       -- FNV-1a 64 of the file's bytes, hex
    claimed_moves   INTEGER,        -- what the file said the optimum is, if anything
    claimed_cluster INTEGER,        -- what the file said the cluster size is
    -- screenshots only
    image_width  INTEGER,
    image_height INTEGER,
    box_x INTEGER, box_y INTEGER, box_w INTEGER, box_h INTEGER,  -- the board, in pixels
    cell_px    REAL,                -- cell pitch in pixels
    confidence REAL,                -- 0..1, how sure the scanner was
    exit_seen  INTEGER,             -- 0: no frame in the picture, exit assumed right
    import_id  INTEGER NOT NULL REFERENCES imports (id),
    UNIQUE (path, line, puzzle_id)
) STRICT;
CREATE INDEX sources_puzzle ON sources (puzzle_id);

-- The search result for each puzzle, one row each.
CREATE TABLE solutions (
    puzzle_id INTEGER PRIMARY KEY REFERENCES puzzles (id),
    status    TEXT NOT NULL CHECK (status IN ('solved', 'unsolvable', 'limit')),
    moves     INTEGER,     -- optimal number of moves (a slide of one block, any distance);
                           -- the prisoner's last slide counts; NULL unless solved
    steps     INTEGER,     -- cells slid by the stored solution
    solution  TEXT,        -- the moves, e.g. "BU1 AR3": label, direction L R U D, distance
    cluster_size     INTEGER NOT NULL,  -- boards reachable from the start, start included
    cluster_goals    INTEGER NOT NULL,  -- of those, boards with the prisoner at the exit
    cluster_depth    INTEGER NOT NULL,  -- largest distance from the start, in moves
    cluster_complete INTEGER NOT NULL CHECK (cluster_complete IN (0, 1)),
                           -- 0 when --max-states stopped the search: cluster figures
                           -- are then lower bounds
    examined   INTEGER NOT NULL,  -- successor boards generated, all levels
    max_states INTEGER NOT NULL,  -- the limit the search ran under
    seconds    REAL NOT NULL,     -- search time
    peak_bytes INTEGER NOT NULL,  -- memory the search held at its largest
    solver_version TEXT NOT NULL,  -- what searched: 'slidedb-bfs 1'; tiles 'slidedb-ida 1', 'slidedb-parity 1'
    import_id  INTEGER NOT NULL REFERENCES imports (id)
) STRICT;
CREATE INDEX solutions_status_moves ON solutions (status, moves);

-- The breadth-first search, depth by depth, for each puzzle.
CREATE TABLE levels (
    puzzle_id INTEGER NOT NULL REFERENCES puzzles (id),
    depth     INTEGER NOT NULL,  -- moves from the start
    frontier  INTEGER NOT NULL,  -- boards first reached at this depth
    examined  INTEGER NOT NULL,  -- successors generated while expanding them
    fresh     INTEGER NOT NULL,  -- of those, boards never seen before (the next frontier)
    goals     INTEGER NOT NULL,  -- goal boards among the frontier
    PRIMARY KEY (puzzle_id, depth)
) STRICT, WITHOUT ROWID;

-- Every input that failed, with why. Seeing the same failure again updates
-- last_import_id instead of adding a row.
CREATE TABLE errors (
    id        INTEGER PRIMARY KEY,
    path      TEXT NOT NULL,
    line      INTEGER NOT NULL,   -- 0 when the problem is the whole file
    message   TEXT NOT NULL,
    import_id INTEGER NOT NULL REFERENCES imports (id),       -- first seen
    last_import_id INTEGER NOT NULL REFERENCES imports (id),  -- last seen
    UNIQUE (path, line, message)
) STRICT;

-- Solved puzzles, hardest first: optimal moves, then steps, then cluster size.
CREATE VIEW hardest AS
SELECT p.id, p.width || 'x' || p.height AS size, s.moves, s.steps, s.cluster_size,
       s.examined, s.seconds,
       (SELECT path || CASE WHEN line > 0 THEN ':' || line ELSE '' END
          FROM sources WHERE puzzle_id = p.id ORDER BY id LIMIT 1) AS source
  FROM puzzles p JOIN solutions s ON s.puzzle_id = p.id
 WHERE s.status = 'solved'
 ORDER BY s.moves DESC, s.steps DESC, s.cluster_size DESC, p.id;

-- Boards no sequence of moves can free the prisoner from.
CREATE VIEW unsolvable AS
SELECT p.id, p.width || 'x' || p.height AS size, s.cluster_size, s.cluster_complete, p.board,
       (SELECT path || CASE WHEN line > 0 THEN ':' || line ELSE '' END
          FROM sources WHERE puzzle_id = p.id ORDER BY id LIMIT 1) AS source
  FROM puzzles p JOIN solutions s ON s.puzzle_id = p.id
 WHERE s.status = 'unsolvable'
 ORDER BY s.cluster_size DESC, p.id;

-- The game's difficulty bands, by optimal moves.
CREATE VIEW difficulty AS
SELECT s.puzzle_id, s.moves,
       CASE WHEN s.moves < 15 THEN 'under 15'
            WHEN s.moves <= 20 THEN 'Beginner'
            WHEN s.moves <= 25 THEN 'Intermediate'
            WHEN s.moves <= 30 THEN 'Advanced'
            ELSE 'Expert' END AS band
  FROM solutions s
 WHERE s.status = 'solved';

-- Sources whose claimed figures disagree with the search.
CREATE VIEW claim_mismatches AS
SELECT so.path, so.line, so.puzzle_id, so.claimed_moves, s.moves,
       so.claimed_cluster, s.cluster_size
  FROM sources so JOIN solutions s ON s.puzzle_id = so.puzzle_id
 WHERE (so.claimed_moves IS NOT NULL AND so.claimed_moves IS NOT s.moves)
    OR (so.claimed_cluster IS NOT NULL AND s.cluster_complete = 1
        AND so.claimed_cluster <> s.cluster_size);
