-- Self-service registration and password recovery: applicants waiting for (or refused by) their school
-- administrator, text-message codes for people without an account yet, and the allow-list of the roster policy.

ALTER TYPE "UserStatus" ADD VALUE 'PENDING';
ALTER TYPE "UserStatus" ADD VALUE 'REJECTED';

-- Registration codes are sent before any account exists.
ALTER TABLE "sms_codes" ALTER COLUMN "user_id" DROP NOT NULL;
CREATE INDEX "sms_codes_phone_purpose_created_at_idx" ON "sms_codes"("phone", "purpose", "created_at");

CREATE TABLE "registration_allowlist" (
    "id" SERIAL NOT NULL,
    "real_name" TEXT NOT NULL,
    "phone" TEXT,
    "id_card" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "registration_allowlist_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "registration_allowlist_phone_key" ON "registration_allowlist"("phone");
CREATE UNIQUE INDEX "registration_allowlist_id_card_key" ON "registration_allowlist"("id_card");
