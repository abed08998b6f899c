-- A snapshot that is not published is seen by its owner alone: their own reads of their decks,
-- which 'saved:<player>' drops. It shows in no public listing or deck page, and no card's usage
-- counts it (usage counts working decks). The triggers of 0008 said 'decks' for any snapshot,
-- which dropped every kept deck answer and every card's details of every process each time a
-- player kept a private copy of their deck. Now only a published snapshot (or one that was), a
-- deletion and a change of owner say 'decks'; a private snapshot says 'saved:<its owner>'. The
-- cards and Phoenixborn named for 'usage' are those of working decks only.
CREATE OR REPLACE FUNCTION spellboard_announce_deck_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  shared boolean;
  players text;
  cards text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT bool_or((n.is_snapshot AND n.is_public) OR n.is_deleted),
           string_agg(DISTINCT n.user_id::text, ','),
           string_agg(DISTINCT n.phoenixborn_id::text, ',') FILTER (WHERE NOT n.is_snapshot)
      INTO shared, players, cards FROM new_rows n;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT bool_or(n.id IS NULL OR (o.is_snapshot AND o.is_public)
                   OR (n.is_snapshot AND n.is_public) OR n.is_deleted
                   OR o.is_deleted IS DISTINCT FROM n.is_deleted
                   OR o.user_id IS DISTINCT FROM n.user_id),
           string_agg(DISTINCT n.user_id::text, ','),
           string_agg(DISTINCT p.id::text, ',') FILTER (WHERE NOT n.is_snapshot)
      INTO shared, players, cards
      FROM old_rows o LEFT JOIN new_rows n ON n.id = o.id
        LEFT JOIN LATERAL (VALUES (o.phoenixborn_id), (n.phoenixborn_id)) p (id)
          ON o.phoenixborn_id IS DISTINCT FROM n.phoenixborn_id;
  ELSE
    SELECT count(*) > 0 INTO shared FROM old_rows;
  END IF;
  IF shared IS NOT NULL THEN
    PERFORM spellboard_announce_deck_details(shared, players, cards);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Rows of a deck's cards (only inserts and deletes still fire it, 0010): as 0008, with a private
-- snapshot's cards said to its owner alone.
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
      INTO shared, players, cards FROM old_rows r LEFT JOIN deck d ON d.id = r.deck_id;
  ELSE
    SELECT bool_or(d.id IS NULL OR (d.is_snapshot AND d.is_public) OR d.is_deleted),
           string_agg(DISTINCT d.user_id::text, ','),
           string_agg(DISTINCT r.card_id::text, ',') FILTER (WHERE NOT d.is_snapshot)
      INTO shared, players, cards FROM new_rows r LEFT JOIN deck d ON d.id = r.deck_id;
  END IF;
  IF shared IS NOT NULL THEN
    PERFORM spellboard_announce_deck_details(shared, players, cards);
  END IF;
  RETURN NULL;
END
$$;
