-- The search box's text, lower-cased and stored: a search checks each candidate row with a plain
-- LIKE instead of lower-casing and joining four columns again (ILIKE), about 3 times cheaper per row.
-- The trigram index keeps its name and moves to the stored column.
DROP INDEX "participants_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("full_name" || E'\x1f' || "email" || E'\x1f' || "phone" || E'\x1f' || "organization")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "participants_search_trgm_idx" ON "participants" USING gin ("search_text" gin_trgm_ops);