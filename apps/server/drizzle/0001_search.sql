-- Full-text search (DESIGN.md): a weighted tsvector kept by a trigger (name A, keywords and tags B,
-- description text C); facet bits for cheap facet counts; pg_trgm over the catalogue's words to
-- correct misspelt search terms.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- Bit order must equal FACET_DIMENSIONS in packages/shared/src/enums.ts (checked by a server test).
CREATE OR REPLACE FUNCTION content_facet_bits(categories text[], education text[], experience text[], tags text[])
RETURNS integer AS $$
  SELECT
    (CASE WHEN 'course' = ANY(categories) THEN 1 ELSE 0 END) |
    (CASE WHEN 'module' = ANY(categories) THEN 2 ELSE 0 END) |
    (CASE WHEN 'lesson' = ANY(categories) THEN 4 ELSE 0 END) |
    (CASE WHEN 'exercise' = ANY(categories) THEN 8 ELSE 0 END) |
    (CASE WHEN 'environment' = ANY(categories) THEN 16 ELSE 0 END) |
    (CASE WHEN 'highschool' = ANY(education) THEN 32 ELSE 0 END) |
    (CASE WHEN 'communitycollege' = ANY(education) THEN 64 ELSE 0 END) |
    (CASE WHEN 'universityundergraduate' = ANY(education) THEN 128 ELSE 0 END) |
    (CASE WHEN 'graduatestudent' = ANY(education) THEN 256 ELSE 0 END) |
    (CASE WHEN 'beginner' = ANY(experience) THEN 512 ELSE 0 END) |
    (CASE WHEN 'beginnerplus' = ANY(experience) THEN 1024 ELSE 0 END) |
    (CASE WHEN 'intermediate' = ANY(experience) THEN 2048 ELSE 0 END) |
    (CASE WHEN 'intermediateplus' = ANY(experience) THEN 4096 ELSE 0 END) |
    (CASE WHEN 'advanced' = ANY(experience) THEN 8192 ELSE 0 END) |
    (CASE WHEN 'homework' = ANY(tags) THEN 16384 ELSE 0 END) |
    (CASE WHEN 'lab' = ANY(tags) THEN 32768 ELSE 0 END) |
    (CASE WHEN 'uncurated' = ANY(tags) THEN 65536 ELSE 0 END) |
    (CASE WHEN 'exams' = ANY(tags) THEN 131072 ELSE 0 END) |
    (CASE WHEN 'quizzes' = ANY(tags) THEN 262144 ELSE 0 END)
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION content_search_update() RETURNS trigger AS $$
BEGIN
  NEW.search_vector :=
    setweight(to_tsvector('english', coalesce(NEW.name, '')), 'A') ||
    setweight(to_tsvector('english', coalesce(array_to_string(NEW.keywords, ' '), '') || ' ' ||
                                     coalesce(array_to_string(NEW.tags, ' '), '')), 'B') ||
    setweight(to_tsvector('english', left(coalesce(NEW.description_text, ''), 200000)), 'C');
  NEW.facet_bits := content_facet_bits(NEW.categories, NEW.education_levels, NEW.experience_levels, NEW.tags);
  RETURN NEW;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER content_search_trigger
  BEFORE INSERT OR UPDATE OF name, keywords, tags, description_text, categories, education_levels, experience_levels
  ON content FOR EACH ROW EXECUTE FUNCTION content_search_update();
--> statement-breakpoint
CREATE INDEX search_lexicon_word_trgm_idx ON search_lexicon USING gin (word gin_trgm_ops);
