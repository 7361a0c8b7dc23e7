-- The public verify page's cache (services/certificates/verify-certificate.ts, embedded database
-- only) is told of every change to what it answers from: any write to certificates, and an event's
-- public key changing or the event going. One notification per statement, not per row.
CREATE FUNCTION notify_certificate_change() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
	PERFORM pg_notify('certificate_change', '');
	RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER certificates_certificate_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON certificates
	FOR EACH STATEMENT EXECUTE FUNCTION notify_certificate_change();
--> statement-breakpoint
CREATE TRIGGER events_certificate_change AFTER UPDATE OF id, qr_public_key OR DELETE OR TRUNCATE ON events
	FOR EACH STATEMENT EXECUTE FUNCTION notify_certificate_change();
