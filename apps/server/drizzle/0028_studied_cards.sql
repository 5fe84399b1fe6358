ALTER TABLE "practice_session_answers" ADD COLUMN "studied" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user_activity" ADD COLUMN "studied_cards" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "counted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "last_answer_counted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The days before this rule counted every answer: their badges stay earned.
UPDATE "user_activity" SET "studied_cards" = "card_requests";
