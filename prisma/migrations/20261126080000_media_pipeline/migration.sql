-- Media pipeline: derivatives made by background jobs (graphile-worker, its own schema) record their progress and
-- what they hold: HLS renditions, durations, page counts, the object names under their prefix.
ALTER TABLE "file_derivatives" ADD COLUMN "progress" INTEGER, ADD COLUMN "meta" JSONB;
-- The derivative rows are no longer claimed with leases: the job queue locks jobs.
ALTER TABLE "file_derivatives" DROP COLUMN "locked_until";
DROP INDEX IF EXISTS "file_derivatives_status_created_at_idx";
