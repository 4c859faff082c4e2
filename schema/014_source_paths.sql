-- slidedb database, version 14: the web app's search of source paths
-- (`slidedb serve`, `source=` of the puzzle list) through an index of
-- substrings instead of reading every source.
--
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
