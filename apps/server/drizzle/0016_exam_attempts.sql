ALTER TABLE "exams" ADD COLUMN "leave_completes" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "time_limit_minutes" integer;--> statement-breakpoint
CREATE INDEX "exams_open_limited_idx" ON "exams" USING btree ("started_at") WHERE "exams"."completed_at" is null and "exams"."time_limit_minutes" is not null;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_time_limit_check" CHECK ("exams"."time_limit_minutes" between 1 and 1440);