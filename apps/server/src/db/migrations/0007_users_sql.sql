-- Last sign-in of the people who signed in before users.last_sign_in_at existed: their latest
-- session that was not an impersonation (sessions purged after expiry are lost, hence "latest known").
UPDATE "users" AS u
SET "last_sign_in_at" = s.latest
FROM (
  SELECT "user_id", max("created_at") AS latest
  FROM "auth_sessions"
  WHERE "impersonated_by" IS NULL
  GROUP BY "user_id"
) AS s
WHERE u."auth_id" = s."user_id" AND u."last_sign_in_at" IS NULL;
