-- Keep an item's name and name vector in its row, as 0004 keeps its search vector: search sorts its
-- candidates by name (ties of rank) and matches names first, for every candidate. With the default
-- (extended) storage, a row made large by its search vector had its name moved to the TOAST table, so
-- each comparison of a sort fetched it there through an index: at 100,000 items sorting the 1,001
-- candidates of "network attack" by name read 18,000 TOAST pages (17.5 ms, 7.7 by id); in search's own
-- query, where the rank decides most comparisons, the sort took about 4 of its 22 ms (issue 36).
-- MAIN keeps a value in the row (compressed if need be) and moves it out only when nothing else can go.
-- Applies to rows written from now on; `VACUUM FULL content` rewrites the existing ones (docs/search.md).
ALTER TABLE "content" ALTER COLUMN "name" SET STORAGE MAIN, ALTER COLUMN "name_vector" SET STORAGE MAIN;
