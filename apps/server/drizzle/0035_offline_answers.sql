CREATE TYPE "public"."offline_answer_status" AS ENUM('counted', 'over_limit', 'not_found', 'too_old');--> statement-breakpoint
CREATE TABLE "offline_answers" (
	"user_id" integer NOT NULL,
	"id" uuid NOT NULL,
	"status" "offline_answer_status" NOT NULL,
	"answered_at" timestamp with time zone NOT NULL,
	"synced_at" timestamp with time zone NOT NULL,
	CONSTRAINT "offline_answers_user_id_id_pk" PRIMARY KEY("user_id","id")
);
--> statement-breakpoint
ALTER TABLE "offline_answers" ADD CONSTRAINT "offline_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offline_answers_answered_idx" ON "offline_answers" USING btree ("answered_at");