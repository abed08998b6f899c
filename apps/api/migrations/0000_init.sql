CREATE SEQUENCE "public"."entity_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "card_conjuration" (
	"card_id" bigint NOT NULL,
	"conjuration_id" bigint NOT NULL,
	CONSTRAINT "card_conjuration_card_id_conjuration_id_pk" PRIMARY KEY("card_id","conjuration_id")
);
--> statement-breakpoint
CREATE TABLE "card" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entity_id" bigint DEFAULT nextval('entity_id_seq') NOT NULL,
	"name" varchar(30) NOT NULL,
	"stub" varchar(30) NOT NULL,
	"phoenixborn" varchar(25),
	"release_id" bigint NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"card_type" varchar(25) NOT NULL,
	"is_summon_spell" boolean DEFAULT false NOT NULL,
	"is_legacy" boolean DEFAULT false NOT NULL,
	"cost_weight" integer DEFAULT 0 NOT NULL,
	"dice_flags" integer DEFAULT 0 NOT NULL,
	"alt_dice_flags" integer DEFAULT 0 NOT NULL,
	"copies" integer,
	"json" jsonb NOT NULL,
	"search_text" text NOT NULL,
	"initials" varchar(30) DEFAULT '' NOT NULL,
	"artist_name" varchar(100),
	"artist_url" varchar(255),
	CONSTRAINT "card_entity_id_unique" UNIQUE("entity_id")
);
--> statement-breakpoint
CREATE TABLE "comment" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entity_id" bigint DEFAULT nextval('entity_id_seq') NOT NULL,
	"user_id" bigint NOT NULL,
	"source_entity_id" bigint NOT NULL,
	"source_type" varchar(16) NOT NULL,
	"source_version" integer,
	"text" text NOT NULL,
	"ordering_increment" integer NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"is_moderated" boolean DEFAULT false NOT NULL,
	"original_text" text,
	"moderation_notes" text,
	"created" timestamp(6) with time zone DEFAULT now() NOT NULL,
	"modified" timestamp(6) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comment_entity_id_unique" UNIQUE("entity_id")
);
--> statement-breakpoint
CREATE TABLE "deck_card" (
	"deck_id" bigint NOT NULL,
	"card_id" bigint NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "deck_card_deck_id_card_id_pk" PRIMARY KEY("deck_id","card_id")
);
--> statement-breakpoint
CREATE TABLE "deck_die" (
	"deck_id" bigint NOT NULL,
	"die_flag" integer NOT NULL,
	"count" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "deck_die_deck_id_die_flag_pk" PRIMARY KEY("deck_id","die_flag")
);
--> statement-breakpoint
CREATE TABLE "deck_selected_card" (
	"deck_id" bigint NOT NULL,
	"card_id" bigint NOT NULL,
	"tutor_card_id" bigint DEFAULT 0 NOT NULL,
	"is_first_five" boolean DEFAULT false NOT NULL,
	"is_paid_effect" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "deck_selected_card_deck_id_card_id_tutor_card_id_pk" PRIMARY KEY("deck_id","card_id","tutor_card_id")
);
--> statement-breakpoint
CREATE TABLE "deck" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entity_id" bigint DEFAULT nextval('entity_id_seq') NOT NULL,
	"direct_share_uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"title" varchar(255),
	"description" text,
	"is_public" boolean DEFAULT false NOT NULL,
	"is_snapshot" boolean DEFAULT false NOT NULL,
	"is_preconstructed" boolean DEFAULT false NOT NULL,
	"is_red_rains" boolean DEFAULT false NOT NULL,
	"is_legacy" boolean DEFAULT false NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"is_exported" boolean DEFAULT false NOT NULL,
	"preconstructed_release" bigint,
	"created" timestamp(6) with time zone DEFAULT now() NOT NULL,
	"modified" timestamp(6) with time zone DEFAULT now() NOT NULL,
	"source_id" bigint,
	"user_id" bigint,
	"phoenixborn_id" bigint NOT NULL,
	"is_moderated" boolean DEFAULT false NOT NULL,
	"original_description" text,
	"moderation_notes" text,
	"ashes_500_score" integer,
	"ashes_500_revision_id" integer,
	"import_id" integer,
	"title_search" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', coalesce(title, ''))) STORED,
	"title_initials" text GENERATED ALWAYS AS (regexp_replace(regexp_replace(lower(coalesce(title, '')), '[^a-z0-9\s-]+', '', 'g'), '[\s-]*([^\s-])[^\s-]*|[\s-]+', '\1', 'g')) STORED,
	CONSTRAINT "deck_entity_id_unique" UNIQUE("entity_id"),
	CONSTRAINT "deck_direct_share_uuid_unique" UNIQUE("direct_share_uuid"),
	CONSTRAINT "deck_import_id_unique" UNIQUE("import_id")
);
--> statement-breakpoint
CREATE TABLE "invite" (
	"uuid" uuid PRIMARY KEY NOT NULL,
	"email" varchar(254) NOT NULL,
	"requests" integer DEFAULT 1 NOT NULL,
	"requested" timestamp(6) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invite_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "rate_limit" (
	"key" varchar(300) PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "release" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"name" varchar(60) NOT NULL,
	"stub" varchar(60) NOT NULL,
	"is_legacy" boolean DEFAULT false NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"is_phg" boolean DEFAULT false NOT NULL,
	"is_promo" boolean DEFAULT false NOT NULL,
	"is_retiring" boolean DEFAULT false NOT NULL,
	"designer_name" varchar(100),
	"designer_url" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "user_revoked_token" (
	"revoked_uuid" varchar(32) PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"expires" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "setting" (
	"key" varchar(100) PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"modified" timestamp(6) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stream" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entity_id" bigint NOT NULL,
	"entity_type" varchar(16) NOT NULL,
	"source_entity_id" bigint NOT NULL,
	"posted" timestamp(6) with time zone DEFAULT now() NOT NULL,
	"is_legacy" boolean DEFAULT false NOT NULL,
	CONSTRAINT "stream_entity_id_unique" UNIQUE("entity_id")
);
--> statement-breakpoint
CREATE TABLE "subscription" (
	"user_id" bigint NOT NULL,
	"source_entity_id" bigint NOT NULL,
	"last_seen_entity_id" bigint,
	CONSTRAINT "subscription_user_id_source_entity_id_pk" PRIMARY KEY("user_id","source_entity_id")
);
--> statement-breakpoint
CREATE TABLE "user_release" (
	"user_id" bigint NOT NULL,
	"release_id" bigint NOT NULL,
	CONSTRAINT "user_release_user_id_release_id_pk" PRIMARY KEY("user_id","release_id")
);
--> statement-breakpoint
CREATE TABLE "user" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email" varchar(254),
	"badge" varchar(8) NOT NULL,
	"username" varchar(42) NOT NULL,
	"description" text,
	"password" text,
	"is_admin" boolean DEFAULT false NOT NULL,
	"is_banned" boolean DEFAULT false NOT NULL,
	"moderation_notes" text,
	"reset_uuid" uuid,
	"deck_export_uuid" uuid,
	"newsletter_opt_in" boolean DEFAULT false NOT NULL,
	"email_subscriptions" boolean DEFAULT true NOT NULL,
	"exclude_subscriptions" boolean DEFAULT false NOT NULL,
	"colorize_icons" boolean DEFAULT false NOT NULL,
	"created" timestamp(6) with time zone DEFAULT now() NOT NULL,
	"modified" timestamp(6) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_email_unique" UNIQUE("email"),
	CONSTRAINT "user_badge_unique" UNIQUE("badge"),
	CONSTRAINT "user_reset_uuid_unique" UNIQUE("reset_uuid"),
	CONSTRAINT "user_deck_export_uuid_unique" UNIQUE("deck_export_uuid")
);
--> statement-breakpoint
ALTER TABLE "card_conjuration" ADD CONSTRAINT "card_conjuration_card_id_card_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."card"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_conjuration" ADD CONSTRAINT "card_conjuration_conjuration_id_card_id_fk" FOREIGN KEY ("conjuration_id") REFERENCES "public"."card"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card" ADD CONSTRAINT "card_release_id_release_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."release"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment" ADD CONSTRAINT "comment_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deck_card" ADD CONSTRAINT "deck_card_deck_id_deck_id_fk" FOREIGN KEY ("deck_id") REFERENCES "public"."deck"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deck_card" ADD CONSTRAINT "deck_card_card_id_card_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."card"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deck_die" ADD CONSTRAINT "deck_die_deck_id_deck_id_fk" FOREIGN KEY ("deck_id") REFERENCES "public"."deck"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deck_selected_card" ADD CONSTRAINT "deck_selected_card_deck_id_deck_id_fk" FOREIGN KEY ("deck_id") REFERENCES "public"."deck"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deck_selected_card" ADD CONSTRAINT "deck_selected_card_card_id_card_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."card"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deck" ADD CONSTRAINT "deck_preconstructed_release_release_id_fk" FOREIGN KEY ("preconstructed_release") REFERENCES "public"."release"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deck" ADD CONSTRAINT "deck_source_id_deck_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."deck"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deck" ADD CONSTRAINT "deck_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deck" ADD CONSTRAINT "deck_phoenixborn_id_card_id_fk" FOREIGN KEY ("phoenixborn_id") REFERENCES "public"."card"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_revoked_token" ADD CONSTRAINT "user_revoked_token_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription" ADD CONSTRAINT "subscription_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_release" ADD CONSTRAINT "user_release_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_release" ADD CONSTRAINT "user_release_release_id_release_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."release"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "card_name_legacy_idx" ON "card" USING btree ("name","is_legacy");--> statement-breakpoint
CREATE UNIQUE INDEX "card_stub_legacy_idx" ON "card" USING btree ("stub","is_legacy");--> statement-breakpoint
CREATE INDEX "card_phoenixborn_idx" ON "card" USING btree ("phoenixborn");--> statement-breakpoint
CREATE INDEX "card_type_idx" ON "card" USING btree ("card_type");--> statement-breakpoint
CREATE INDEX "card_search_idx" ON "card" USING gin (to_tsvector('english', "search_text"));--> statement-breakpoint
CREATE INDEX "comment_source_idx" ON "comment" USING btree ("source_entity_id","created");--> statement-breakpoint
CREATE INDEX "comment_created_idx" ON "comment" USING btree ("created");--> statement-breakpoint
CREATE INDEX "deck_card_card_idx" ON "deck_card" USING btree ("card_id");--> statement-breakpoint
CREATE INDEX "deck_title_search_idx" ON "deck" USING gin ("title_search");--> statement-breakpoint
CREATE INDEX "deck_source_idx" ON "deck" USING btree ("source_id");--> statement-breakpoint
CREATE INDEX "deck_user_idx" ON "deck" USING btree ("user_id","is_snapshot","is_deleted");--> statement-breakpoint
CREATE INDEX "deck_created_idx" ON "deck" USING btree ("created");--> statement-breakpoint
CREATE INDEX "deck_modified_idx" ON "deck" USING btree ("modified");--> statement-breakpoint
CREATE INDEX "deck_precon_release_idx" ON "deck" USING btree ("preconstructed_release") WHERE preconstructed_release is not null;--> statement-breakpoint
CREATE INDEX "deck_public_created_idx" ON "deck" USING btree ("is_legacy","is_red_rains","created","id","source_id") WHERE is_snapshot and is_public and not is_deleted;--> statement-breakpoint
CREATE INDEX "deck_public_modified_idx" ON "deck" USING btree ("is_legacy","is_red_rains","modified","id","source_id") WHERE is_snapshot and is_public and not is_deleted;--> statement-breakpoint
CREATE INDEX "deck_public_phoenixborn_idx" ON "deck" USING btree ("phoenixborn_id","is_legacy","is_red_rains","created","id","source_id") WHERE is_snapshot and is_public and not is_deleted;--> statement-breakpoint
CREATE INDEX "deck_public_user_idx" ON "deck" USING btree ("user_id","is_legacy","is_red_rains","created","id","source_id") WHERE is_snapshot and is_public and not is_deleted;--> statement-breakpoint
CREATE INDEX "deck_public_source_idx" ON "deck" USING btree ("source_id","created","id") WHERE is_snapshot and is_public and not is_deleted;--> statement-breakpoint
CREATE INDEX "deck_public_initials_idx" ON "deck" USING btree ("title_initials") WHERE is_snapshot and is_public and not is_deleted;--> statement-breakpoint
CREATE UNIQUE INDEX "release_stub_legacy_idx" ON "release" USING btree ("stub","is_legacy");--> statement-breakpoint
CREATE INDEX "user_revoked_token_expires_idx" ON "user_revoked_token" USING btree ("expires");--> statement-breakpoint
CREATE INDEX "stream_source_idx" ON "stream" USING btree ("source_entity_id");