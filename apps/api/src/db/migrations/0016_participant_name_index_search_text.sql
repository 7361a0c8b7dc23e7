-- The event's name index carries the search text (INCLUDE, which the schema's index builder cannot
-- say): a broad search in name order walks the index for its page and tests each entry's text
-- without reading the table row (services/participants/list-participants.ts walkNameOrder).
DROP INDEX "participants_event_name_idx";--> statement-breakpoint
CREATE INDEX "participants_event_name_idx" ON "participants" USING btree ("event_id","full_name","id") INCLUDE ("search_text");
