ALTER TABLE "learning_paths" ADD COLUMN "test_id" integer;--> statement-breakpoint
ALTER TABLE "learning_paths" ADD COLUMN "start_test_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "learning_paths" ADD COLUMN "end_test_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "learning_paths" ADD COLUMN "exam_id" integer;--> statement-breakpoint
ALTER TABLE "learning_paths" ADD CONSTRAINT "learning_paths_test_id_school_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."school_tests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_paths" ADD CONSTRAINT "learning_paths_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_paths" ADD CONSTRAINT "learning_paths_test_days_check" CHECK (("learning_paths"."start_test_at" is null) = ("learning_paths"."end_test_at" is null) and ("learning_paths"."end_test_at" is null or "learning_paths"."end_test_at" > "learning_paths"."start_test_at"));