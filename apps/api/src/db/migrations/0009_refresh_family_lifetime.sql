-- A refresh-token family (one sign-in) gets an absolute end, and remembers the login link that opened
-- it. Sign-ins made before this migration end 30 days after their last token was issued.
ALTER TABLE "refresh_tokens" ADD COLUMN "family_expires_at" timestamp with time zone;--> statement-breakpoint
UPDATE "refresh_tokens" SET "family_expires_at" = "created_at" + interval '30 days';--> statement-breakpoint
ALTER TABLE "refresh_tokens" ALTER COLUMN "family_expires_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "login_link_id" integer;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_login_link_id_login_links_id_fk" FOREIGN KEY ("login_link_id") REFERENCES "public"."login_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refresh_tokens_login_link_idx" ON "refresh_tokens" USING btree ("login_link_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_revoked_idx" ON "refresh_tokens" USING btree ("revoked_at") WHERE "refresh_tokens"."revoked_at" is not null;
