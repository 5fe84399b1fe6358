CREATE TABLE "exam_assignments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exam_assignments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_by_id" integer NOT NULL,
	"school_class_id" integer,
	"user_group_id" integer,
	"test_id" integer NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"shuffle_questions" boolean NOT NULL,
	"show_results_after_end" boolean NOT NULL,
	"leave_completes" boolean NOT NULL,
	"time_limit_minutes" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_assignments_target_check" CHECK (("exam_assignments"."school_class_id" is null) <> ("exam_assignments"."user_group_id" is null)),
	CONSTRAINT "exam_assignments_moments_check" CHECK ("exam_assignments"."end_at" > "exam_assignments"."start_at"),
	CONSTRAINT "exam_assignments_time_limit_check" CHECK ("exam_assignments"."time_limit_minutes" between 1 and 1440)
);
--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "assignment_id" integer;--> statement-breakpoint
ALTER TABLE "exam_assignments" ADD CONSTRAINT "exam_assignments_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_assignments" ADD CONSTRAINT "exam_assignments_school_class_id_school_classes_id_fk" FOREIGN KEY ("school_class_id") REFERENCES "public"."school_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_assignments" ADD CONSTRAINT "exam_assignments_user_group_id_user_groups_id_fk" FOREIGN KEY ("user_group_id") REFERENCES "public"."user_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_assignments" ADD CONSTRAINT "exam_assignments_test_id_school_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."school_tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exam_assignments_created_by_idx" ON "exam_assignments" USING btree ("created_by_id","created_at","id");--> statement-breakpoint
CREATE INDEX "exam_assignments_class_idx" ON "exam_assignments" USING btree ("school_class_id","end_at") WHERE "exam_assignments"."school_class_id" is not null;--> statement-breakpoint
CREATE INDEX "exam_assignments_group_idx" ON "exam_assignments" USING btree ("user_group_id","end_at") WHERE "exam_assignments"."user_group_id" is not null;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_assignment_id_exam_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."exam_assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exams_assignment_student_idx" ON "exams" USING btree ("assignment_id","student_id") WHERE "exams"."assignment_id" is not null;