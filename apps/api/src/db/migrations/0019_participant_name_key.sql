-- Name order by a key without accents or case (db/schema/participants.ts NAME_KEY): the C collation
-- put 'Émilie' after 'Wanjiku'. The event's name index is rebuilt on the key, still carrying the
-- search text (INCLUDE, as 0016) for the broad search's walk in name order.
DROP INDEX "participants_event_name_idx";--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "name_key" text GENERATED ALWAYS AS (lower(translate("full_name", 'ÀÁÂÃÄÅĀĂĄàáâãäåāăąÇĆĈĊČçćĉċčĎĐďđÈÉÊËĒĔĖĘĚèéêëēĕėęěĜĞĠĢĝğġģĤĦĥħÌÍÎÏĨĪĬĮİìíîïĩīĭįıĴĵĶķĹĻĽĿŁĺļľŀłÑŃŅŇñńņňÒÓÔÕÖØŌŎŐòóôõöøōŏőŔŖŘŕŗřŚŜŞŠśŝşšŢŤŦţťŧÙÚÛÜŨŪŬŮŰŲùúûüũūŭůűųŴŵÝŸŶýÿŷŹŻŽźżž', 'AAAAAAAAAaaaaaaaaaCCCCCcccccDDddEEEEEEEEEeeeeeeeeeGGGGggggHHhhIIIIIIIIIiiiiiiiiiJjKkLLLLLlllllNNNNnnnnOOOOOOOOOoooooooooRRRrrrSSSSssssTTTtttUUUUUUUUUUuuuuuuuuuuWwYYYyyyZZZzzz'))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "participants_event_name_idx" ON "participants" USING btree ("event_id","name_key","id") INCLUDE ("search_text");