CREATE TABLE "schools" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "schools_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"town" text DEFAULT '' NOT NULL,
	"website" text DEFAULT '' NOT NULL,
	"logo" text,
	"description" text DEFAULT '' NOT NULL,
	"is_paid" boolean DEFAULT false NOT NULL,
	"available_students" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schools_available_students_check" CHECK ("schools"."available_students" >= 0)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "school_id" integer;--> statement-breakpoint
CREATE INDEX "schools_name_idx" ON "schools" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "schools_name_town_trgm_idx" ON "schools" USING gin (lower("name" || ' ' || "town") gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_school_members_idx" ON "users" USING btree ("school_id",lower("first_name" || ' ' || "last_name"),"id");