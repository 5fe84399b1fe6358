CREATE TABLE "held_mails" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "held_mails_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"recipient_id" integer NOT NULL,
	"kind" text NOT NULL,
	"values" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_actions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mail_actions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"action" text NOT NULL,
	"account_id" integer,
	"ip" text NOT NULL,
	"weight" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_windows" (
	"recipient_id" integer NOT NULL,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "mail_windows_recipient_id_kind_pk" PRIMARY KEY("recipient_id","kind")
);
--> statement-breakpoint
ALTER TABLE "held_mails" ADD CONSTRAINT "held_mails_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_windows" ADD CONSTRAINT "mail_windows_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "held_mails_recipient_idx" ON "held_mails" USING btree ("recipient_id","kind","id");--> statement-breakpoint
CREATE INDEX "mail_actions_account_idx" ON "mail_actions" USING btree ("action","account_id","created_at");--> statement-breakpoint
CREATE INDEX "mail_actions_ip_idx" ON "mail_actions" USING btree ("action","ip","created_at");