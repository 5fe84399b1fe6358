CREATE TABLE "learning_path_cards" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "learning_path_cards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"path_id" integer NOT NULL,
	"card_id" integer NOT NULL,
	"guesses_score" integer DEFAULT 0 NOT NULL,
	"incorrect_guesses_score" integer DEFAULT 0 NOT NULL,
	"guesses_score_typing" integer DEFAULT 0 NOT NULL,
	"incorrect_guesses_score_typing" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "learning_path_progress" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "learning_path_progress_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"path_id" integer NOT NULL,
	"day" date NOT NULL,
	"flips_verbal" integer DEFAULT 0 NOT NULL,
	"flips_typing" integer DEFAULT 0 NOT NULL,
	"learned_verbal" integer DEFAULT 0 NOT NULL,
	"learned_typing" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "learning_paths" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "learning_paths_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"created_by_id" integer NOT NULL,
	"assigned_user_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"start_at" date NOT NULL,
	"end_at" date NOT NULL,
	"daily_flip_target" integer NOT NULL,
	"daily_learn_target" integer NOT NULL,
	"deck_size" integer NOT NULL,
	"learned_volume_verbal" integer NOT NULL,
	"learned_volume_typing" integer NOT NULL,
	"verbal" boolean NOT NULL,
	"typing" boolean NOT NULL,
	"completed_verbal" boolean DEFAULT false NOT NULL,
	"completed_typing" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "learning_paths_days_check" CHECK ("learning_paths"."end_at" >= "learning_paths"."start_at")
);
--> statement-breakpoint
ALTER TABLE "learning_path_cards" ADD CONSTRAINT "learning_path_cards_path_id_learning_paths_id_fk" FOREIGN KEY ("path_id") REFERENCES "public"."learning_paths"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_path_cards" ADD CONSTRAINT "learning_path_cards_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_path_progress" ADD CONSTRAINT "learning_path_progress_path_id_learning_paths_id_fk" FOREIGN KEY ("path_id") REFERENCES "public"."learning_paths"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_paths" ADD CONSTRAINT "learning_paths_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_paths" ADD CONSTRAINT "learning_paths_assigned_user_id_users_id_fk" FOREIGN KEY ("assigned_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_paths" ADD CONSTRAINT "learning_paths_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "learning_path_cards_path_card_idx" ON "learning_path_cards" USING btree ("path_id","card_id");--> statement-breakpoint
CREATE INDEX "learning_path_cards_card_idx" ON "learning_path_cards" USING btree ("card_id");--> statement-breakpoint
CREATE UNIQUE INDEX "learning_path_progress_path_day_idx" ON "learning_path_progress" USING btree ("path_id","day");--> statement-breakpoint
CREATE INDEX "learning_paths_created_by_idx" ON "learning_paths" USING btree ("created_by_id","created_at","id");--> statement-breakpoint
CREATE INDEX "learning_paths_created_by_name_idx" ON "learning_paths" USING btree ("created_by_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "learning_paths_assigned_idx" ON "learning_paths" USING btree ("assigned_user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "learning_paths_category_idx" ON "learning_paths" USING btree ("category_id");