-- slidedb database, version 3: a covering index for the summary's sources by
-- kind and format, so that it reads a narrow index in group order instead of
-- the whole table plus a sort. (The level profile of `patterns` reads every
-- row of `levels` on purpose: an index on depth would cost a third more
-- database for a quarter less time.)
CREATE INDEX sources_kind ON sources (kind, format, puzzle_id, path);
