CREATE TABLE "site_feature_flag" (
	"flag" text PRIMARY KEY NOT NULL,
	"is_on" boolean NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unsafe_site_incident" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"address" text,
	"user_agent" text,
	"reporter_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "site_feature_flag" ADD CONSTRAINT "site_feature_flag_updated_by_account_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unsafe_site_incident" ADD CONSTRAINT "unsafe_site_incident_reporter_id_account_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "unsafe_site_incident_created_idx" ON "unsafe_site_incident" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);