DROP INDEX "participants_full_name_trgm_idx";--> statement-breakpoint
DROP INDEX "participants_email_trgm_idx";--> statement-breakpoint
DROP INDEX "participants_phone_trgm_idx";--> statement-breakpoint
DROP INDEX "participants_organization_trgm_idx";--> statement-breakpoint
CREATE INDEX "participants_search_trgm_idx" ON "participants" USING gin (("full_name" || E'\x1f' || "email" || E'\x1f' || "phone" || E'\x1f' || "organization") gin_trgm_ops);