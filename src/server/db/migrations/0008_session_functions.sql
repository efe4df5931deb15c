-- The session check of every authenticated request, and what GET /profile reads with it, as
-- PL/pgSQL functions: a function's query plans are made once per connection and reused, where a
-- plain query is planned on every call (on the embedded database, most of a short query's cost).
-- The services call them (services/sessions.ts); the rules are the same as a plain query's.
CREATE FUNCTION "session_user_of"(p_family uuid, p_user uuid, p_now timestamptz) RETURNS SETOF "users"
LANGUAGE plpgsql STABLE AS $$
BEGIN
  -- A session from before the last password set or reset is over, whatever else says.
  RETURN QUERY SELECT u.* FROM "session_families" s JOIN "users" u ON u."id" = s."user_id"
    WHERE s."id" = p_family AND s."user_id" = p_user AND s."credential_version" = u."credential_version"
      AND s."revoked_at" IS NULL AND s."absolute_expires_at" > p_now;
END $$;
--> statement-breakpoint
CREATE FUNCTION "contributed_cents_of"(p_user uuid, p_tax_year integer) RETURNS bigint
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT coalesce(sum("amount_cents"), 0) FROM "contributions"
    WHERE "user_id" = p_user AND "tax_year" = p_tax_year AND "status" = 'succeeded');
END $$;
--> statement-breakpoint
CREATE FUNCTION "form11_claims_of"(p_user uuid) RETURNS json
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT coalesce(json_agg(json_build_object(
      'id', "id", 'userId', "user_id", 'year', "year", 'snapshot', "snapshot",
      'categoryStatus', "category_status", 'categoryRefundCents', "category_refund_cents",
      'createdAt', "created_at", 'updatedAt', "updated_at") ORDER BY "year" DESC), '[]'::json)
    FROM "form11_entries" WHERE "user_id" = p_user);
END $$;
