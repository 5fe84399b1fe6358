CREATE TABLE "exam_answers" (
	"exam_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"student_answer" text NOT NULL,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_answers_exam_id_question_id_pk" PRIMARY KEY("exam_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "exams" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exams_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"test_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"teacher_id" integer NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"extra_minutes" integer DEFAULT 0 NOT NULL,
	"shuffle_questions" boolean DEFAULT false NOT NULL,
	"show_results_after_end" boolean DEFAULT false NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"completed_by" text,
	"score" integer,
	"grade" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exams_moments_check" CHECK ("exams"."end_at" > "exams"."start_at"),
	CONSTRAINT "exams_completed_by_check" CHECK ("exams"."completed_by" in ('student', 'server'))
);
--> statement-breakpoint
CREATE TABLE "school_tests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "school_tests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"name_key" text GENERATED ALWAYS AS (lower(name)) STORED NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_by_id" integer NOT NULL,
	"excellent_score" integer NOT NULL,
	"very_good_score" integer NOT NULL,
	"good_score" integer NOT NULL,
	"satisfy_score" integer NOT NULL,
	"fail_score" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_questions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "test_questions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"test_id" integer NOT NULL,
	"position" integer NOT NULL,
	"question_text" text NOT NULL,
	"answer_a" text NOT NULL,
	"answer_b" text NOT NULL,
	"answer_c" text DEFAULT '' NOT NULL,
	"answer_d" text DEFAULT '' NOT NULL,
	"correct_answer" text NOT NULL,
	"score_value" integer NOT NULL,
	CONSTRAINT "test_questions_correct_answer_check" CHECK ("test_questions"."correct_answer" in ('a', 'b', 'c', 'd'))
);
--> statement-breakpoint
ALTER TABLE "exam_answers" ADD CONSTRAINT "exam_answers_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_answers" ADD CONSTRAINT "exam_answers_question_id_test_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."test_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_test_id_school_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."school_tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_tests" ADD CONSTRAINT "school_tests_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_questions" ADD CONSTRAINT "test_questions_test_id_school_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."school_tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exam_answers_question_idx" ON "exam_answers" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "exams_teacher_idx" ON "exams" USING btree ("teacher_id","created_at","id");--> statement-breakpoint
CREATE INDEX "exams_student_idx" ON "exams" USING btree ("student_id","created_at","id");--> statement-breakpoint
CREATE INDEX "exams_test_idx" ON "exams" USING btree ("test_id");--> statement-breakpoint
CREATE INDEX "exams_open_end_idx" ON "exams" USING btree ("end_at") WHERE "exams"."completed_at" is null;--> statement-breakpoint
CREATE INDEX "school_tests_created_by_idx" ON "school_tests" USING btree ("created_by_id","created_at","id");--> statement-breakpoint
CREATE INDEX "school_tests_created_by_name_idx" ON "school_tests" USING btree ("created_by_id","name_key","id");--> statement-breakpoint
CREATE INDEX "test_questions_test_position_idx" ON "test_questions" USING btree ("test_id","position");