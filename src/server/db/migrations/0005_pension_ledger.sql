CREATE TABLE "contributions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"tax_year" integer NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"status" text NOT NULL,
	"provider_reference" text,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"mandate_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contributions_amount_positive" CHECK ("contributions"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "direct_debit_mandates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"reference" text NOT NULL,
	"iban_encrypted" text NOT NULL,
	"iban_masked" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"day_of_month" integer NOT NULL,
	"start_date" date NOT NULL,
	"accepted_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "direct_debit_mandates_reference_unique" UNIQUE("reference"),
	CONSTRAINT "direct_debit_amount_positive" CHECK ("direct_debit_mandates"."amount_cents" > 0),
	CONSTRAINT "direct_debit_day_of_month" CHECK ("direct_debit_mandates"."day_of_month" between 1 and 28)
);
--> statement-breakpoint
ALTER TABLE "contributions" ADD CONSTRAINT "contributions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_debit_mandates" ADD CONSTRAINT "direct_debit_mandates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contributions_user_key_idx" ON "contributions" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "contributions_user_year_idx" ON "contributions" USING btree ("user_id","tax_year");--> statement-breakpoint
CREATE UNIQUE INDEX "direct_debit_mandates_active_idx" ON "direct_debit_mandates" USING btree ("user_id") WHERE "direct_debit_mandates"."cancelled_at" is null;--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "pension_cents";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "taxback_cents";