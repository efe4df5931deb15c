CREATE TABLE "paye_authorisations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"first_name" text NOT NULL,
	"surname" text NOT NULL,
	"ppsn_encrypted" text NOT NULL,
	"date_of_birth" date NOT NULL,
	"email" text NOT NULL,
	"document_holder" text NOT NULL,
	"signature_encrypted" text NOT NULL,
	"tax_agency_name" text NOT NULL,
	"tain" text NOT NULL,
	"agent_address" text NOT NULL,
	"agent_signatory" text NOT NULL,
	"client_authorized_at" timestamp with time zone,
	"signed_at" timestamp with time zone NOT NULL,
	"lapses_at" timestamp with time zone NOT NULL,
	"retain_until" timestamp with time zone NOT NULL,
	"superseded_at" timestamp with time zone,
	"client_address" text
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "paye_a1_lapses_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "paye_authorisations" ADD CONSTRAINT "paye_authorisations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "paye_authorisations_user_idx" ON "paye_authorisations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "paye_authorisations_retain_idx" ON "paye_authorisations" USING btree ("retain_until");