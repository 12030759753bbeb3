CREATE TABLE "search_sighting" (
	"key" text PRIMARY KEY NOT NULL,
	"generation" bigint NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"write_order" bigserial NOT NULL
);
--> statement-breakpoint
ALTER TABLE "search_cache" ADD COLUMN "write_order" bigserial NOT NULL;--> statement-breakpoint
CREATE INDEX "search_sighting_first_seen_idx" ON "search_sighting" USING btree ("first_seen_at");--> statement-breakpoint
CREATE INDEX "search_sighting_write_order_idx" ON "search_sighting" USING btree ("write_order");--> statement-breakpoint
CREATE INDEX "search_cache_write_order_idx" ON "search_cache" USING btree ("write_order");