CREATE TABLE "bank_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"consent_id" uuid NOT NULL,
	"provider_account_id" text NOT NULL,
	"display_name" text NOT NULL,
	"name" text NOT NULL,
	"currency" text NOT NULL,
	"iban_encrypted" text NOT NULL,
	"iban_masked" text NOT NULL,
	"iban_hash" text NOT NULL,
	"roundups" boolean NOT NULL,
	"funding" boolean DEFAULT false NOT NULL,
	"roundups_from" date NOT NULL,
	"linked_at" timestamp with time zone NOT NULL,
	"last_synced_at" timestamp with time zone,
	"next_sync_at" timestamp with time zone,
	"sync_retry_at" timestamp with time zone,
	"balance_cents" bigint,
	"balance_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "bank_consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_reference" text NOT NULL,
	"status" text NOT NULL,
	"renews_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"authorised_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"expiry_mailed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "bank_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"fingerprint" text NOT NULL,
	"provider_transaction_id" text,
	"status" text NOT NULL,
	"booking_date" date NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"amount_cents" bigint NOT NULL,
	"currency" text NOT NULL,
	"description" text NOT NULL,
	"code" text,
	"roundup_cents" integer NOT NULL,
	"roundup_reason" text,
	"batch_id" uuid,
	"declined_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_transactions_roundup_range" CHECK ("bank_transactions"."roundup_cents" between 0 and 99),
	CONSTRAINT "bank_transactions_pending_no_roundup" CHECK ("bank_transactions"."status" = 'booked' or "bank_transactions"."roundup_cents" = 0)
);
--> statement-breakpoint
CREATE TABLE "roundup_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"amount_cents" bigint DEFAULT 0 NOT NULL,
	"funding_account_id" uuid,
	"contribution_id" uuid,
	"locked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roundup_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"weekly_cap_cents" bigint,
	"balance_floor_cents" bigint,
	"paused_from" date,
	"paused_until" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_bank_consents" (
	"reference" text PRIMARY KEY NOT NULL,
	"customer" text NOT NULL,
	"consent_id" text NOT NULL,
	"status" text NOT NULL,
	"bank" text,
	"accounts" jsonb,
	"code_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"request_expires_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_consent_id_bank_consents_id_fk" FOREIGN KEY ("consent_id") REFERENCES "public"."bank_consents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_consents" ADD CONSTRAINT "bank_consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transactions" ADD CONSTRAINT "bank_transactions_account_id_bank_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transactions" ADD CONSTRAINT "bank_transactions_batch_id_roundup_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."roundup_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roundup_batches" ADD CONSTRAINT "roundup_batches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roundup_settings" ADD CONSTRAINT "roundup_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_accounts_user_iban_idx" ON "bank_accounts" USING btree ("user_id","iban_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_accounts_funding_idx" ON "bank_accounts" USING btree ("user_id") WHERE "bank_accounts"."funding";--> statement-breakpoint
CREATE INDEX "bank_accounts_next_sync_idx" ON "bank_accounts" USING btree ("next_sync_at");--> statement-breakpoint
CREATE INDEX "bank_consents_user_idx" ON "bank_consents" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_consents_provider_ref_idx" ON "bank_consents" USING btree ("provider","provider_reference");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_transactions_account_fingerprint_idx" ON "bank_transactions" USING btree ("account_id","fingerprint");--> statement-breakpoint
CREATE INDEX "bank_transactions_account_date_idx" ON "bank_transactions" USING btree ("account_id","booking_date");--> statement-breakpoint
CREATE INDEX "bank_transactions_pending_roundups_idx" ON "bank_transactions" USING btree ("user_id") WHERE "bank_transactions"."batch_id" is null and "bank_transactions"."declined_at" is null and "bank_transactions"."withdrawn_at" is null and "bank_transactions"."roundup_cents" > 0;--> statement-breakpoint
CREATE INDEX "bank_transactions_batch_idx" ON "bank_transactions" USING btree ("batch_id") WHERE "bank_transactions"."batch_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "roundup_batches_user_key_idx" ON "roundup_batches" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "roundup_batches_processing_idx" ON "roundup_batches" USING btree ("locked_at") WHERE "roundup_batches"."status" = 'processing';--> statement-breakpoint
CREATE INDEX "roundup_batches_user_created_idx" ON "roundup_batches" USING btree ("user_id","created_at");