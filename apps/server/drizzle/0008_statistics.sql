CREATE TABLE "download_day_content" (
	"day" date NOT NULL,
	"category_group" text NOT NULL,
	"top_content_id" uuid NOT NULL,
	"top_content_name" text NOT NULL,
	"downloads" integer NOT NULL,
	CONSTRAINT "download_day_content_day_category_group_top_content_id_pk" PRIMARY KEY("day","category_group","top_content_id")
);
--> statement-breakpoint
CREATE TABLE "download_day_unit" (
	"day" date NOT NULL,
	"organization_id" uuid NOT NULL,
	"downloads" integer NOT NULL,
	CONSTRAINT "download_day_unit_day_organization_id_pk" PRIMARY KEY("day","organization_id")
);
--> statement-breakpoint
CREATE TABLE "download_slot_count" (
	"slot_start" timestamp with time zone PRIMARY KEY NOT NULL,
	"downloads" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organization" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"category" text DEFAULT 'other' NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"is_demo" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "download_event_time_idx";--> statement-breakpoint
ALTER TABLE "download_event" ADD COLUMN "organization_id" uuid;--> statement-breakpoint
ALTER TABLE "download_event" ADD COLUMN "organization_category" text;--> statement-breakpoint
ALTER TABLE "download_event" ADD COLUMN "is_demo" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "account" ADD COLUMN "organization_id" uuid;--> statement-breakpoint
CREATE INDEX "download_day_content_group_idx" ON "download_day_content" USING btree ("category_group","day");--> statement-breakpoint
CREATE INDEX "organization_name_idx" ON "organization" USING btree ("name","id");--> statement-breakpoint
ALTER TABLE "account" ADD CONSTRAINT "account_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "download_event_time_idx" ON "download_event" USING btree ("occurred_at","id");--> statement-breakpoint
-- Rollups of the download events recorded before this migration (kept by UPSERT from now on).
INSERT INTO "download_slot_count" ("slot_start", "downloads")
  SELECT date_bin('15 minutes', "occurred_at", TIMESTAMPTZ '2000-01-01 00:00:00+00'), count(*)::int
  FROM "download_event" GROUP BY 1;
