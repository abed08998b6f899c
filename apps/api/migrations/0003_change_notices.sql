-- Every change to the data that API processes keep in memory (sessions and players, decks, the
-- card catalogue, subscription markers) announces itself on the change channel, once
-- per statement, delivered when its transaction commits (services/change-notices.ts). Written
-- here rather than beside each write, so no writer (API, import, account commands) can forget.
CREATE FUNCTION spellboard_announce_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('spellboard_changes', TG_ARGV[0]);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER user_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "user" FOR EACH STATEMENT EXECUTE FUNCTION spellboard_announce_change('players');--> statement-breakpoint
CREATE TRIGGER user_revoked_token_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "user_revoked_token" FOR EACH STATEMENT EXECUTE FUNCTION spellboard_announce_change('players');--> statement-breakpoint
CREATE TRIGGER user_release_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "user_release" FOR EACH STATEMENT EXECUTE FUNCTION spellboard_announce_change('players');--> statement-breakpoint
CREATE TRIGGER deck_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "deck" FOR EACH STATEMENT EXECUTE FUNCTION spellboard_announce_change('decks');--> statement-breakpoint
CREATE TRIGGER deck_card_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "deck_card" FOR EACH STATEMENT EXECUTE FUNCTION spellboard_announce_change('decks');--> statement-breakpoint
CREATE TRIGGER deck_die_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "deck_die" FOR EACH STATEMENT EXECUTE FUNCTION spellboard_announce_change('decks');--> statement-breakpoint
CREATE TRIGGER deck_selected_card_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "deck_selected_card" FOR EACH STATEMENT EXECUTE FUNCTION spellboard_announce_change('decks');--> statement-breakpoint
CREATE TRIGGER release_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "release" FOR EACH STATEMENT EXECUTE FUNCTION spellboard_announce_change('catalogue');--> statement-breakpoint
CREATE TRIGGER card_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "card" FOR EACH STATEMENT EXECUTE FUNCTION spellboard_announce_change('catalogue');--> statement-breakpoint
CREATE TRIGGER card_conjuration_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "card_conjuration" FOR EACH STATEMENT EXECUTE FUNCTION spellboard_announce_change('catalogue');--> statement-breakpoint
CREATE TRIGGER subscription_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "subscription" FOR EACH STATEMENT EXECUTE FUNCTION spellboard_announce_change('subscriptions');
