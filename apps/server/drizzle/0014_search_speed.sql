CREATE TABLE "search_cache" (
	"key" text PRIMARY KEY NOT NULL,
	"generation" bigint NOT NULL,
	"value" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_generation" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"generation" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "content_name_search_idx";--> statement-breakpoint
ALTER TABLE "content" ADD COLUMN "name_vector" "tsvector";--> statement-breakpoint
UPDATE "content" SET "name_vector" = to_tsvector('english', coalesce("name", ''));--> statement-breakpoint
CREATE INDEX "search_cache_created_idx" ON "search_cache" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "content_name_search_idx" ON "content" USING gin ("name_vector");
--> statement-breakpoint
-- The name's vector is kept with the search vector (same trigger as migration 0007, one line more).
CREATE OR REPLACE FUNCTION content_search_update() RETURNS trigger AS $$
BEGIN
  NEW.name_vector := to_tsvector('english', coalesce(NEW.name, ''));
  NEW.search_vector :=
    setweight(NEW.name_vector, 'A') ||
    setweight(to_tsvector('english', coalesce(array_to_string(NEW.keywords, ' '), '') || ' ' ||
                                     coalesce(array_to_string(NEW.tags, ' '), '')), 'B') ||
    setweight(to_tsvector('english', left(coalesce(NEW.description_text, ''), 200000)), 'C') ||
    coalesce(NEW.document_vector, ''::tsvector);
  NEW.facet_bits := content_facet_bits(NEW.categories, NEW.education_levels, NEW.experience_levels, NEW.tags);
  RETURN NEW;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
ALTER TABLE "search_generation" ADD CONSTRAINT "search_generation_one_row" CHECK ("id" = 1);
--> statement-breakpoint
INSERT INTO "search_generation" ("id", "generation") VALUES (1, 0);
--> statement-breakpoint
-- Any change to what a search reads raises the generation once per statement, so every cached search
-- of an earlier generation is no longer used (the cache's rows go by age, search_cache_created_idx).
CREATE OR REPLACE FUNCTION search_generation_raise() RETURNS trigger AS $$
BEGIN
  UPDATE search_generation SET generation = generation + 1 WHERE id = 1;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER content_search_generation_trigger
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON content
  FOR EACH STATEMENT EXECUTE FUNCTION search_generation_raise();
--> statement-breakpoint
CREATE TRIGGER file_text_search_generation_trigger
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON file_text
  FOR EACH STATEMENT EXECUTE FUNCTION search_generation_raise();
--> statement-breakpoint
CREATE TRIGGER content_knowledge_search_generation_trigger
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON content_knowledge
  FOR EACH STATEMENT EXECUTE FUNCTION search_generation_raise();
--> statement-breakpoint
CREATE TRIGGER content_contributor_search_generation_trigger
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON content_contributor
  FOR EACH STATEMENT EXECUTE FUNCTION search_generation_raise();
--> statement-breakpoint
CREATE TRIGGER search_lexicon_search_generation_trigger
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON search_lexicon
  FOR EACH STATEMENT EXECUTE FUNCTION search_generation_raise();
--> statement-breakpoint
CREATE TRIGGER search_acronym_search_generation_trigger
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON search_acronym
  FOR EACH STATEMENT EXECUTE FUNCTION search_generation_raise();
