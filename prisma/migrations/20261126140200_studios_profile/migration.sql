-- The personal centre's profile (avatar, bio) and the studios (名师工作室): a stable code, an introduction, a leader,
-- members, announcements and the resources members share to them.

ALTER TABLE "users" ADD COLUMN "avatar_file_id" TEXT;
ALTER TABLE "users" ADD COLUMN "bio" TEXT NOT NULL DEFAULT '';

-- Existing studios keep the code their address already carries (/auth/studio/<code>), or their id.
ALTER TABLE "studios" ADD COLUMN "code" TEXT;
UPDATE "studios" SET "code" = COALESCE(substring("to_url" from '/auth/studio/([^/?#]+)$'), "id"::TEXT);
ALTER TABLE "studios" ALTER COLUMN "code" SET NOT NULL;
CREATE UNIQUE INDEX "studios_code_key" ON "studios"("code");
ALTER TABLE "studios" ADD COLUMN "intro" TEXT NOT NULL DEFAULT '';
ALTER TABLE "studios" ADD COLUMN "leader_id" INTEGER;
ALTER TABLE "studios" ADD COLUMN "cover_file_id" TEXT;
CREATE INDEX "studios_leader_id_idx" ON "studios"("leader_id");
ALTER TABLE "studios" ADD CONSTRAINT "studios_leader_id_fkey" FOREIGN KEY ("leader_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

CREATE TABLE "studio_members" (
    "id" SERIAL NOT NULL,
    "studio_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "joined_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "studio_members_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "studio_members_studio_id_user_id_key" ON "studio_members"("studio_id", "user_id");
CREATE INDEX "studio_members_user_id_idx" ON "studio_members"("user_id");
ALTER TABLE "studio_members" ADD CONSTRAINT "studio_members_studio_id_fkey" FOREIGN KEY ("studio_id") REFERENCES "studios"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "studio_members" ADD CONSTRAINT "studio_members_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "studio_announcements" (
    "id" SERIAL NOT NULL,
    "studio_id" INTEGER NOT NULL,
    "author_id" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "studio_announcements_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "studio_announcements_studio_id_created_at_idx" ON "studio_announcements"("studio_id", "created_at");
ALTER TABLE "studio_announcements" ADD CONSTRAINT "studio_announcements_studio_id_fkey" FOREIGN KEY ("studio_id") REFERENCES "studios"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "studio_announcements" ADD CONSTRAINT "studio_announcements_author_id_fkey" FOREIGN KEY ("author_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "studio_resources" (
    "id" SERIAL NOT NULL,
    "studio_id" INTEGER NOT NULL,
    "resource_id" INTEGER NOT NULL,
    "shared_by_id" INTEGER NOT NULL,
    "shared_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "studio_resources_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "studio_resources_studio_id_resource_id_key" ON "studio_resources"("studio_id", "resource_id");
CREATE INDEX "studio_resources_studio_id_shared_at_idx" ON "studio_resources"("studio_id", "shared_at");
CREATE INDEX "studio_resources_resource_id_idx" ON "studio_resources"("resource_id");
CREATE INDEX "studio_resources_shared_by_id_idx" ON "studio_resources"("shared_by_id");
ALTER TABLE "studio_resources" ADD CONSTRAINT "studio_resources_studio_id_fkey" FOREIGN KEY ("studio_id") REFERENCES "studios"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "studio_resources" ADD CONSTRAINT "studio_resources_resource_id_fkey" FOREIGN KEY ("resource_id") REFERENCES "resources"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "studio_resources" ADD CONSTRAINT "studio_resources_shared_by_id_fkey" FOREIGN KEY ("shared_by_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
