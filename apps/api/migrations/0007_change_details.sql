-- Deck changes say what they touched, so each API process drops only the answers that depend on
-- it (services/change-notices.ts). A change confined to working decks that stay undeleted (a
-- builder save) names the players whose decks changed ('saved:7,9') and, when it changes which
-- decks use a card or a Phoenixborn, those cards ('usage:31,40'); any other change to decks
-- (publishing, snapshots, deletes, imports, moderation) says 'decks', which drops everything
-- kept about decks, as before. A statement that changed no row says nothing. Long lists say
-- 'decks' instead (a notice's payload is short).
CREATE FUNCTION spellboard_announce_deck_details(shared boolean, players text, cards text)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF shared OR length(players) > 2000 OR length(cards) > 2000 THEN
    PERFORM pg_notify('spellboard_changes', 'decks');
    RETURN;
  END IF;
  IF players IS NOT NULL THEN PERFORM pg_notify('spellboard_changes', 'saved:' || players); END IF;
  IF cards IS NOT NULL THEN PERFORM pg_notify('spellboard_changes', 'usage:' || cards); END IF;
END
$$;--> statement-breakpoint
-- Rows of "deck": new working decks name their Phoenixborn's usage; an update that keeps every
-- row a working deck, undeleted and with its owner, names a changed Phoenixborn (old and new).
CREATE FUNCTION spellboard_announce_deck_rows() RETURNS trigger LANGUAGE plpgsql AS $$
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
  PERFORM spellboard_announce_deck_details(shared, players, cards);
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Rows of a deck's contents (TG_ARGV[0] 'cards' for deck_card): private when every row belongs
-- to an undeleted working deck; cards added or removed change their usage, a new count does not.
CREATE FUNCTION spellboard_announce_content_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  shared boolean;
  players text;
  cards text;
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT bool_or(d.id IS NULL OR d.is_snapshot OR d.is_deleted),
           string_agg(DISTINCT d.user_id::text, ',')
      INTO shared, players FROM old_rows r LEFT JOIN deck d ON d.id = r.deck_id;
    IF TG_ARGV[0] = 'cards' THEN
      SELECT string_agg(DISTINCT r.card_id::text, ',') INTO cards FROM old_rows r;
    END IF;
  ELSE
    SELECT bool_or(d.id IS NULL OR d.is_snapshot OR d.is_deleted),
           string_agg(DISTINCT d.user_id::text, ',')
      INTO shared, players FROM new_rows r LEFT JOIN deck d ON d.id = r.deck_id;
    IF TG_ARGV[0] = 'cards' AND TG_OP = 'INSERT' THEN
      SELECT string_agg(DISTINCT r.card_id::text, ',') INTO cards FROM new_rows r;
    END IF;
  END IF;
  PERFORM spellboard_announce_deck_details(shared, players, cards);
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER deck_changes ON "deck";--> statement-breakpoint
DROP TRIGGER deck_card_changes ON "deck_card";--> statement-breakpoint
DROP TRIGGER deck_die_changes ON "deck_die";--> statement-breakpoint
DROP TRIGGER deck_selected_card_changes ON "deck_selected_card";--> statement-breakpoint
CREATE TRIGGER deck_truncated AFTER TRUNCATE ON "deck" FOR EACH STATEMENT EXECUTE FUNCTION spellboard_announce_change('decks');--> statement-breakpoint
CREATE TRIGGER deck_inserted AFTER INSERT ON "deck" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION spellboard_announce_deck_rows();--> statement-breakpoint
CREATE TRIGGER deck_updated AFTER UPDATE ON "deck" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION spellboard_announce_deck_rows();--> statement-breakpoint
CREATE TRIGGER deck_deleted AFTER DELETE ON "deck" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION spellboard_announce_deck_rows();--> statement-breakpoint
CREATE TRIGGER deck_card_truncated AFTER TRUNCATE ON "deck_card" FOR EACH STATEMENT EXECUTE FUNCTION spellboard_announce_change('decks');--> statement-breakpoint
CREATE TRIGGER deck_card_inserted AFTER INSERT ON "deck_card" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION spellboard_announce_content_rows('cards');--> statement-breakpoint
CREATE TRIGGER deck_card_updated AFTER UPDATE ON "deck_card" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION spellboard_announce_content_rows('cards');--> statement-breakpoint
CREATE TRIGGER deck_card_deleted AFTER DELETE ON "deck_card" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION spellboard_announce_content_rows('cards');--> statement-breakpoint
CREATE TRIGGER deck_die_truncated AFTER TRUNCATE ON "deck_die" FOR EACH STATEMENT EXECUTE FUNCTION spellboard_announce_change('decks');--> statement-breakpoint
CREATE TRIGGER deck_die_inserted AFTER INSERT ON "deck_die" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION spellboard_announce_content_rows('dice');--> statement-breakpoint
CREATE TRIGGER deck_die_updated AFTER UPDATE ON "deck_die" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION spellboard_announce_content_rows('dice');--> statement-breakpoint
CREATE TRIGGER deck_die_deleted AFTER DELETE ON "deck_die" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION spellboard_announce_content_rows('dice');--> statement-breakpoint
CREATE TRIGGER deck_selected_card_truncated AFTER TRUNCATE ON "deck_selected_card" FOR EACH STATEMENT EXECUTE FUNCTION spellboard_announce_change('decks');--> statement-breakpoint
CREATE TRIGGER deck_selected_card_inserted AFTER INSERT ON "deck_selected_card" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION spellboard_announce_content_rows('selected');--> statement-breakpoint
CREATE TRIGGER deck_selected_card_updated AFTER UPDATE ON "deck_selected_card" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION spellboard_announce_content_rows('selected');--> statement-breakpoint
CREATE TRIGGER deck_selected_card_deleted AFTER DELETE ON "deck_selected_card" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION spellboard_announce_content_rows('selected');
