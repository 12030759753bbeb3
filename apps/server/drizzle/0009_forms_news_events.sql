CREATE TABLE "contact_request" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"brand" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"organization" text NOT NULL,
	"topic" text,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"mail_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscriber" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"organization" text NOT NULL,
	"job_title" text NOT NULL,
	"email_format" text DEFAULT 'HTML' NOT NULL,
	"topic" text NOT NULL,
	"status" text DEFAULT 'unconfirmed' NOT NULL,
	"confirm_token_hash" text,
	"unsubscribe_token_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "support_request" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"topic_id" text NOT NULL,
	"target_id" uuid,
	"email" text NOT NULL,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"url_alias" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"link" text NOT NULL,
	"location" text NOT NULL,
	"status" text DEFAULT 'unpublished' NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"time_zone" text DEFAULT 'America/Chicago' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"url_alias" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"image" text,
	"link" text,
	"external_link" text,
	"status" text DEFAULT 'unpublished' NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscriber_email_idx" ON "newsletter_subscriber" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "newsletter_subscriber_confirm_idx" ON "newsletter_subscriber" USING btree ("confirm_token_hash");--> statement-breakpoint
CREATE INDEX "newsletter_subscriber_unsubscribe_idx" ON "newsletter_subscriber" USING btree ("unsubscribe_token_hash");--> statement-breakpoint
CREATE INDEX "newsletter_subscriber_created_idx" ON "newsletter_subscriber" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "event_url_alias_idx" ON "event" USING btree ("url_alias");--> statement-breakpoint
CREATE INDEX "event_status_date_idx" ON "event" USING btree ("status","date","id");--> statement-breakpoint
CREATE UNIQUE INDEX "news_url_alias_idx" ON "news" USING btree ("url_alias");--> statement-breakpoint
CREATE INDEX "news_status_date_idx" ON "news" USING btree ("status","date","id");--> statement-breakpoint
INSERT INTO "job" ("kind", "payload", "max_attempts") SELECT 'mail', jsonb_build_object('messageId', "id"), 8 FROM "outbox" WHERE "status" = 'pending';
