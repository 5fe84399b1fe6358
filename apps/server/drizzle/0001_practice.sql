CREATE TYPE "public"."practice_mode" AS ENUM('verbal', 'typing');--> statement-breakpoint
CREATE TABLE "category_completions" (
	"category_id" integer NOT NULL,
	"mode" "practice_mode" NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "category_completions_category_id_mode_pk" PRIMARY KEY("category_id","mode")
);
--> statement-breakpoint
CREATE TABLE "user_activity" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_activity_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"card_requests" integer DEFAULT 0 NOT NULL,
	"learned_cards_verbal" integer DEFAULT 0 NOT NULL,
	"learned_cards_typing" integer DEFAULT 0 NOT NULL,
	"completed_categories_verbal" integer DEFAULT 0 NOT NULL,
	"completed_categories_typing" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "user_activity_user_day_key" UNIQUE("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "category_completions" ADD CONSTRAINT "category_completions_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_activity" ADD CONSTRAINT "user_activity_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;