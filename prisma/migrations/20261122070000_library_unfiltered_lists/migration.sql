-- Lists without a stage and subject (the home page's 全部, a type tab, a stage alone) had no index giving their
-- order: each page sorted every public resource (26–73 ms at 100k). One partial index per sort column, without
-- filter columns, gives that order; type and stage are checked while walking it (2.4–4.7 ms at 100k).
CREATE INDEX "resources_pub_all_newest_idx" ON "resources" ("published_at" DESC, "id" DESC)
    WHERE "status" = 'PUBLISHED' AND "deleted_at" IS NULL;
CREATE INDEX "resources_pub_all_views_idx" ON "resources" ("view_count" DESC, "id" DESC)
    WHERE "status" = 'PUBLISHED' AND "deleted_at" IS NULL;
CREATE INDEX "resources_pub_all_downloads_idx" ON "resources" ("download_count" DESC, "id" DESC)
    WHERE "status" = 'PUBLISHED' AND "deleted_at" IS NULL;
CREATE INDEX "resources_pub_all_stars_idx" ON "resources" ("star_count" DESC, "id" DESC)
    WHERE "status" = 'PUBLISHED' AND "deleted_at" IS NULL;
