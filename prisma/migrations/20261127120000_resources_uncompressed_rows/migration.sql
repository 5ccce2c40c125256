-- Rows of resources are kept uncompressed up to a full page. A row over the default 2 kB target had its search
-- vector compressed, and a search tests each candidate's vector a dozen times (one `@@` per field and form), each
-- test decompressing it again: 8% of the rows cost 11% of the database's search CPU. Rows already stored stay as
-- they are until rewritten; search_version 4 re-indexes every row at the next start.
ALTER TABLE "resources" SET (toast_tuple_target = 8160);
