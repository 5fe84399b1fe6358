CREATE TABLE "memory_parameters" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"parameters" double precision[],
	"reviews" integer NOT NULL,
	"log_loss" double precision NOT NULL,
	"rmse_bins" double precision NOT NULL,
	"default_log_loss" double precision NOT NULL,
	"default_rmse_bins" double precision NOT NULL,
	"fitted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "memory_parameters" ADD CONSTRAINT "memory_parameters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;