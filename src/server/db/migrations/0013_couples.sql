ALTER TABLE "users" ADD COLUMN "spouse_annual_income_cents" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "assessment_basis" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_assessment_basis" CHECK ("users"."assessment_basis" in ('joint', 'separate', 'separate-treatment'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_spouse_income_not_negative" CHECK ("users"."spouse_annual_income_cents" >= 0);