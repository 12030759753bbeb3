CREATE TABLE "content_import_origin" (
	"content_id" uuid PRIMARY KEY NOT NULL,
	"package_id" text NOT NULL,
	"path" text NOT NULL,
	"fields_hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "courseware_import" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"status" text NOT NULL,
	"format" text NOT NULL,
	"package_name" text NOT NULL,
	"package_id" text NOT NULL,
	"storage_key" text,
	"package_size" integer DEFAULT 0 NOT NULL,
	"course_id" uuid,
	"preview" jsonb NOT NULL,
	"progress" jsonb NOT NULL,
	"summary" jsonb,
	"error" text,
	"cancel_requested" boolean DEFAULT false NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courseware_import_status_check" CHECK ("courseware_import"."status" IN ('previewed', 'queued', 'running', 'done', 'failed', 'cancelled', 'discarded'))
);
--> statement-breakpoint
CREATE TABLE "file_import_origin" (
	"file_id" uuid PRIMARY KEY NOT NULL,
	"content_id" uuid NOT NULL,
	"path" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "content_import_origin" ADD CONSTRAINT "content_import_origin_content_id_content_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."content"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courseware_import" ADD CONSTRAINT "courseware_import_course_id_content_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."content"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courseware_import" ADD CONSTRAINT "courseware_import_created_by_account_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_import_origin" ADD CONSTRAINT "file_import_origin_file_id_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."file"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_import_origin" ADD CONSTRAINT "file_import_origin_content_id_content_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."content"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_import_origin_package_path_idx" ON "content_import_origin" USING btree ("package_id","path");--> statement-breakpoint
CREATE INDEX "courseware_import_created_idx" ON "courseware_import" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "courseware_import_active_package_idx" ON "courseware_import" USING btree ("package_id") WHERE "courseware_import"."status" IN ('queued', 'running');--> statement-breakpoint
CREATE UNIQUE INDEX "file_import_origin_content_path_idx" ON "file_import_origin" USING btree ("content_id","path");