CREATE TABLE "guardians" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "guardians_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"student_id" integer NOT NULL,
	"email" text NOT NULL,
	"language" "language" NOT NULL,
	"set_by" text NOT NULL,
	"set_by_id" integer,
	"link_key" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"summary_week" date,
	CONSTRAINT "guardians_set_by_check" CHECK ("guardians"."set_by" in ('principal', 'student'))
);
--> statement-breakpoint
ALTER TABLE "guardians" ADD CONSTRAINT "guardians_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardians" ADD CONSTRAINT "guardians_set_by_id_users_id_fk" FOREIGN KEY ("set_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "guardians_student_idx" ON "guardians" USING btree ("student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "guardians_token_hash_idx" ON "guardians" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "guardians_subscribed_idx" ON "guardians" USING btree ("id") WHERE "guardians"."confirmed_at" is not null and "guardians"."unsubscribed_at" is null;