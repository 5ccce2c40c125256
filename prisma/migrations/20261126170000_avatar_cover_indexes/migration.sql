-- The file access rules ask "is this file someone's avatar / a studio's cover?" whenever an earlier rule has not
-- granted a file (a paid resource's file, an unpublished one): without these indexes each such read scanned the users.
CREATE INDEX "users_avatar_file_id_idx" ON "users"("avatar_file_id");
CREATE INDEX "studios_cover_file_id_idx" ON "studios"("cover_file_id");
