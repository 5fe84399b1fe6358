DROP INDEX "exams_test_idx";--> statement-breakpoint
ALTER TABLE "school_tests" ADD COLUMN "locked_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "exams_test_end_idx" ON "exams" USING btree ("test_id","end_at","extra_minutes");