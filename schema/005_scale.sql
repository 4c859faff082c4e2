-- slidedb database, version 5: one set of sources per file, and the figures
-- the reports need kept up to date as puzzles are stored.

-- A file's identity is its canonical path (symbolic links and "." resolved):
-- "rs.txt", "./rs.txt" and its absolute path are one file, with one set of
-- sources. `path` keeps the spelling first met, for display. NULL for sources
-- stored before this version.
ALTER TABLE sources ADD COLUMN file TEXT;
CREATE UNIQUE INDEX sources_file ON sources (file, line, puzzle_id);
