-- Administration console: schools, role permissions as data, the audit log, two-level review, dictionary upkeep and
-- curated home banners and classroom features.

CREATE TABLE "schools" (
    "id" SERIAL NOT NULL,
    "code" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "area_code" TEXT,
    "sort" INTEGER NOT NULL DEFAULT 0,
    "retired_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "schools_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "schools_code_key" ON "schools"("code");
CREATE INDEX "schools_area_code_sort_idx" ON "schools"("area_code", "sort");

-- Existing users move to a default school (id 1), which new users also get unless they name another.
INSERT INTO "schools" ("id", "code", "name", "sort", "updated_at") VALUES (1, 'default', '默认学校', 0, CURRENT_TIMESTAMP);
SELECT setval(pg_get_serial_sequence('schools', 'id'), 1);

ALTER TABLE "users" ADD COLUMN "school_id" INTEGER NOT NULL DEFAULT 1;
CREATE INDEX "users_school_id_idx" ON "users"("school_id");
ALTER TABLE "users" ADD CONSTRAINT "users_school_id_fkey" FOREIGN KEY ("school_id") REFERENCES "schools"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

ALTER TABLE "roles" ADD COLUMN "scope" TEXT NOT NULL DEFAULT 'none';

CREATE TABLE "role_permissions" (
    "role_id" INTEGER NOT NULL,
    "permission" TEXT NOT NULL,

    CONSTRAINT "role_permissions_pkey" PRIMARY KEY ("role_id", "permission")
);
ALTER TABLE "role_permissions" ADD CONSTRAINT "role_permissions_role_id_fkey" FOREIGN KEY ("role_id") REFERENCES "roles"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Deployments seeded before this migration: their roles get the defaults a fresh seed writes (prisma/seed/roles.json).
UPDATE "roles" SET "scope" = 'all' WHERE "code" = 'district_admin';
UPDATE "roles" SET "scope" = 'school' WHERE "code" = 'school_admin';
UPDATE "roles" SET "scope" = 'subject' WHERE "code" = 'researcher';
INSERT INTO "role_permissions" ("role_id", "permission")
SELECT r."id", p.permission
FROM "roles" r
CROSS JOIN LATERAL unnest(CASE r."code"
    WHEN 'district_admin' THEN ARRAY['dashboard', 'review.resources', 'review.classroom', 'reports', 'users.read',
        'users.write', 'users.roles', 'schools', 'dict', 'money.verify', 'money.withdraw', 'money.invoice',
        'money.coupon', 'money.refund', 'money.ledger', 'curation', 'audit', 'workorders']
    WHEN 'school_admin' THEN ARRAY['dashboard', 'review.resources', 'users.read', 'users.write']
    WHEN 'researcher' THEN ARRAY['dashboard', 'review.resources', 'review.classroom']
    ELSE ARRAY[]::TEXT[] END) AS p(permission);

CREATE TABLE "audit_log" (
    "id" BIGSERIAL NOT NULL,
    "actor_id" INTEGER,
    "actor_name" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "target_type" TEXT NOT NULL,
    "target_id" TEXT,
    "summary" TEXT NOT NULL DEFAULT '',
    "before" JSONB,
    "after" JSONB,
    "ip" TEXT,
    "user_agent" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "audit_log_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "audit_log_created_at_idx" ON "audit_log"("created_at");
CREATE INDEX "audit_log_actor_id_created_at_idx" ON "audit_log"("actor_id", "created_at");
CREATE INDEX "audit_log_action_created_at_idx" ON "audit_log"("action", "created_at");
CREATE INDEX "audit_log_target_type_target_id_idx" ON "audit_log"("target_type", "target_id");

-- Append-only: history cannot be rewritten by the application or by a mistaken query.
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'audit_log is append-only';
END;
$$;
CREATE TRIGGER "audit_log_no_update" BEFORE UPDATE OR DELETE ON "audit_log"
    FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log"
    FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();

ALTER TABLE "resources" ADD COLUMN "school_reviewed_by" INTEGER, ADD COLUMN "school_reviewed_at" TIMESTAMPTZ(3);

ALTER TABLE "dict" ADD COLUMN "enabled" BOOLEAN NOT NULL DEFAULT true, ADD COLUMN "aliases" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[];

ALTER TABLE "courses" ADD COLUMN "featured_sort" INTEGER;
ALTER TABLE "topics" ADD COLUMN "featured_sort" INTEGER;

CREATE TABLE "home_banners" (
    "id" SERIAL NOT NULL,
    "title" TEXT NOT NULL,
    "subtitle" TEXT NOT NULL DEFAULT '',
    "link_url" TEXT NOT NULL DEFAULT '',
    "sort" INTEGER NOT NULL DEFAULT 0,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "starts_at" TIMESTAMPTZ(3),
    "ends_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "home_banners_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "home_banners_enabled_sort_idx" ON "home_banners"("enabled", "sort");
