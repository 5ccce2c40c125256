-- Per-route request limits shared by every api instance: one row per (route, client) and window. UNLOGGED: a
-- counter needs no crash safety (after a crash every client simply starts a fresh window), and each request's
-- upsert then writes no WAL.
CREATE UNLOGGED TABLE "rate_limit_counters" (
    "key" TEXT NOT NULL,
    "hits" INTEGER NOT NULL,
    "window_ends_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "rate_limit_counters_pkey" PRIMARY KEY ("key")
);
