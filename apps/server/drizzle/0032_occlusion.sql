ALTER TABLE "cards" ADD COLUMN "occlusion" jsonb;--> statement-breakpoint
ALTER TABLE "market_version_cards" ADD COLUMN "occlusion" jsonb;--> statement-breakpoint
CREATE INDEX "cards_occlusion_picture_idx" ON "cards" USING btree ("first_side") WHERE "cards"."occlusion" is not null;