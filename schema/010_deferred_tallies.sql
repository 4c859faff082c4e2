-- slidedb database, version 10: the import keeps the tallies of `levels`
-- itself, once per batch.
--
-- A puzzle has dozens of levels, and a trigger that updates two tallies per
-- row cost the import more than storing the rows. While a table is named
-- here, its insert trigger stands aside: the writer that named it, inside
-- its own write transaction, sums the rows it adds and updates the tallies
-- once before it commits, and removes the name in the same transaction. No
-- other connection ever sees a row here; an INSERT by hand (sqlite3) still
-- goes through the trigger.
CREATE TABLE tallies_deferred (
    tbl TEXT PRIMARY KEY  -- 'levels'
) STRICT, WITHOUT ROWID;

DROP TRIGGER tally_level_in;
CREATE TRIGGER tally_level_in AFTER INSERT ON levels
WHEN new.frontier > 0 AND NOT EXISTS (SELECT 1 FROM tallies_deferred WHERE tbl = 'levels') BEGIN
    INSERT INTO tally_levels VALUES (new.depth, 1, new.frontier, ln(new.frontier), new.examined)
    ON CONFLICT DO UPDATE SET
        puzzles = puzzles + 1, frontier = frontier + excluded.frontier,
        ln_frontier = ln_frontier + excluded.ln_frontier, examined = examined + excluded.examined;
    INSERT INTO tally_level_frontiers VALUES (new.depth, new.frontier, 1)
    ON CONFLICT DO UPDATE SET levels = levels + 1;
END;
