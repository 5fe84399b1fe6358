CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "market_listings" (
	"category_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"version_id" integer NOT NULL,
	"language" text NOT NULL,
	"topic" text NOT NULL,
	"approved_at" timestamp with time zone NOT NULL,
	"adopted" integer DEFAULT 0 NOT NULL,
	"ratings_count" integer DEFAULT 0 NOT NULL,
	"rating_sum" integer DEFAULT 0 NOT NULL,
	"rating" double precision
);
--> statement-breakpoint
CREATE TABLE "market_ratings" (
	"category_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"rating" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "market_ratings_category_id_user_id_pk" PRIMARY KEY("category_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "market_reports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "market_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"category_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "market_version_cards" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "market_version_cards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version_id" integer NOT NULL,
	"source_card_id" integer NOT NULL,
	"first_side" text NOT NULL,
	"source_first_side" text,
	"second_side" text NOT NULL,
	"tag" text DEFAULT '' NOT NULL,
	"language" text DEFAULT '' NOT NULL,
	"audio" text,
	"source_audio" text,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market_versions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "market_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"category_id" integer NOT NULL,
	"number" integer NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"language" text NOT NULL,
	"topic" text NOT NULL,
	"type_of_cards" "card_type" NOT NULL,
	"approved_at" timestamp with time zone NOT NULL,
	"revision" integer NOT NULL,
	"cards_count" integer NOT NULL,
	"search" "tsvector" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "source_card_id" integer;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "market_submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "market_version_id" integer;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "adopted_from_id" integer;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "adopted_version_id" integer;--> statement-breakpoint
ALTER TABLE "market_listings" ADD CONSTRAINT "market_listings_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_listings" ADD CONSTRAINT "market_listings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_listings" ADD CONSTRAINT "market_listings_version_id_market_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."market_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_ratings" ADD CONSTRAINT "market_ratings_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_ratings" ADD CONSTRAINT "market_ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_reports" ADD CONSTRAINT "market_reports_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_reports" ADD CONSTRAINT "market_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_version_cards" ADD CONSTRAINT "market_version_cards_version_id_market_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."market_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_versions" ADD CONSTRAINT "market_versions_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "market_listings_adopted_idx" ON "market_listings" USING btree ("adopted" DESC NULLS LAST,"category_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "market_listings_approved_idx" ON "market_listings" USING btree ("approved_at" DESC NULLS LAST,"category_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "market_listings_rating_idx" ON "market_listings" USING btree ("rating" DESC NULLS LAST,"category_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "market_listings_language_topic_idx" ON "market_listings" USING btree ("language","topic");--> statement-breakpoint
CREATE INDEX "market_listings_topic_idx" ON "market_listings" USING btree ("topic");--> statement-breakpoint
CREATE INDEX "market_listings_version_idx" ON "market_listings" USING btree ("version_id");--> statement-breakpoint
CREATE UNIQUE INDEX "market_reports_category_user_idx" ON "market_reports" USING btree ("category_id","user_id");--> statement-breakpoint
CREATE INDEX "market_reports_open_idx" ON "market_reports" USING btree ("created_at","id") WHERE "market_reports"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "market_version_cards_version_idx" ON "market_version_cards" USING btree ("version_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "market_versions_category_number_idx" ON "market_versions" USING btree ("category_id","number");--> statement-breakpoint
CREATE INDEX "market_versions_search_idx" ON "market_versions" USING gin ("search");--> statement-breakpoint
CREATE INDEX "market_versions_name_trgm_idx" ON "market_versions" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_market_version_id_market_versions_id_fk" FOREIGN KEY ("market_version_id") REFERENCES "public"."market_versions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_adopted_from_id_categories_id_fk" FOREIGN KEY ("adopted_from_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_adopted_version_id_market_versions_id_fk" FOREIGN KEY ("adopted_version_id") REFERENCES "public"."market_versions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "categories_market_queue_idx" ON "categories" USING btree ("market_submitted_at","id") WHERE "categories"."market_approvement" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "categories_adopted_from_idx" ON "categories" USING btree ("user_id","adopted_from_id") WHERE "categories"."adopted_from_id" is not null;--> statement-breakpoint
CREATE INDEX "categories_adopted_from_source_idx" ON "categories" USING btree ("adopted_from_id");--> statement-breakpoint
CREATE INDEX "categories_market_version_idx" ON "categories" USING btree ("market_version_id");--> statement-breakpoint
CREATE INDEX "categories_adopted_version_idx" ON "categories" USING btree ("adopted_version_id");