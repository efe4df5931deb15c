CREATE TABLE "server_instances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"jwt_fingerprint" text NOT NULL,
	"key_fingerprints" jsonb NOT NULL,
	"current_key_id" text NOT NULL
);
