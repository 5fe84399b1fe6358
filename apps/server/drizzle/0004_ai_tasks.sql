CREATE TYPE "public"."ai_task_kind" AS ENUM('text', 'images');--> statement-breakpoint
CREATE TYPE "public"."ai_task_status" AS ENUM('PENDING', 'STARTED', 'SUCCESS', 'FAILURE');--> statement-breakpoint
CREATE TABLE "ai_tasks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" "ai_task_kind" NOT NULL,
	"status" "ai_task_status" DEFAULT 'PENDING' NOT NULL,
	"input" jsonb NOT NULL,
	"cards" jsonb,
	"error" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "ai_usage_month" text;--> statement-breakpoint
ALTER TABLE "ai_tasks" ADD CONSTRAINT "ai_tasks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_tasks_user_idx" ON "ai_tasks" USING btree ("user_id","status");