CREATE TABLE "work_role" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_role_category" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_role_statement" (
	"work_role_id" text NOT NULL,
	"knowledge_id" text NOT NULL,
	CONSTRAINT "work_role_statement_work_role_id_knowledge_id_pk" PRIMARY KEY("work_role_id","knowledge_id")
);
--> statement-breakpoint
ALTER TABLE "content_knowledge" ADD COLUMN "topics" jsonb;--> statement-breakpoint
ALTER TABLE "work_role" ADD CONSTRAINT "work_role_category_id_work_role_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."work_role_category"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_role_statement" ADD CONSTRAINT "work_role_statement_work_role_id_work_role_id_fk" FOREIGN KEY ("work_role_id") REFERENCES "public"."work_role"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_role_statement" ADD CONSTRAINT "work_role_statement_knowledge_id_knowledge_item_id_fk" FOREIGN KEY ("knowledge_id") REFERENCES "public"."knowledge_item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "work_role_category_idx" ON "work_role" USING btree ("category_id","id");--> statement-breakpoint
CREATE INDEX "work_role_statement_knowledge_idx" ON "work_role_statement" USING btree ("knowledge_id");