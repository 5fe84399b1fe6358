CREATE TYPE "public"."school_invitation_status" AS ENUM('pending', 'accepted', 'declined');--> statement-breakpoint
CREATE TABLE "school_invitations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "school_invitations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"school_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"invited_by_id" integer,
	"is_teacher" boolean DEFAULT false NOT NULL,
	"status" "school_invitation_status" DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "school_invitations" ADD CONSTRAINT "school_invitations_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_invitations" ADD CONSTRAINT "school_invitations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_invitations" ADD CONSTRAINT "school_invitations_invited_by_id_users_id_fk" FOREIGN KEY ("invited_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "school_invitations_school_user_idx" ON "school_invitations" USING btree ("school_id","user_id");--> statement-breakpoint
CREATE INDEX "school_invitations_user_idx" ON "school_invitations" USING btree ("user_id") WHERE "school_invitations"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "school_invitations_invited_by_idx" ON "school_invitations" USING btree ("invited_by_id");