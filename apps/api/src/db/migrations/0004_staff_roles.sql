CREATE TABLE "staff_event_access" (
	"staff_user_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_event_access_staff_user_id_event_id_pk" PRIMARY KEY("staff_user_id","event_id")
);
--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "role" text DEFAULT 'admin' NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_event_access" ADD CONSTRAINT "staff_event_access_staff_user_id_staff_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."staff_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_event_access" ADD CONSTRAINT "staff_event_access_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_users" ADD CONSTRAINT "staff_users_role_ck" CHECK ("staff_users"."role" in ('admin', 'scanner'));