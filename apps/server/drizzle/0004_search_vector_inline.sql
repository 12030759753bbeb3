-- Keep the search vector in the row (compressed) rather than in the TOAST table: ranking reads it for
-- every candidate, and an out-of-line value costs an extra index lookup and page read each time.
-- Applies to rows written from now on (a bulk import or a save); existing rows keep their storage.
ALTER TABLE "content" ALTER COLUMN "search_vector" SET STORAGE MAIN;
