-- Under row-level security (ADR 014) PostgreSQL applies a query's own condition on a tenant table
-- only after the company policy, unless the condition's function is LEAKPROOF: so `search_text
-- LIKE '%son%'` could not use its trigram index, and every search read every row of the table
-- (40,000 residents: 7.6 → 25 ms of PostgreSQL per residents page). LIKE and ILIKE on text say
-- nothing about a row but whether it matches, and every query is the app's own (row-level security
-- is the floor under its hand-written company conditions, not a wall against SQL a tenant writes),
-- so they are declared LEAKPROOF. Only a superuser may: on a database where the migrating user is
-- not one, searches stay correct and read the whole table until an administrator runs these two lines.
DO $$
BEGIN
  IF (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    ALTER FUNCTION pg_catalog.textlike(text, text) LEAKPROOF;
    ALTER FUNCTION pg_catalog.texticlike(text, text) LEAKPROOF;
  END IF;
END $$;
