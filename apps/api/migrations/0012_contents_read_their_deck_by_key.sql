-- The trigger on a deck's cards read each inserted or deleted row's deck with a join the planner
-- chose for it. On a small or freshly updated deck table (a new site, a busy autosave) it chose a
-- hash join over a scan of every deck page, once per builder save: the one sequential scan left
-- in a save. Each row's deck is now read by its key (the subquery with OFFSET 0 is planned on its
-- own, as an index lookup), whatever the table's size or statistics. What it says is as in 0011.
CREATE OR REPLACE FUNCTION spellboard_announce_content_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  shared boolean;
  players text;
  cards text;
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT bool_or(d.id IS NULL OR (d.is_snapshot AND d.is_public) OR d.is_deleted),
           string_agg(DISTINCT d.user_id::text, ','),
           string_agg(DISTINCT r.card_id::text, ',') FILTER (WHERE NOT d.is_snapshot)
      INTO shared, players, cards
      FROM old_rows r LEFT JOIN LATERAL (
        SELECT k.id, k.user_id, k.is_snapshot, k.is_public, k.is_deleted
          FROM deck k WHERE k.id = r.deck_id OFFSET 0) d ON true;
  ELSE
    SELECT bool_or(d.id IS NULL OR (d.is_snapshot AND d.is_public) OR d.is_deleted),
           string_agg(DISTINCT d.user_id::text, ','),
           string_agg(DISTINCT r.card_id::text, ',') FILTER (WHERE NOT d.is_snapshot)
      INTO shared, players, cards
      FROM new_rows r LEFT JOIN LATERAL (
        SELECT k.id, k.user_id, k.is_snapshot, k.is_public, k.is_deleted
          FROM deck k WHERE k.id = r.deck_id OFFSET 0) d ON true;
  END IF;
  IF shared IS NOT NULL THEN
    PERFORM spellboard_announce_deck_details(shared, players, cards);
  END IF;
  RETURN NULL;
END
$$;
