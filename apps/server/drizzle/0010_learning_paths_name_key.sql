DROP INDEX "learning_paths_created_by_name_idx";--> statement-breakpoint
ALTER TABLE "learning_paths" ADD COLUMN "name_key" text GENERATED ALWAYS AS (lower(name)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "learning_paths_created_by_name_idx" ON "learning_paths" USING btree ("created_by_id","name_key","id");