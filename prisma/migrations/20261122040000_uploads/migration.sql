-- Uploads: resumable chunked uploads (state here, bytes in object storage) and derived files (preview PDFs,
-- thumbnails), which double as the background converter's queue.

-- CreateTable
CREATE TABLE "chunked_uploads" (
    "id" TEXT NOT NULL,
    "owner_id" INTEGER NOT NULL,
    "file_name" TEXT NOT NULL,
    "file_size" BIGINT NOT NULL,
    "extension" TEXT NOT NULL,
    "service_type" TEXT NOT NULL,
    "received" BIGINT NOT NULL DEFAULT 0,
    "status" TEXT NOT NULL DEFAULT 'uploading',
    "driver" TEXT NOT NULL,
    "assembly" JSONB NOT NULL DEFAULT '{}',
    "stored_file_id" TEXT,
    "fail_reason" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "chunked_uploads_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "file_derivatives" (
    "id" TEXT NOT NULL,
    "file_id" TEXT NOT NULL,
    "variant" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "storage_key" TEXT,
    "mime_type" TEXT,
    "size" BIGINT,
    "source" TEXT,
    "error" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "locked_until" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "file_derivatives_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "chunked_uploads_stored_file_id_key" ON "chunked_uploads"("stored_file_id");

-- CreateIndex
CREATE INDEX "chunked_uploads_owner_id_status_idx" ON "chunked_uploads"("owner_id", "status");

-- CreateIndex
CREATE INDEX "chunked_uploads_status_expires_at_idx" ON "chunked_uploads"("status", "expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "file_derivatives_storage_key_key" ON "file_derivatives"("storage_key");

-- CreateIndex
CREATE UNIQUE INDEX "file_derivatives_file_id_variant_key" ON "file_derivatives"("file_id", "variant");

-- CreateIndex
CREATE INDEX "file_derivatives_status_created_at_idx" ON "file_derivatives"("status", "created_at");

-- AddForeignKey
ALTER TABLE "chunked_uploads" ADD CONSTRAINT "chunked_uploads_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "chunked_uploads" ADD CONSTRAINT "chunked_uploads_stored_file_id_fkey" FOREIGN KEY ("stored_file_id") REFERENCES "stored_files"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "file_derivatives" ADD CONSTRAINT "file_derivatives_file_id_fkey" FOREIGN KEY ("file_id") REFERENCES "stored_files"("id") ON DELETE CASCADE ON UPDATE CASCADE;
