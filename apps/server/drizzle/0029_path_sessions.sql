CREATE TABLE "learning_path_session_answers" (
	"session_id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"row_id" integer,
	"score_column" text NOT NULL,
	"day" date NOT NULL,
	"learned" boolean NOT NULL,
	"completed" boolean NOT NULL,
	"answered_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "learning_path_session_answers" ADD CONSTRAINT "learning_path_session_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_path_session_answers" ADD CONSTRAINT "learning_path_session_answers_row_id_learning_path_cards_id_fk" FOREIGN KEY ("row_id") REFERENCES "public"."learning_path_cards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "learning_path_session_answers_user_idx" ON "learning_path_session_answers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "learning_path_session_answers_answered_idx" ON "learning_path_session_answers" USING btree ("answered_at");