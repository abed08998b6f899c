-- A deck's contents change only together with its row, in the same transaction: a save claims
-- the row in the statement that replaces the contents, other writes raise the version of each
-- deck whose contents changed, and a copy (snapshot, clone) fills a deck whose row it has just
-- written (services/decks/store.ts, copy.ts). The row's trigger already says 'saved:<player>'
-- or 'decks' for every such change, so triggers on dice, selected cards and changed card counts
-- only repeated it: a builder save fired ten, whose work was most of the statement's. What the
-- row cannot say stays: which cards came into or left decks (deck_card inserts and deletes name
-- them, 'usage:<cards>'), and TRUNCATE of any table says 'decks'.
DROP TRIGGER deck_card_updated ON "deck_card";--> statement-breakpoint
DROP TRIGGER deck_die_inserted ON "deck_die";--> statement-breakpoint
DROP TRIGGER deck_die_updated ON "deck_die";--> statement-breakpoint
DROP TRIGGER deck_die_deleted ON "deck_die";--> statement-breakpoint
DROP TRIGGER deck_selected_card_inserted ON "deck_selected_card";--> statement-breakpoint
DROP TRIGGER deck_selected_card_updated ON "deck_selected_card";--> statement-breakpoint
DROP TRIGGER deck_selected_card_deleted ON "deck_selected_card";
