-- The contractor directory is the one list of contractors (issue 31): members who offer trades in
-- the skills network, and contractors who applied with trades, get a listing waiting for
-- verification, as the skills profile and signing make one from now on.
INSERT INTO "contractors" ("member_id", "business_name", "phone", "email", "trades", "status", "created_at", "updated_at")
SELECT "m"."id", "m"."first_name" || ' ' || "m"."last_name", "m"."phone", "m"."email", "m"."specialty_skills", 'applied', now(), now()
FROM "members" "m"
WHERE cardinality("m"."specialty_skills") > 0
  AND ("m"."skills_listed" OR "m"."property_management_status" = 'Contractor')
  AND "m"."deleted_at" IS NULL
  AND NOT "m"."is_sample"
ON CONFLICT ("member_id") DO NOTHING;
