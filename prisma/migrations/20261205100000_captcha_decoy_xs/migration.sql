-- Where the piece would sit on each decoy hole: a drop there uses the puzzle up.
ALTER TABLE "captcha_challenges" ADD COLUMN "decoy_xs" INTEGER[] NOT NULL DEFAULT ARRAY[]::INTEGER[];
