ALTER TABLE "exam_answers" ALTER COLUMN "student_answer" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "test_questions" ALTER COLUMN "correct_answer" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_answers" ADD COLUMN "response" jsonb;--> statement-breakpoint
ALTER TABLE "exam_answers" ADD COLUMN "points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "test_questions" ADD COLUMN "kind" text DEFAULT 'single' NOT NULL;--> statement-breakpoint
ALTER TABLE "test_questions" ADD COLUMN "settings" jsonb;--> statement-breakpoint
ALTER TABLE "exam_answers" ADD CONSTRAINT "exam_answers_one_check" CHECK (("exam_answers"."student_answer" is null) <> ("exam_answers"."response" is null));--> statement-breakpoint
ALTER TABLE "test_questions" ADD CONSTRAINT "test_questions_kind_check" CHECK ("test_questions"."kind" in ('single', 'multiple', 'true_false', 'short_text', 'matching', 'ordering'));--> statement-breakpoint
ALTER TABLE "test_questions" ADD CONSTRAINT "test_questions_kind_settings_check" CHECK (case when "test_questions"."kind" = 'single' then "test_questions"."correct_answer" is not null and "test_questions"."settings" is null
        else "test_questions"."correct_answer" is null and jsonb_typeof("test_questions"."settings") = 'object'
          and "test_questions"."settings"->>'kind' = "test_questions"."kind" end);--> statement-breakpoint
-- Answers saved before points were kept: a right letter earns its question's points.
UPDATE "exam_answers" AS a SET "points" = q."score_value" FROM "test_questions" AS q
  WHERE q."id" = a."question_id" AND a."student_answer" = q."correct_answer";
