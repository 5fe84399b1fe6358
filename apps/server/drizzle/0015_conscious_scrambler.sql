ALTER TABLE "users" ADD COLUMN "time_zone" text DEFAULT 'Europe/Sofia' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "time_zone_changed_at" timestamp with time zone;