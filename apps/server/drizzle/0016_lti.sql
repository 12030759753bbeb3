CREATE TABLE "lti_key" (
	"kid" text PRIMARY KEY NOT NULL,
	"private_key" text NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "lti_launch" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"platform_id" uuid NOT NULL,
	"account_id" uuid,
	"deployment_id" text NOT NULL,
	"message_type" text NOT NULL,
	"target_path" text NOT NULL,
	"settings" jsonb,
	"handoff_hash" text NOT NULL,
	"handoff_used_at" timestamp with time zone,
	"response_jwt" text,
	"return_hash" text,
	"returned_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lti_login_state" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"nonce" text NOT NULL,
	"platform_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lti_platform" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"issuer" text NOT NULL,
	"client_id" text NOT NULL,
	"deployment_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"auth_url" text NOT NULL,
	"token_url" text NOT NULL,
	"jwks_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lti_launch" ADD CONSTRAINT "lti_launch_platform_id_lti_platform_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."lti_platform"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_launch" ADD CONSTRAINT "lti_launch_account_id_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_login_state" ADD CONSTRAINT "lti_login_state_platform_id_lti_platform_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."lti_platform"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lti_launch_handoff_key" ON "lti_launch" USING btree ("handoff_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "lti_launch_return_key" ON "lti_launch" USING btree ("return_hash");--> statement-breakpoint
CREATE INDEX "lti_launch_expires_idx" ON "lti_launch" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lti_platform_issuer_client_key" ON "lti_platform" USING btree ("issuer","client_id");--> statement-breakpoint
CREATE INDEX "lti_platform_name_idx" ON "lti_platform" USING btree ("name","id");