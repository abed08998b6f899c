DROP INDEX "deck_card_card_idx";--> statement-breakpoint
CREATE INDEX "deck_card_card_deck_idx" ON "deck_card" USING btree ("card_id","deck_id");