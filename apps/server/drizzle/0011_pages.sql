CREATE TABLE "page" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"href" text NOT NULL,
	"title" text NOT NULL,
	"parent_id" uuid,
	"status" text DEFAULT 'unpublished' NOT NULL,
	"layout_name" text DEFAULT 'handSortedList' NOT NULL,
	"layout_parameters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"meta_images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "page_revision" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"page_id" uuid NOT NULL,
	"change" text NOT NULL,
	"title" text NOT NULL,
	"author_id" uuid,
	"author_name" text NOT NULL,
	"snapshot" jsonb NOT NULL,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "page_section" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"page_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"group_key" text,
	"widgets" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "page_revision" ADD CONSTRAINT "page_revision_page_id_page_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."page"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_revision" ADD CONSTRAINT "page_revision_author_id_account_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_section" ADD CONSTRAINT "page_section_page_id_page_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."page"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "page_href_idx" ON "page" USING btree ("href");--> statement-breakpoint
CREATE INDEX "page_parent_idx" ON "page" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "page_revision_page_idx" ON "page_revision" USING btree ("page_id","created_at","id");--> statement-breakpoint
CREATE INDEX "page_section_page_idx" ON "page_section" USING btree ("page_id","position");