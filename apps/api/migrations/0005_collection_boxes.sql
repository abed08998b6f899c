ALTER TABLE "card" ADD COLUMN "box_copies" integer;--> statement-breakpoint
ALTER TABLE "card" ADD COLUMN "box_deck" varchar(255);--> statement-breakpoint
ALTER TABLE "deck" ADD COLUMN "box_fits" integer[];--> statement-breakpoint
ALTER TABLE "user_release" ADD COLUMN "boxes" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "deck_public_fits_idx" ON "deck" USING gin ("box_fits") WHERE is_snapshot and is_public and not is_deleted;--> statement-breakpoint
ALTER TABLE "user_release" ADD CONSTRAINT "user_release_boxes_check" CHECK ("user_release"."boxes" between 1 and 9);