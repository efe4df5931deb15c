ALTER TABLE "session_families" ADD COLUMN "stepped_up_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "legal_hold_at" timestamp with time zone;--> statement-breakpoint
-- Hand-written backfill (before the index it makes possible): concurrent signatures could leave
-- several declarations of one user current; all but the newest become superseded at its signing time.
UPDATE "paye_authorisations" AS older SET "superseded_at" = newer."signed_at"
FROM "paye_authorisations" AS newer
WHERE older."user_id" = newer."user_id" AND older."superseded_at" IS NULL AND newer."superseded_at" IS NULL
  AND (older."signed_at", older."id") < (newer."signed_at", newer."id");--> statement-breakpoint
CREATE UNIQUE INDEX "paye_authorisations_current_idx" ON "paye_authorisations" USING btree ("user_id") WHERE "paye_authorisations"."superseded_at" is null;