CREATE TYPE "public"."live_phase" AS ENUM('lobby', 'question', 'reveal', 'finished');--> statement-breakpoint
CREATE TABLE "live_answers" (
	"game_id" integer NOT NULL,
	"player_id" integer NOT NULL,
	"position" integer NOT NULL,
	"choice" integer NOT NULL,
	"correct" boolean NOT NULL,
	"points" integer NOT NULL,
	"answered_at" timestamp with time zone NOT NULL,
	CONSTRAINT "live_answers_player_id_position_pk" PRIMARY KEY("player_id","position")
);
--> statement-breakpoint
CREATE TABLE "live_games" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "live_games_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"host_id" integer NOT NULL,
	"category_id" integer,
	"title" text NOT NULL,
	"code" text NOT NULL,
	"phase" "live_phase" DEFAULT 'lobby' NOT NULL,
	"question" integer,
	"questions_count" integer NOT NULL,
	"question_seconds" integer NOT NULL,
	"opened_at" timestamp with time zone,
	"closes_at" timestamp with time zone,
	"teams" integer DEFAULT 0 NOT NULL,
	"streak_bonus" boolean DEFAULT false NOT NULL,
	"max_players" integer NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "live_players" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "live_players_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"game_id" integer NOT NULL,
	"nickname" text NOT NULL,
	"user_id" integer,
	"token_hash" text NOT NULL,
	"score" integer DEFAULT 0 NOT NULL,
	"streak" integer DEFAULT 0 NOT NULL,
	"team" integer,
	"joined_at" timestamp with time zone NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "live_questions" (
	"game_id" integer NOT NULL,
	"position" integer NOT NULL,
	"card_id" integer,
	"prompt" text NOT NULL,
	"picture" text,
	"choices" jsonb NOT NULL,
	"correct" integer NOT NULL,
	CONSTRAINT "live_questions_game_id_position_pk" PRIMARY KEY("game_id","position")
);
--> statement-breakpoint
ALTER TABLE "live_answers" ADD CONSTRAINT "live_answers_game_id_live_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."live_games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_answers" ADD CONSTRAINT "live_answers_player_id_live_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."live_players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_games" ADD CONSTRAINT "live_games_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_games" ADD CONSTRAINT "live_games_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_players" ADD CONSTRAINT "live_players_game_id_live_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."live_games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_players" ADD CONSTRAINT "live_players_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_questions" ADD CONSTRAINT "live_questions_game_id_live_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."live_games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_answers_question_idx" ON "live_answers" USING btree ("game_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "live_games_open_code_idx" ON "live_games" USING btree ("code") WHERE "live_games"."phase" <> 'finished';--> statement-breakpoint
CREATE INDEX "live_games_host_idx" ON "live_games" USING btree ("host_id","created_at");--> statement-breakpoint
CREATE INDEX "live_games_category_idx" ON "live_games" USING btree ("category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "live_players_nickname_idx" ON "live_players" USING btree ("game_id",lower("nickname"));--> statement-breakpoint
CREATE UNIQUE INDEX "live_players_token_idx" ON "live_players" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "live_players_user_idx" ON "live_players" USING btree ("user_id") WHERE "live_players"."user_id" is not null;