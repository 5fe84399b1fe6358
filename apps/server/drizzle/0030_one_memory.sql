CREATE TYPE "public"."review_source" AS ENUM('practice', 'review', 'path');--> statement-breakpoint
CREATE TABLE "memory_parameters" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"parameters" double precision[],
	"reviews" integer NOT NULL,
	"log_loss" double precision NOT NULL,
	"rmse_bins" double precision NOT NULL,
	"default_log_loss" double precision NOT NULL,
	"default_rmse_bins" double precision NOT NULL,
	"fitted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_logs" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "review_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"card_id" integer NOT NULL,
	"grade" smallint NOT NULL,
	"source" "review_source" NOT NULL,
	"reviewed_at" timestamp with time zone NOT NULL,
	"folded" boolean DEFAULT false NOT NULL,
	"before" jsonb,
	CONSTRAINT "review_logs_user_id_id_pk" PRIMARY KEY("user_id","id")
);
--> statement-breakpoint
CREATE INDEX "review_logs_unfolded_idx" ON "review_logs" USING btree ("user_id","id") WHERE not "review_logs"."folded";--> statement-breakpoint
ALTER TABLE "memory_parameters" ADD CONSTRAINT "memory_parameters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_session_answers" ADD COLUMN "log_id" bigint;--> statement-breakpoint
ALTER TABLE "learning_path_session_answers" ADD COLUMN "log_id" bigint;--> statement-breakpoint
-- A review state so far was the card owner's: it becomes that learner's.
ALTER TABLE "card_reviews" ADD COLUMN "user_id" integer;--> statement-breakpoint
UPDATE "card_reviews" r SET "user_id" = g."user_id" FROM "cards" c JOIN "categories" g ON g."id" = c."category_id" WHERE c."id" = r."card_id";--> statement-breakpoint
ALTER TABLE "card_reviews" ALTER COLUMN "user_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "card_reviews" DROP CONSTRAINT "card_reviews_pkey";--> statement-breakpoint
ALTER TABLE "card_reviews" ADD CONSTRAINT "card_reviews_user_id_card_id_pk" PRIMARY KEY("user_id","card_id");--> statement-breakpoint
ALTER TABLE "card_reviews" ADD CONSTRAINT "card_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
DROP INDEX "card_reviews_due_idx";--> statement-breakpoint
CREATE INDEX "card_reviews_card_idx" ON "card_reviews" USING btree ("card_id");--> statement-breakpoint
CREATE INDEX "card_reviews_user_due_idx" ON "card_reviews" USING btree ("user_id","due");
