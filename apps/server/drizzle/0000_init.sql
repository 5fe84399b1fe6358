CREATE TYPE "public"."user_token_purpose" AS ENUM('activation', 'password_reset');--> statement-breakpoint
CREATE TYPE "public"."card_type" AS ENUM('text', 'picture', 'kids');--> statement-breakpoint
CREATE TYPE "public"."market_approvement" AS ENUM('none', 'pending', 'approved', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."gender" AS ENUM('male', 'female');--> statement-breakpoint
CREATE TYPE "public"."language" AS ENUM('en', 'bg');--> statement-breakpoint
CREATE TYPE "public"."subscription_type" AS ENUM('none', 'monthly', 'annual', 'gold_monthly', 'gold_annual');--> statement-breakpoint
CREATE TABLE "affiliates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "affiliates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"affiliate_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "affiliates_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "affiliates_affiliate_code_unique" UNIQUE("affiliate_code")
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "login_failures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oauth_states" (
	"state" text PRIMARY KEY NOT NULL,
	"code_verifier" text NOT NULL,
	"nonce" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"jti" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"purpose" "user_token_purpose" NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "cards" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"category_id" integer NOT NULL,
	"first_side" text NOT NULL,
	"second_side" text NOT NULL,
	"tag" text DEFAULT '' NOT NULL,
	"language" text DEFAULT '' NOT NULL,
	"audio" text,
	"listen_counts" integer DEFAULT 0 NOT NULL,
	"guesses_score" integer DEFAULT 0 NOT NULL,
	"incorrect_guesses_score" integer DEFAULT 0 NOT NULL,
	"guesses_score_typing" integer DEFAULT 0 NOT NULL,
	"incorrect_guesses_score_typing" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"type_of_cards" "card_type" NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"language" text DEFAULT '' NOT NULL,
	"topic" text DEFAULT '' NOT NULL,
	"send_to_me" boolean DEFAULT false NOT NULL,
	"ai_created" boolean DEFAULT false NOT NULL,
	"market_accessible" boolean DEFAULT false NOT NULL,
	"market_approvement" "market_approvement" DEFAULT 'none' NOT NULL,
	"market_rejection_reason" text DEFAULT '' NOT NULL,
	"adopted" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"password_hash" text,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"avatar" text,
	"region" text DEFAULT '' NOT NULL,
	"municipality" text DEFAULT '' NOT NULL,
	"town" text DEFAULT '' NOT NULL,
	"school" text DEFAULT '' NOT NULL,
	"gender" "gender",
	"date_of_birth" date,
	"ranking" integer DEFAULT 0 NOT NULL,
	"receive_invitations_for_categories" boolean DEFAULT true NOT NULL,
	"receive_invitations_for_contest" boolean DEFAULT true NOT NULL,
	"receive_invitations_for_friends" boolean DEFAULT true NOT NULL,
	"receive_promo_emails" boolean DEFAULT false NOT NULL,
	"ai_usage" integer DEFAULT 0 NOT NULL,
	"ai_image_usage" integer DEFAULT 0 NOT NULL,
	"subscription_type" "subscription_type" DEFAULT 'none' NOT NULL,
	"trial_end_date" timestamp with time zone,
	"subscription_end_date" timestamp with time zone,
	"annual_subscription_end_date" timestamp with time zone,
	"is_active" boolean DEFAULT false NOT NULL,
	"is_staff" boolean DEFAULT false NOT NULL,
	"is_auto_created" boolean DEFAULT false NOT NULL,
	"is_student" boolean DEFAULT false NOT NULL,
	"is_teacher" boolean DEFAULT false NOT NULL,
	"is_organization_host" boolean DEFAULT false NOT NULL,
	"is_organization_member" boolean DEFAULT false NOT NULL,
	"auto_school_add" boolean DEFAULT false NOT NULL,
	"language" "language" DEFAULT 'en' NOT NULL,
	"referred_by_id" integer,
	"accepted_terms_at" timestamp with time zone,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "affiliates" ADD CONSTRAINT "affiliates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_tokens" ADD CONSTRAINT "user_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_referred_by_id_users_id_fk" FOREIGN KEY ("referred_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_failures_email_idx" ON "login_failures" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "login_failures_ip_idx" ON "login_failures" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "refresh_tokens_user_idx" ON "refresh_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_tokens_user_idx" ON "user_tokens" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE INDEX "cards_category_created_idx" ON "cards" USING btree ("category_id","created_at");--> statement-breakpoint
CREATE INDEX "categories_user_created_idx" ON "categories" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "categories_market_idx" ON "categories" USING btree ("market_approvement","market_accessible");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_referred_by_idx" ON "users" USING btree ("referred_by_id");