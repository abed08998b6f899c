DROP INDEX "deck_card_card_idx";--> statement-breakpoint
CREATE INDEX "deck_card_card_deck_idx" ON "deck_card" USING btree ("card_id","deck_id");--> statement-breakpoint
-- INCLUDE cannot be declared in the schema, so this part lives here only: the title text rides along in
-- the listing index, so a title search walks it in order without reading the rows it skips.
DROP INDEX "deck_public_created_idx";--> statement-breakpoint
CREATE INDEX "deck_public_created_idx" ON "deck" USING btree ("is_legacy","is_red_rains","created","id","source_id") INCLUDE ("title_search","title_initials") WHERE is_snapshot and is_public and not is_deleted;