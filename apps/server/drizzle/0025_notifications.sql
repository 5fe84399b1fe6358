CREATE TABLE "notifications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"recipient_id" integer NOT NULL,
	"kind" text NOT NULL,
	"values" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone,
	"mailed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_recipient_idx" ON "notifications" USING btree ("recipient_id","id");--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("recipient_id","kind") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "notifications_unmailed_idx" ON "notifications" USING btree ("recipient_id","id") WHERE "notifications"."mailed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_exam_once_idx" ON "notifications" USING btree ("recipient_id","kind",(("values" ->> 'exam'))) WHERE "notifications"."kind" in ('exam_soon', 'results_published');--> statement-breakpoint
CREATE INDEX "exams_start_idx" ON "exams" USING btree ("start_at");--> statement-breakpoint
CREATE INDEX "exams_results_end_idx" ON "exams" USING btree ("end_at") WHERE "exams"."show_results_after_end";