CREATE TYPE "public"."pending_media_state" AS ENUM('written', 'unwanted');--> statement-breakpoint
CREATE TABLE "pending_media" (
	"key" text PRIMARY KEY NOT NULL,
	"state" "pending_media_state" NOT NULL,
	"prefix" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "pending_media_created_idx" ON "pending_media" USING btree ("created_at");