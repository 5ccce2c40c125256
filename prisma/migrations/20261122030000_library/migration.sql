-- Resource library: resources and their files, interactions, history, comments, reports, search records.

-- CreateEnum
CREATE TYPE "ResourceType" AS ENUM ('MICRO_COURSE', 'DOCUMENT', 'ACHIEVEMENT');

-- CreateEnum
CREATE TYPE "ResourceStatus" AS ENUM ('DRAFT', 'PENDING', 'PUBLISHED', 'REJECTED', 'TAKEN_DOWN');

-- CreateEnum
CREATE TYPE "ReportStatus" AS ENUM ('OPEN', 'DISMISSED', 'ACTIONED');

-- CreateTable
CREATE TABLE "resources" (
    "id" SERIAL NOT NULL,
    "type" "ResourceType" NOT NULL,
    "train_type" TEXT,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "tags" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[],
    "stage_id" INTEGER,
    "subject_id" INTEGER,
    "cover_file_id" TEXT,
    "price" INTEGER NOT NULL DEFAULT 0,
    "author_id" INTEGER NOT NULL,
    "status" "ResourceStatus" NOT NULL DEFAULT 'PENDING',
    "review_note" TEXT,
    "published_at" TIMESTAMPTZ(3),
    "deleted_at" TIMESTAMPTZ(3),
    "view_count" INTEGER NOT NULL DEFAULT 0,
    "play_count" INTEGER NOT NULL DEFAULT 0,
    "download_count" INTEGER NOT NULL DEFAULT 0,
    "star_count" INTEGER NOT NULL DEFAULT 0,
    "collect_count" INTEGER NOT NULL DEFAULT 0,
    "comment_count" INTEGER NOT NULL DEFAULT 0,
    "search_vector" tsvector,
    "search_ngrams" tsvector,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "resources_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "resource_files" (
    "id" SERIAL NOT NULL,
    "resource_id" INTEGER NOT NULL,
    "file_id" TEXT NOT NULL,
    "sort" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "resource_files_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "resource_stars" (
    "user_id" INTEGER NOT NULL,
    "resource_id" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "resource_stars_pkey" PRIMARY KEY ("user_id","resource_id")
);

-- CreateTable
CREATE TABLE "resource_collects" (
    "user_id" INTEGER NOT NULL,
    "resource_id" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "resource_collects_pkey" PRIMARY KEY ("user_id","resource_id")
);

-- CreateTable
CREATE TABLE "view_history" (
    "user_id" INTEGER NOT NULL,
    "resource_id" INTEGER NOT NULL,
    "play_position" INTEGER NOT NULL DEFAULT 0,
    "viewed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "view_history_pkey" PRIMARY KEY ("user_id","resource_id")
);

-- CreateTable
CREATE TABLE "download_history" (
    "user_id" INTEGER NOT NULL,
    "resource_id" INTEGER NOT NULL,
    "times" INTEGER NOT NULL DEFAULT 1,
    "downloaded_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "download_history_pkey" PRIMARY KEY ("user_id","resource_id")
);

-- CreateTable
CREATE TABLE "resource_daily_stats" (
    "resource_id" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "views" INTEGER NOT NULL DEFAULT 0,
    "downloads" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "resource_daily_stats_pkey" PRIMARY KEY ("resource_id","day")
);

