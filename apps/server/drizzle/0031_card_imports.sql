CREATE TYPE "public"."card_import_status" AS ENUM('PENDING', 'STARTED', 'SUCCESS', 'FAILURE');--> statement-breakpoint
CREATE TABLE "card_imports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"status" "card_import_status" DEFAULT 'PENDING' NOT NULL,
	"package_key" text,
	"language" text DEFAULT '' NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"total" integer,
	"created" integer DEFAULT 0 NOT NULL,
	"skipped" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "card_imports" ADD CONSTRAINT "card_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_imports" ADD CONSTRAINT "card_imports_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_imports_user_idx" ON "card_imports" USING btree ("user_id","status");