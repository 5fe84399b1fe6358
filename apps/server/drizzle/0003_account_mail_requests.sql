CREATE TABLE "account_mail_requests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "account_mail_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "account_mail_requests_email_idx" ON "account_mail_requests" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "account_mail_requests_ip_idx" ON "account_mail_requests" USING btree ("ip","created_at");