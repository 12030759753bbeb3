ALTER TABLE "account" ADD COLUMN "tokens_valid_after" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "sso_code" ADD COLUMN "audience" text DEFAULT 'portal' NOT NULL;--> statement-breakpoint
ALTER TABLE "sso_code" ADD COLUMN "signed_in_at" timestamp with time zone DEFAULT now() NOT NULL;