-- slidedb database, version 16: a claim is checked only against a search
-- that decided its puzzle (solved or unsolvable). A search stopped at a
-- limit (boards, memory, time) found no answer to set a claim against, so
-- its sources are never claim mismatches; the import says the claim is not
-- checked instead. Whichever trigger offers such a source to the tally
-- (a solution stored or changed, a source added) is passed over here, and
-- a solution searched again to an answer has its claims checked then.
CREATE TRIGGER tally_claim_unchecked BEFORE INSERT ON tally_claim_mismatches
WHEN (SELECT s.status FROM sources so JOIN solutions s ON s.puzzle_id = so.puzzle_id
       WHERE so.id = new.source_id) = 'limit'
BEGIN
    SELECT RAISE(IGNORE);
END;

DELETE FROM tally_claim_mismatches
 WHERE source_id IN (SELECT so.id FROM sources so JOIN solutions s ON s.puzzle_id = so.puzzle_id
                      WHERE s.status = 'limit');
