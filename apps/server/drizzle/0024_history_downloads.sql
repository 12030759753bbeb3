CREATE TABLE "file_version" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_id" uuid NOT NULL,
	"content_id" uuid,
	"name" text NOT NULL,
	"filename" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text,
	"storage_key" text NOT NULL,
	"replaced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"replaced_by" uuid
);
--> statement-breakpoint
ALTER TABLE "content_revision" ADD COLUMN "restored_from" integer;--> statement-breakpoint
ALTER TABLE "file_version" ADD CONSTRAINT "file_version_file_id_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."file"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "file_version_file_idx" ON "file_version" USING btree ("file_id","replaced_at");--> statement-breakpoint
CREATE INDEX "download_event_account_content_idx" ON "download_event" USING btree ("account_id","content_id","occurred_at");