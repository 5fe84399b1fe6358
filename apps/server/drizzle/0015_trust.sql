CREATE TYPE "public"."pending_media_state" AS ENUM('written', 'unwanted');--> statement-breakpoint
CREATE TYPE "public"."school_invitation_status" AS ENUM('pending', 'accepted', 'declined');--> statement-breakpoint
CREATE TABLE "held_mails" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "held_mails_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"recipient_id" integer NOT NULL,
	"kind" text NOT NULL,
	"values" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_actions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mail_actions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"action" text NOT NULL,
	"account_id" integer,
	"ip" text NOT NULL,
	"weight" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_windows" (
	"recipient_id" integer NOT NULL,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "mail_windows_recipient_id_kind_pk" PRIMARY KEY("recipient_id","kind")
);
--> statement-breakpoint
CREATE TABLE "pending_media" (
	"key" text PRIMARY KEY NOT NULL,
	"state" "pending_media_state" NOT NULL,
	"prefix" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "school_invitations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "school_invitations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"school_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"invited_by_id" integer,
	"is_teacher" boolean DEFAULT false NOT NULL,
	"status" "school_invitation_status" DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "checkout_sessions" (
	"provider_session_id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"plan" "subscription_type" NOT NULL,
	"provider_subscription_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "provider_subscription_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "time_zone" text DEFAULT 'Europe/Sofia' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "time_zone_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "token_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "held_mails" ADD CONSTRAINT "held_mails_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_windows" ADD CONSTRAINT "mail_windows_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_invitations" ADD CONSTRAINT "school_invitations_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_invitations" ADD CONSTRAINT "school_invitations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_invitations" ADD CONSTRAINT "school_invitations_invited_by_id_users_id_fk" FOREIGN KEY ("invited_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "held_mails_recipient_idx" ON "held_mails" USING btree ("recipient_id","kind","id");--> statement-breakpoint
CREATE INDEX "mail_actions_account_idx" ON "mail_actions" USING btree ("action","account_id","created_at");--> statement-breakpoint
CREATE INDEX "mail_actions_ip_idx" ON "mail_actions" USING btree ("action","ip","created_at");--> statement-breakpoint
CREATE INDEX "pending_media_created_idx" ON "pending_media" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "school_invitations_school_user_idx" ON "school_invitations" USING btree ("school_id","user_id");--> statement-breakpoint
CREATE INDEX "school_invitations_user_idx" ON "school_invitations" USING btree ("user_id") WHERE "school_invitations"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "school_invitations_invited_by_idx" ON "school_invitations" USING btree ("invited_by_id");--> statement-breakpoint
CREATE INDEX "checkout_sessions_user_idx" ON "checkout_sessions" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_subscription_idx" ON "payments" USING btree ("provider_subscription_id");