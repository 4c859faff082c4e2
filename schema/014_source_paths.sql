-- slidedb database, version 14: the web app's search of source paths
-- (`slidedb serve`, `source=` of the puzzle list) through an index of
-- substrings instead of reading every source; an index of sizes, so that a
-- list of one size reads its puzzles alone when they are few.
CREATE INDEX puzzles_size ON puzzles (width, height);
-- A range of moves sorted by another figure: its rows read and sorted from
-- this index alone (a list of 84,000 puzzles of 10-12 moves sorted by steps:
-- 16-60 ms instead of 70-110 ms on a million puzzles).
CREATE INDEX solutions_moves_figures ON solutions (moves, steps, cluster_size, examined);

-- tally_source_files holds each distinct source path once, with how many
-- sources name it; tally_source_files_text indexes those paths by their
-- trigrams (FTS5, case-sensitive, as instr() is), so that the paths holding
-- a substring of three characters or more are found without reading the
-- others. Triggers
-- keep both up to date on every INSERT and DELETE of `sources` (an UPDATE
-- of a source's path by hand leaves them behind, as it does the tallies).
-- Named as tallies: `slidedb merge` copies sources and lets these triggers
-- count them, never copying the tallies themselves.
CREATE TABLE tally_source_files (
    id      INTEGER PRIMARY KEY,
    path    TEXT NOT NULL UNIQUE,
    sources INTEGER NOT NULL  -- rows of `sources` with this path
) STRICT;

CREATE VIRTUAL TABLE tally_source_files_text USING fts5(
    path, content = 'tally_source_files', content_rowid = 'id', tokenize = 'trigram case_sensitive 1');

CREATE TRIGGER tally_source_files_text_in AFTER INSERT ON tally_source_files BEGIN
    INSERT INTO tally_source_files_text (rowid, path) VALUES (new.id, new.path);
END;
CREATE TRIGGER tally_source_files_text_out AFTER DELETE ON tally_source_files BEGIN
    INSERT INTO tally_source_files_text (tally_source_files_text, rowid, path) VALUES ('delete', old.id, old.path);
END;

INSERT INTO tally_source_files (path, sources) SELECT path, COUNT(*) FROM sources GROUP BY path ORDER BY path;

CREATE TRIGGER tally_source_file_in AFTER INSERT ON sources BEGIN
    INSERT INTO tally_source_files (path, sources) VALUES (new.path, 1)
    ON CONFLICT (path) DO UPDATE SET sources = sources + 1;
END;
CREATE TRIGGER tally_source_file_out AFTER DELETE ON sources BEGIN
    UPDATE tally_source_files SET sources = sources - 1 WHERE path = old.path;
    DELETE FROM tally_source_files WHERE path = old.path AND sources = 0;
END;

-- The tallies of sources by kind and format ask whether a file's path was
-- met before in that kind and format. Asked with kind and format first,
-- SQLite walked sources_kind through every source of the kind and format
-- (all of them, in most databases) for each source stored: an import slowed
-- with the size of the database (8 ms a source at 18,000 sources). The `+`
-- keeps kind and format out of the index choice, so the question reads the
-- path's few rows of sources_path. Same figures.
DROP TRIGGER tally_source_in;
DROP TRIGGER tally_source_out;

CREATE TRIGGER tally_source_in AFTER INSERT ON sources BEGIN
    UPDATE tally_rows SET n = n + 1 WHERE tbl = 'sources';
    INSERT INTO tally_sources VALUES (
        new.kind, new.format, 1,
        NOT EXISTS (SELECT 1 FROM sources WHERE kind = new.kind AND format = new.format
                       AND puzzle_id = new.puzzle_id AND id <> new.id),
        NOT EXISTS (SELECT 1 FROM sources WHERE path = new.path AND +kind = new.kind
                       AND +format = new.format AND id <> new.id))
    ON CONFLICT DO UPDATE SET
        sources = sources + 1, puzzles = puzzles + excluded.puzzles, files = files + excluded.files;
    INSERT INTO tally_shared
    SELECT new.puzzle_id, COUNT(*) FROM sources WHERE puzzle_id = new.puzzle_id HAVING COUNT(*) > 1
    ON CONFLICT DO UPDATE SET sources = excluded.sources;
    INSERT OR IGNORE INTO tally_claim_mismatches
    SELECT new.id FROM solutions s
     WHERE s.puzzle_id = new.puzzle_id
       AND ((new.claimed_moves IS NOT NULL AND new.claimed_moves IS NOT s.moves)
            OR (new.claimed_cluster IS NOT NULL AND s.cluster_complete = 1
                AND new.claimed_cluster <> s.cluster_size));
END;

CREATE TRIGGER tally_source_out AFTER DELETE ON sources BEGIN
    UPDATE tally_rows SET n = n - 1 WHERE tbl = 'sources';
    UPDATE tally_sources SET
        sources = sources - 1,
        puzzles = puzzles - (NOT EXISTS (SELECT 1 FROM sources WHERE kind = old.kind AND format = old.format
                                            AND puzzle_id = old.puzzle_id)),
        files = files - (NOT EXISTS (SELECT 1 FROM sources WHERE path = old.path AND +kind = old.kind
                                        AND +format = old.format))
     WHERE kind = old.kind AND format = old.format;
    DELETE FROM tally_sources WHERE kind = old.kind AND format = old.format AND sources = 0;
    DELETE FROM tally_shared WHERE puzzle_id = old.puzzle_id;
    INSERT INTO tally_shared
    SELECT old.puzzle_id, COUNT(*) FROM sources WHERE puzzle_id = old.puzzle_id HAVING COUNT(*) > 1;
    DELETE FROM tally_claim_mismatches WHERE source_id = old.id;
END;
