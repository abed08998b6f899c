-- The trigger on a deck's cards said 'saved:<player>' (or 'decks') for every row it saw, then
-- 'usage:<cards>'. Since 0010 every writer of a deck's contents changes the deck's row in the same
-- transaction, and the row's trigger already says 'saved:<player>', or 'decks' for a published
-- snapshot, a deletion or a change of owner, so the first notice only repeated it. On PostgreSQL
-- a builder save spent about a third of its database time in its triggers, each notice a
-- statement and a nested function call of its own (decision 015). The cards' trigger now says
-- only which cards of working decks came or went: one notice, or none. The deck's row says its
-- own notices without the function between them, which no other trigger calls now.
CREATE OR REPLACE FUNCTION spellboard_announce_content_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cards text;
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT string_agg(DISTINCT r.card_id::text, ',') INTO cards
      FROM old_rows r JOIN LATERAL (
        SELECT k.is_snapshot FROM deck k WHERE k.id = r.deck_id OFFSET 0) d ON true
      WHERE NOT d.is_snapshot;
  ELSE
    SELECT string_agg(DISTINCT r.card_id::text, ',') INTO cards
      FROM new_rows r JOIN LATERAL (
        SELECT k.is_snapshot FROM deck k WHERE k.id = r.deck_id OFFSET 0) d ON true
      WHERE NOT d.is_snapshot;
  END IF;
  IF cards IS NOT NULL THEN
    PERFORM spellboard_announce(CASE WHEN length(cards) > 2000 THEN 'decks' ELSE 'usage:' || cards END);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
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
  IF shared IS NULL THEN
    RETURN NULL;
  ELSIF shared OR length(players) > 2000 OR length(cards) > 2000 THEN
    PERFORM spellboard_announce('decks');
    RETURN NULL;
  END IF;
  IF players IS NOT NULL THEN PERFORM spellboard_announce('saved:' || players); END IF;
  IF cards IS NOT NULL THEN PERFORM spellboard_announce('usage:' || cards); END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP FUNCTION spellboard_announce_deck_details(boolean, text, text);
