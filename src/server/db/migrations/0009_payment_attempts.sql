CREATE TABLE "sandbox_payments" (
	"reference" text PRIMARY KEY NOT NULL,
	"amount_cents" bigint NOT NULL,
	"outcome" text NOT NULL,
	"provider_reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contributions" ADD COLUMN "locked_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "contributions_pending_idx" ON "contributions" USING btree ("locked_at") WHERE "contributions"."status" = 'pending';