CREATE TABLE "exam_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exam_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"exam_id" integer NOT NULL,
	"kind" text NOT NULL,
	"actor_id" integer,
	"minutes" integer,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "exam_events_kind_check" CHECK ("exam_events"."kind" in ('started', 'resumed', 'left', 'returned', 'completed', 'reopened', 'extra_time'))
);
--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "leave_completes" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "time_limit_minutes" integer;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "away" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_events" ADD CONSTRAINT "exam_events_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_events" ADD CONSTRAINT "exam_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exam_events_exam_at_idx" ON "exam_events" USING btree ("exam_id","at");--> statement-breakpoint
CREATE INDEX "exams_open_limited_idx" ON "exams" USING btree ("started_at") WHERE "exams"."completed_at" is null and "exams"."time_limit_minutes" is not null;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_time_limit_check" CHECK ("exams"."time_limit_minutes" between 1 and 1440);