-- CreateTable
CREATE TABLE "comments" (
    "id" SERIAL NOT NULL,
    "resource_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "content" TEXT NOT NULL,
    "reply_count" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "comments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "replies" (
    "id" SERIAL NOT NULL,
    "comment_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "reply_to_user_id" INTEGER,
    "content" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "replies_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "reports" (
    "id" SERIAL NOT NULL,
    "resource_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "category" TEXT NOT NULL,
    "content" TEXT NOT NULL DEFAULT '',
    "status" "ReportStatus" NOT NULL DEFAULT 'OPEN',
    "resolution" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "resolved_at" TIMESTAMPTZ(3),

    CONSTRAINT "reports_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "search_records" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "keyword" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "search_records_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "search_word_daily" (
    "keyword" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "search_word_daily_pkey" PRIMARY KEY ("keyword","day")
);

-- CreateIndex
CREATE INDEX "resources_author_id_created_at_idx" ON "resources"("author_id", "created_at");

-- CreateIndex
CREATE INDEX "resources_status_created_at_idx" ON "resources"("status", "created_at");

-- CreateIndex
CREATE INDEX "resource_files_file_id_idx" ON "resource_files"("file_id");

-- CreateIndex
CREATE UNIQUE INDEX "resource_files_resource_id_file_id_key" ON "resource_files"("resource_id", "file_id");

-- CreateIndex
CREATE INDEX "resource_stars_resource_id_idx" ON "resource_stars"("resource_id");

-- CreateIndex
CREATE INDEX "resource_collects_resource_id_idx" ON "resource_collects"("resource_id");

-- CreateIndex
CREATE INDEX "resource_collects_user_id_created_at_idx" ON "resource_collects"("user_id", "created_at");

-- CreateIndex
CREATE INDEX "view_history_user_id_viewed_at_idx" ON "view_history"("user_id", "viewed_at");

-- CreateIndex
CREATE INDEX "download_history_user_id_downloaded_at_idx" ON "download_history"("user_id", "downloaded_at");

-- CreateIndex
CREATE INDEX "resource_daily_stats_day_idx" ON "resource_daily_stats"("day");

-- CreateIndex
CREATE INDEX "comments_resource_id_created_at_idx" ON "comments"("resource_id", "created_at");

-- CreateIndex
CREATE INDEX "replies_comment_id_created_at_idx" ON "replies"("comment_id", "created_at");

-- CreateIndex
CREATE INDEX "reports_status_created_at_idx" ON "reports"("status", "created_at");

-- CreateIndex
CREATE INDEX "reports_resource_id_idx" ON "reports"("resource_id");

-- CreateIndex
CREATE INDEX "search_records_user_id_created_at_idx" ON "search_records"("user_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "search_records_user_id_keyword_key" ON "search_records"("user_id", "keyword");

-- CreateIndex
CREATE INDEX "search_word_daily_day_idx" ON "search_word_daily"("day");

-- AddForeignKey
ALTER TABLE "resources" ADD CONSTRAINT "resources_author_id_fkey" FOREIGN KEY ("author_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "resource_files" ADD CONSTRAINT "resource_files_resource_id_fkey" FOREIGN KEY ("resource_id") REFERENCES "resources"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "resource_stars" ADD CONSTRAINT "resource_stars_resource_id_fkey" FOREIGN KEY ("resource_id") REFERENCES "resources"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "resource_collects" ADD CONSTRAINT "resource_collects_resource_id_fkey" FOREIGN KEY ("resource_id") REFERENCES "resources"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "view_history" ADD CONSTRAINT "view_history_resource_id_fkey" FOREIGN KEY ("resource_id") REFERENCES "resources"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "download_history" ADD CONSTRAINT "download_history_resource_id_fkey" FOREIGN KEY ("resource_id") REFERENCES "resources"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "resource_daily_stats" ADD CONSTRAINT "resource_daily_stats_resource_id_fkey" FOREIGN KEY ("resource_id") REFERENCES "resources"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "comments" ADD CONSTRAINT "comments_resource_id_fkey" FOREIGN KEY ("resource_id") REFERENCES "resources"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "replies" ADD CONSTRAINT "replies_comment_id_fkey" FOREIGN KEY ("comment_id") REFERENCES "comments"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reports" ADD CONSTRAINT "reports_resource_id_fkey" FOREIGN KEY ("resource_id") REFERENCES "resources"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- SQL-only indexes (Prisma cannot express partial or GIN-over-tsvector indexes; the drift test lists them).
-- Public lists filter on published, not deleted, optional type, stage and subject, and sort by one column:
-- one partial index per sort, with and without the type, so every list page is an index range scan.
CREATE INDEX "resources_pub_newest_idx" ON "resources" ("stage_id", "subject_id", "published_at" DESC, "id" DESC)
    WHERE "status" = 'PUBLISHED' AND "deleted_at" IS NULL;
CREATE INDEX "resources_pub_views_idx" ON "resources" ("stage_id", "subject_id", "view_count" DESC, "id" DESC)
    WHERE "status" = 'PUBLISHED' AND "deleted_at" IS NULL;
CREATE INDEX "resources_pub_downloads_idx" ON "resources" ("stage_id", "subject_id", "download_count" DESC, "id" DESC)
    WHERE "status" = 'PUBLISHED' AND "deleted_at" IS NULL;
CREATE INDEX "resources_pub_stars_idx" ON "resources" ("stage_id", "subject_id", "star_count" DESC, "id" DESC)
    WHERE "status" = 'PUBLISHED' AND "deleted_at" IS NULL;
CREATE INDEX "resources_pub_type_newest_idx" ON "resources" ("type", "stage_id", "subject_id", "published_at" DESC, "id" DESC)
    WHERE "status" = 'PUBLISHED' AND "deleted_at" IS NULL;
CREATE INDEX "resources_pub_type_views_idx" ON "resources" ("type", "stage_id", "subject_id", "view_count" DESC, "id" DESC)
    WHERE "status" = 'PUBLISHED' AND "deleted_at" IS NULL;
CREATE INDEX "resources_pub_type_downloads_idx" ON "resources" ("type", "stage_id", "subject_id", "download_count" DESC, "id" DESC)
    WHERE "status" = 'PUBLISHED' AND "deleted_at" IS NULL;
CREATE INDEX "resources_pub_type_stars_idx" ON "resources" ("type", "stage_id", "subject_id", "star_count" DESC, "id" DESC)
    WHERE "status" = 'PUBLISHED' AND "deleted_at" IS NULL;
CREATE INDEX "resources_search_vector_idx" ON "resources" USING GIN ("search_vector");
CREATE INDEX "resources_search_ngrams_idx" ON "resources" USING GIN ("search_ngrams");
