CREATE TABLE "follow" (
	"account_id" uuid NOT NULL,
	"content_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follow_account_id_content_id_pk" PRIMARY KEY("account_id","content_id")
);
--> statement-breakpoint
CREATE TABLE "follow_digest" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"frequency" text NOT NULL,
	"sent_through" timestamp with time zone DEFAULT now() NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	CONSTRAINT "follow_digest_frequency_check" CHECK ("follow_digest"."frequency" IN ('daily', 'weekly', 'off'))
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "follow" ADD CONSTRAINT "follow_account_id_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow" ADD CONSTRAINT "follow_content_id_content_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."content"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_digest" ADD CONSTRAINT "follow_digest_account_id_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "follow_content_idx" ON "follow" USING btree ("content_id");--> statement-breakpoint
CREATE INDEX "follow_account_created_idx" ON "follow" USING btree ("account_id","created_at","content_id");--> statement-breakpoint
CREATE INDEX "follow_digest_due_idx" ON "follow_digest" USING btree ("due_at") WHERE "follow_digest"."frequency" <> 'off';