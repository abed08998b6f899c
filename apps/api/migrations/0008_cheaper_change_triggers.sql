-- The deck triggers of 0007_change_details, cheaper per statement and saying the same: a builder
-- save is one statement whose parts fire ten of them (the deck row, then deleted, inserted and
-- updated rows of each content table), several often over no rows at all. A trigger whose
-- transition table is empty now stops before calling spellboard_announce_deck_details (which
-- said nothing for it either), and the cards' players and cards are read in one pass.
-- Rows of "deck": as before.
CREATE OR REPLACE FUNCTION spellboard_announce_deck_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  shared boolean;
  players text;
  cards text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT bool_or(n.is_snapshot OR n.is_deleted), string_agg(DISTINCT n.user_id::text, ','),
           string_agg(DISTINCT n.phoenixborn_id::text, ',')
      INTO shared, players, cards FROM new_rows n;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT bool_or(n.id IS NULL OR o.is_snapshot OR n.is_snapshot OR n.is_deleted
                   OR o.is_deleted IS DISTINCT FROM n.is_deleted
                   OR o.user_id IS DISTINCT FROM n.user_id),
           string_agg(DISTINCT n.user_id::text, ','),
           string_agg(DISTINCT p.id::text, ',')
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
-- Rows of a deck's contents: as before (TG_ARGV[0] 'cards' names added and removed cards).
CREATE OR REPLACE FUNCTION spellboard_announce_content_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  shared boolean;
  players text;
  cards text;
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF TG_ARGV[0] = 'cards' THEN
      SELECT bool_or(d.id IS NULL OR d.is_snapshot OR d.is_deleted),
             string_agg(DISTINCT d.user_id::text, ','), string_agg(DISTINCT r.card_id::text, ',')
        INTO shared, players, cards FROM old_rows r LEFT JOIN deck d ON d.id = r.deck_id;
    ELSE
      SELECT bool_or(d.id IS NULL OR d.is_snapshot OR d.is_deleted),
             string_agg(DISTINCT d.user_id::text, ',')
        INTO shared, players FROM old_rows r LEFT JOIN deck d ON d.id = r.deck_id;
    END IF;
  ELSIF TG_ARGV[0] = 'cards' AND TG_OP = 'INSERT' THEN
    SELECT bool_or(d.id IS NULL OR d.is_snapshot OR d.is_deleted),
           string_agg(DISTINCT d.user_id::text, ','), string_agg(DISTINCT r.card_id::text, ',')
      INTO shared, players, cards FROM new_rows r LEFT JOIN deck d ON d.id = r.deck_id;
  ELSE
    SELECT bool_or(d.id IS NULL OR d.is_snapshot OR d.is_deleted),
           string_agg(DISTINCT d.user_id::text, ',')
      INTO shared, players FROM new_rows r LEFT JOIN deck d ON d.id = r.deck_id;
  END IF;
  IF shared IS NOT NULL THEN
    PERFORM spellboard_announce_deck_details(shared, players, cards);
  END IF;
  RETURN NULL;
END
$$;
