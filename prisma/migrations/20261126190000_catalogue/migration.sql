-- The textbook catalogue (edition → volume → unit → lesson) and the chapters resources hang on.
CREATE TABLE "catalogue_nodes" (
    "id" SERIAL NOT NULL,
    "code" TEXT NOT NULL,
    "parent_id" INTEGER,
    "kind" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "stage_id" INTEGER NOT NULL,
    "subject_id" INTEGER NOT NULL,
    "grade" SMALLINT,
    "sort" INTEGER NOT NULL DEFAULT 0,
    "retired_at" TIMESTAMPTZ(3),
    "merged_into_id" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "catalogue_nodes_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "catalogue_nodes_kind_check" CHECK ("kind" IN ('edition', 'volume', 'unit', 'lesson'))
);
CREATE UNIQUE INDEX "catalogue_nodes_code_key" ON "catalogue_nodes"("code");
CREATE INDEX "catalogue_nodes_stage_id_subject_id_idx" ON "catalogue_nodes"("stage_id", "subject_id");
CREATE INDEX "catalogue_nodes_parent_id_sort_idx" ON "catalogue_nodes"("parent_id", "sort");
ALTER TABLE "catalogue_nodes" ADD CONSTRAINT "catalogue_nodes_parent_id_fkey" FOREIGN KEY ("parent_id") REFERENCES "catalogue_nodes"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "catalogue_nodes" ADD CONSTRAINT "catalogue_nodes_merged_into_id_fkey" FOREIGN KEY ("merged_into_id") REFERENCES "catalogue_nodes"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

CREATE TABLE "resource_chapters" (
    "resource_id" INTEGER NOT NULL,
    "node_id" INTEGER NOT NULL,
    "sort" SMALLINT NOT NULL DEFAULT 0,
    CONSTRAINT "resource_chapters_pkey" PRIMARY KEY ("resource_id", "node_id")
);
CREATE INDEX "resource_chapters_node_id_resource_id_idx" ON "resource_chapters"("node_id", "resource_id");
ALTER TABLE "resource_chapters" ADD CONSTRAINT "resource_chapters_resource_id_fkey" FOREIGN KEY ("resource_id") REFERENCES "resources"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Maintaining the catalogue: the district (all of it) and 教研员 (their own stage and subject).
INSERT INTO "role_permissions" ("role_id", "permission")
SELECT "id", 'catalogue' FROM "roles" WHERE "code" IN ('district_admin', 'researcher')
ON CONFLICT DO NOTHING;
