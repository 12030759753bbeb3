CREATE TABLE "content" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"description_text" text DEFAULT '' NOT NULL,
	"url_alias" text NOT NULL,
	"status" text DEFAULT 'unpublished' NOT NULL,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"keywords" text[] DEFAULT '{}'::text[] NOT NULL,
	"education_levels" text[] DEFAULT '{}'::text[] NOT NULL,
	"experience_levels" text[] DEFAULT '{}'::text[] NOT NULL,
	"includes" text[] DEFAULT '{}'::text[] NOT NULL,
	"parent_id" uuid,
	"root_id" uuid,
	"index" integer DEFAULT 0 NOT NULL,
	"last_curated_courseware" date,
	"last_curated_environment" date,
	"source_name" text,
	"source_url" text,
	"source_author" text,
	"license_name" text,
	"license_url" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid,
	"search_vector" "tsvector",
	"facet_bits" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_contributor" (
	"content_id" uuid NOT NULL,
	"contributor_id" uuid NOT NULL,
	"index" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "content_contributor_content_id_contributor_id_pk" PRIMARY KEY("content_id","contributor_id")
);
--> statement-breakpoint
CREATE TABLE "content_knowledge" (
	"content_id" uuid NOT NULL,
	"knowledge_id" text NOT NULL,
	"index" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "content_knowledge_content_id_knowledge_id_pk" PRIMARY KEY("content_id","knowledge_id")
);
--> statement-breakpoint
CREATE TABLE "content_section" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"content_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"index" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contributor" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"prefix" text,
	"first_name" text NOT NULL,
	"middle_name" text,
	"last_name" text NOT NULL,
	"suffix" text,
	"title" text,
	"school" text,
	"email" text,
	"portrait_file_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "knowledge_item" (
	"id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lesson" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"content_id" uuid NOT NULL,
	"alternate_id" text NOT NULL,
	"name" text NOT NULL,
	"index" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_lexicon" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "download_event" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"account_id" uuid,
	"user_name" text,
	"user_email" text,
	"file_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"content_id" uuid,
	"content_name" text,
	"top_content_id" uuid,
	"top_content_name" text,
	"tags" jsonb
);
--> statement-breakpoint
CREATE TABLE "file" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"filename" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" bigint DEFAULT 0 NOT NULL,
	"sha256" text,
	"storage_key" text NOT NULL,
	"visibility" text DEFAULT 'private' NOT NULL,
	"metadata_type" text DEFAULT 'content' NOT NULL,
	"metadata_id" uuid,
	"status" text DEFAULT 'ready' NOT NULL,
	"index" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid
);
--> statement-breakpoint
CREATE TABLE "account" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"display_name" text NOT NULL,
	"password_hash" text,
	"picture" text,
	"email_verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account_claim" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"type" text NOT NULL,
	"value" text NOT NULL,
	"scopes" text[] DEFAULT '{}'::text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "setting" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_code" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "content" ADD CONSTRAINT "content_parent_id_content_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."content"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_contributor" ADD CONSTRAINT "content_contributor_content_id_content_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."content"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_contributor" ADD CONSTRAINT "content_contributor_contributor_id_contributor_id_fk" FOREIGN KEY ("contributor_id") REFERENCES "public"."contributor"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_knowledge" ADD CONSTRAINT "content_knowledge_content_id_content_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."content"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_knowledge" ADD CONSTRAINT "content_knowledge_knowledge_id_knowledge_item_id_fk" FOREIGN KEY ("knowledge_id") REFERENCES "public"."knowledge_item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_section" ADD CONSTRAINT "content_section_content_id_content_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."content"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson" ADD CONSTRAINT "lesson_content_id_content_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."content"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_claim" ADD CONSTRAINT "account_claim_account_id_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_code" ADD CONSTRAINT "sso_code_account_id_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_url_alias_key" ON "content" USING btree ("url_alias");--> statement-breakpoint
CREATE INDEX "content_parent_idx" ON "content" USING btree ("parent_id","index");--> statement-breakpoint
CREATE INDEX "content_status_name_idx" ON "content" USING btree ("status","name","id");--> statement-breakpoint
CREATE INDEX "content_created_idx" ON "content" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "content_search_idx" ON "content" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "content_categories_idx" ON "content" USING gin ("categories");--> statement-breakpoint
CREATE INDEX "content_tags_idx" ON "content" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "content_education_idx" ON "content" USING gin ("education_levels");--> statement-breakpoint
CREATE INDEX "content_experience_idx" ON "content" USING gin ("experience_levels");--> statement-breakpoint
CREATE INDEX "content_curated_idx" ON "content" USING btree ("last_curated_courseware");--> statement-breakpoint
CREATE INDEX "content_contributor_contributor_idx" ON "content_contributor" USING btree ("contributor_id");--> statement-breakpoint
CREATE INDEX "content_knowledge_knowledge_idx" ON "content_knowledge" USING btree ("knowledge_id");--> statement-breakpoint
CREATE INDEX "content_section_content_idx" ON "content_section" USING btree ("content_id","index");--> statement-breakpoint
CREATE INDEX "knowledge_item_type_idx" ON "knowledge_item" USING btree ("type","id");--> statement-breakpoint
CREATE INDEX "lesson_content_idx" ON "lesson" USING btree ("content_id","index");--> statement-breakpoint
CREATE INDEX "download_event_time_idx" ON "download_event" USING btree ("occurred_at");--> statement-breakpoint
CREATE INDEX "file_metadata_idx" ON "file" USING btree ("metadata_id","index");--> statement-breakpoint
CREATE UNIQUE INDEX "account_email_key" ON "account" USING btree ("email");--> statement-breakpoint
CREATE INDEX "account_claim_account_idx" ON "account_claim" USING btree ("account_id");