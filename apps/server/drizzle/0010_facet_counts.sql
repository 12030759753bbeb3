CREATE TABLE "content_facet_count" (
	"listing_status" text NOT NULL,
	"facet_bits" integer NOT NULL,
	"items" integer NOT NULL,
	CONSTRAINT "content_facet_count_listing_status_facet_bits_pk" PRIMARY KEY("listing_status","facet_bits")
);
--> statement-breakpoint
-- Kept by statement triggers over transition tables: a bulk import or a status change that moves a
-- whole subtree adds one aggregated upsert, not one per row. Pairs that reach zero are removed.
CREATE OR REPLACE FUNCTION content_facet_count_apply() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO content_facet_count AS f (listing_status, facet_bits, items)
    SELECT listing_status, facet_bits, count(*)::int FROM new_rows
    WHERE listing_status IS NOT NULL GROUP BY 1, 2
    ON CONFLICT (listing_status, facet_bits) DO UPDATE SET items = f.items + excluded.items;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO content_facet_count AS f (listing_status, facet_bits, items)
    SELECT listing_status, facet_bits, -count(*)::int FROM old_rows
    WHERE listing_status IS NOT NULL GROUP BY 1, 2
    ON CONFLICT (listing_status, facet_bits) DO UPDATE SET items = f.items + excluded.items;
  ELSE
    INSERT INTO content_facet_count AS f (listing_status, facet_bits, items)
    SELECT listing_status, facet_bits, sum(delta)::int FROM (
      SELECT listing_status, facet_bits, -1 AS delta FROM old_rows
      UNION ALL
      SELECT listing_status, facet_bits, 1 AS delta FROM new_rows
    ) moved
    WHERE listing_status IS NOT NULL GROUP BY 1, 2 HAVING sum(delta) <> 0
    ON CONFLICT (listing_status, facet_bits) DO UPDATE SET items = f.items + excluded.items;
  END IF;
  DELETE FROM content_facet_count WHERE items = 0;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER content_facet_count_insert AFTER INSERT ON content
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION content_facet_count_apply();
--> statement-breakpoint
CREATE TRIGGER content_facet_count_update AFTER UPDATE ON content
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION content_facet_count_apply();
--> statement-breakpoint
CREATE TRIGGER content_facet_count_delete AFTER DELETE ON content
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION content_facet_count_apply();
--> statement-breakpoint
INSERT INTO content_facet_count (listing_status, facet_bits, items)
SELECT listing_status, facet_bits, count(*)::int FROM content WHERE listing_status IS NOT NULL GROUP BY 1, 2;
