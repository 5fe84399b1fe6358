CREATE TABLE "path_assignments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "path_assignments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_by_id" integer NOT NULL,
	"school_class_id" integer,
	"user_group_id" integer,
	"name" text NOT NULL,
	"category_id" integer NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"start_at" date NOT NULL,
	"end_at" date NOT NULL,
	"daily_flip_target" integer NOT NULL,
	"daily_learn_target" integer NOT NULL,
	"deck_size" integer NOT NULL,
	"learned_volume_verbal" integer NOT NULL,
	"learned_volume_typing" integer NOT NULL,
	"verbal" boolean NOT NULL,
	"typing" boolean NOT NULL,
	"test_id" integer,
	"start_test_at" timestamp with time zone,
	"end_test_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "path_assignments_target_check" CHECK (("path_assignments"."school_class_id" is null) <> ("path_assignments"."user_group_id" is null)),
	CONSTRAINT "path_assignments_days_check" CHECK ("path_assignments"."end_at" >= "path_assignments"."start_at")
);
--> statement-breakpoint
ALTER TABLE "learning_paths" ADD COLUMN "assignment_id" integer;--> statement-breakpoint
ALTER TABLE "path_assignments" ADD CONSTRAINT "path_assignments_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "path_assignments" ADD CONSTRAINT "path_assignments_school_class_id_school_classes_id_fk" FOREIGN KEY ("school_class_id") REFERENCES "public"."school_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "path_assignments" ADD CONSTRAINT "path_assignments_user_group_id_user_groups_id_fk" FOREIGN KEY ("user_group_id") REFERENCES "public"."user_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "path_assignments" ADD CONSTRAINT "path_assignments_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "path_assignments" ADD CONSTRAINT "path_assignments_test_id_school_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."school_tests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "path_assignments_created_by_idx" ON "path_assignments" USING btree ("created_by_id","created_at","id");--> statement-breakpoint
CREATE INDEX "path_assignments_class_idx" ON "path_assignments" USING btree ("school_class_id","end_at") WHERE "path_assignments"."school_class_id" is not null;--> statement-breakpoint
CREATE INDEX "path_assignments_group_idx" ON "path_assignments" USING btree ("user_group_id","end_at") WHERE "path_assignments"."user_group_id" is not null;--> statement-breakpoint
ALTER TABLE "learning_paths" ADD CONSTRAINT "learning_paths_assignment_id_path_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."path_assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "learning_paths_assignment_student_idx" ON "learning_paths" USING btree ("assignment_id","assigned_user_id") WHERE "learning_paths"."assignment_id" is not null;