CREATE TABLE "lti_identity" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"platform_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"account_id" uuid NOT NULL,
	"email" text,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_launch_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "lti_launch" ADD COLUMN "subject" text;--> statement-breakpoint
ALTER TABLE "lti_launch" ADD COLUMN "needs_link" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "lti_launch" ADD COLUMN "link_token_hash" text;--> statement-breakpoint
ALTER TABLE "lti_launch" ADD COLUMN "is_browser_bound" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "lti_platform" ADD COLUMN "allowed_email_domains" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "lti_platform" ADD COLUMN "new_accounts_need_approval" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "lti_identity" ADD CONSTRAINT "lti_identity_platform_id_lti_platform_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."lti_platform"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_identity" ADD CONSTRAINT "lti_identity_account_id_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lti_identity_platform_subject_key" ON "lti_identity" USING btree ("platform_id","subject");--> statement-breakpoint
CREATE INDEX "lti_identity_account_idx" ON "lti_identity" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lti_launch_link_token_key" ON "lti_launch" USING btree ("link_token_hash");