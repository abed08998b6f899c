ALTER TABLE "user" ADD COLUMN "reset_requested" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "tokens_valid_after" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "kept_token_id" varchar(32);