-- Issue 30: each regional keeps the UFs whose requests it reviews, and a request's regional must serve
-- its UF. The spec gives no map; the seven seeded regionals get the one in
-- packages/domain/src/catalogs/regionals.ts (docs/decisions.md), each UF in exactly one. A regional added
-- on /regional starts with none (it serves no request until the administrator gives it UFs).
ALTER TABLE "regionais" ADD COLUMN "ufs" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
UPDATE "regionais" r SET "ufs" = m."ufs"
FROM (VALUES
  ('TCO', ARRAY['AC', 'DF', 'GO', 'MS', 'MT', 'RO', 'TO']),
  ('TNO', ARRAY['AM', 'AP', 'MA', 'PA', 'RR']),
  ('TLE', ARRAY['BA', 'MG', 'SE']),
  ('TNE', ARRAY['AL', 'CE', 'PB', 'PE', 'PI', 'RN']),
  ('TRJ', ARRAY['ES', 'RJ']),
  ('TSL', ARRAY['PR', 'RS', 'SC']),
  ('TSP', ARRAY['SP'])
) AS m("regional", "ufs")
WHERE r."regional" = m."regional";
