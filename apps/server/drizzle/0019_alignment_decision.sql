CREATE TABLE "alignment_decision" (
	"content_id" uuid NOT NULL,
	"knowledge_id" text NOT NULL,
	"decision" text NOT NULL,
	"score" real NOT NULL,
	"rank" integer NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alignment_decision_content_id_knowledge_id_pk" PRIMARY KEY("content_id","knowledge_id")
);
--> statement-breakpoint
ALTER TABLE "alignment_decision" ADD CONSTRAINT "alignment_decision_content_id_content_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."content"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alignment_decision" ADD CONSTRAINT "alignment_decision_knowledge_id_knowledge_item_id_fk" FOREIGN KEY ("knowledge_id") REFERENCES "public"."knowledge_item"("id") ON DELETE cascade ON UPDATE no action;