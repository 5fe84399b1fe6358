CREATE TABLE "practice_session_answers" (
	"session_id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"card_id" integer,
	"score_column" text NOT NULL,
	"day" date NOT NULL,
	"learned" boolean NOT NULL,
	"completed_category" boolean NOT NULL,
	"answered_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "practice_session_answers" ADD CONSTRAINT "practice_session_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_session_answers" ADD CONSTRAINT "practice_session_answers_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "practice_session_answers_user_idx" ON "practice_session_answers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "practice_session_answers_answered_idx" ON "practice_session_answers" USING btree ("answered_at");