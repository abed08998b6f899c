CREATE TABLE "box_need_profile" (
	"need1" bigint NOT NULL,
	"need2" bigint NOT NULL,
	"need3" bigint NOT NULL,
	CONSTRAINT "box_need_profile_need1_need2_need3_pk" PRIMARY KEY("need1","need2","need3")
);
--> statement-breakpoint
DROP INDEX "deck_public_fits_idx";--> statement-breakpoint
ALTER TABLE "deck" ADD COLUMN "box_need1" bigint;--> statement-breakpoint
ALTER TABLE "deck" ADD COLUMN "box_need2" bigint;--> statement-breakpoint
ALTER TABLE "deck" ADD COLUMN "box_need3" bigint;--> statement-breakpoint
-- INCLUDE cannot be declared in the schema, so this part lives here only: a collection that builds few
-- decks reads their page and count from the needs index alone, and one that builds many walks a
-- listing index in order, testing the masks it carries without reading the rows it skips.
CREATE INDEX "deck_public_needs_idx" ON "deck" USING btree ("is_red_rains","box_need1") INCLUDE ("box_need2","box_need3","created","id","source_id") WHERE is_snapshot and is_public and not is_deleted and not is_legacy;--> statement-breakpoint
DROP INDEX "deck_public_created_idx";--> statement-breakpoint
CREATE INDEX "deck_public_created_idx" ON "deck" USING btree ("is_legacy","is_red_rains","created","id","source_id") INCLUDE ("title_search","title_initials","box_need1","box_need2","box_need3") WHERE is_snapshot and is_public and not is_deleted;--> statement-breakpoint
DROP INDEX "deck_public_modified_idx";--> statement-breakpoint
CREATE INDEX "deck_public_modified_idx" ON "deck" USING btree ("is_legacy","is_red_rains","modified","id","source_id") INCLUDE ("box_need1","box_need2","box_need3") WHERE is_snapshot and is_public and not is_deleted;--> statement-breakpoint
ALTER TABLE "deck" DROP COLUMN "box_fits";--> statement-breakpoint
-- Decks stored before have no masks: forgetting the copies per box makes the next start derive
-- both again (import/backfill-boxes.ts), as an import would.
UPDATE "card" SET "box_copies" = NULL WHERE NOT "is_legacy";
