-- The functions of 0008 kept a plan per connection for the session check and GET /profile.
-- Those queries are now named prepared statements on both drivers (services/sessions.ts,
-- db/pgliteStatements.ts), whose plans are kept the same way; written inline they are also
-- faster on the embedded database, and nothing calls the functions any more.
DROP FUNCTION IF EXISTS "session_user_of"(uuid, uuid, timestamptz);
--> statement-breakpoint
DROP FUNCTION IF EXISTS "contributed_cents_of"(uuid, integer);
--> statement-breakpoint
DROP FUNCTION IF EXISTS "form11_claims_of"(uuid);
