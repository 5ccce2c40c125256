-- The client address that asked for each code: one address may ask for only so many texts an hour, whichever
-- phones they go to (each phone has its own limits too).
ALTER TABLE "sms_codes" ADD COLUMN "requested_from" TEXT;

CREATE INDEX "sms_codes_requested_from_created_at_idx" ON "sms_codes"("requested_from", "created_at");
