CREATE TABLE "search_acronym" (
	"acronym" text NOT NULL,
	"expansion" text NOT NULL,
	CONSTRAINT "search_acronym_acronym_expansion_pk" PRIMARY KEY("acronym","expansion")
);
--> statement-breakpoint
CREATE TABLE "file_text" (
	"file_id" uuid PRIMARY KEY NOT NULL,
	"content_id" uuid NOT NULL,
	"text" text NOT NULL,
	"text_vector" "tsvector" NOT NULL,
	"extracted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "content_status_facets_idx";--> statement-breakpoint
ALTER TABLE "content" ADD COLUMN "document_vector" "tsvector";--> statement-breakpoint
ALTER TABLE "content" ADD COLUMN "listing_status" text;--> statement-breakpoint
ALTER TABLE "file_text" ADD CONSTRAINT "file_text_file_id_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."file"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_acronym_expansion_idx" ON "search_acronym" USING btree ("expansion");--> statement-breakpoint
CREATE INDEX "file_text_content_idx" ON "file_text" USING btree ("content_id");--> statement-breakpoint
CREATE INDEX "content_listing_name_idx" ON "content" USING btree ("listing_status","name","id");--> statement-breakpoint
CREATE INDEX "content_listing_facets_idx" ON "content" USING btree ("listing_status","facet_bits");--> statement-breakpoint
-- The status search and facets go by (DESIGN.md "Visibility"): an item under an unpublished or archived
-- ancestor is listed as that ancestor is; the most hidden of its own and its ancestors' statuses wins.
CREATE OR REPLACE FUNCTION content_listing_status(own text, parent_listing text) RETURNS text AS $$
  SELECT CASE
    WHEN own = 'archived' OR parent_listing = 'archived' THEN 'archived'
    WHEN own = 'unpublished' OR parent_listing = 'unpublished' THEN 'unpublished'
    ELSE own END
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION content_listing_update() RETURNS trigger AS $$
BEGIN
  NEW.listing_status := content_listing_status(NEW.status,
    (SELECT p.listing_status FROM content p WHERE p.id = NEW.parent_id));
  RETURN NEW;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER content_listing_trigger
  BEFORE INSERT OR UPDATE OF status, parent_id ON content
  FOR EACH ROW EXECUTE FUNCTION content_listing_update();
--> statement-breakpoint
-- A changed listing status passes down to the children, whose own change passes it further down.
CREATE OR REPLACE FUNCTION content_listing_cascade() RETURNS trigger AS $$
BEGIN
  UPDATE content ch SET listing_status = content_listing_status(ch.status, NEW.listing_status)
  WHERE ch.parent_id = NEW.id
    AND ch.listing_status IS DISTINCT FROM content_listing_status(ch.status, NEW.listing_status);
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER content_listing_cascade_trigger
  AFTER UPDATE OF status, parent_id, listing_status ON content
  FOR EACH ROW WHEN (OLD.listing_status IS DISTINCT FROM NEW.listing_status)
  EXECUTE FUNCTION content_listing_cascade();
--> statement-breakpoint
-- Recomputes every item's listing status from the roots down (after bulk imports, whose rows may
-- come before their parents within one statement); returns how many rows changed.
CREATE OR REPLACE FUNCTION content_listing_refresh() RETURNS integer AS $$
DECLARE changed integer;
BEGIN
  WITH RECURSIVE t AS (
    SELECT id, content_listing_status(status, NULL) AS ls FROM content WHERE parent_id IS NULL
    UNION ALL
    SELECT c.id, content_listing_status(c.status, t.ls) FROM content c JOIN t ON c.parent_id = t.id
  )
  UPDATE content c SET listing_status = t.ls FROM t
  WHERE c.id = t.id AND c.listing_status IS DISTINCT FROM t.ls;
  GET DIAGNOSTICS changed = ROW_COUNT;
  RETURN changed;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
SELECT content_listing_refresh();
--> statement-breakpoint
-- Words of an item's files: the item's document vector is its files' vectors at weight D, recomputed
-- whenever a file's text is written or removed (deleting the file removes its text by cascade).
CREATE AGGREGATE tsvector_agg(tsvector) (SFUNC = tsvector_concat, STYPE = tsvector, INITCOND = '');
--> statement-breakpoint
CREATE OR REPLACE FUNCTION file_text_document_update() RETURNS trigger AS $$
DECLARE target uuid;
BEGIN
  FOR target IN SELECT DISTINCT x FROM unnest(ARRAY[
      CASE WHEN TG_OP <> 'INSERT' THEN OLD.content_id END,
      CASE WHEN TG_OP <> 'DELETE' THEN NEW.content_id END]) AS x WHERE x IS NOT NULL LOOP
    UPDATE content SET document_vector =
      (SELECT setweight(tsvector_agg(ft.text_vector), 'D') FROM file_text ft WHERE ft.content_id = target)
    WHERE id = target;
  END LOOP;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER file_text_document_trigger
  AFTER INSERT OR UPDATE OR DELETE ON file_text
  FOR EACH ROW EXECUTE FUNCTION file_text_document_update();
--> statement-breakpoint
-- The search vector gains the documents' words at the lowest weight (D), after name (A), keywords and
-- tags (B) and description (C).
CREATE OR REPLACE FUNCTION content_search_update() RETURNS trigger AS $$
BEGIN
  NEW.search_vector :=
    setweight(to_tsvector('english', coalesce(NEW.name, '')), 'A') ||
    setweight(to_tsvector('english', coalesce(array_to_string(NEW.keywords, ' '), '') || ' ' ||
                                     coalesce(array_to_string(NEW.tags, ' '), '')), 'B') ||
    setweight(to_tsvector('english', left(coalesce(NEW.description_text, ''), 200000)), 'C') ||
    coalesce(NEW.document_vector, ''::tsvector);
  NEW.facet_bits := content_facet_bits(NEW.categories, NEW.education_levels, NEW.experience_levels, NEW.tags);
  RETURN NEW;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER content_search_trigger ON content;
--> statement-breakpoint
CREATE TRIGGER content_search_trigger
  BEFORE INSERT OR UPDATE OF name, keywords, tags, description_text, categories, education_levels, experience_levels, document_vector
  ON content FOR EACH ROW EXECUTE FUNCTION content_search_update();
