ALTER TABLE "bills" ADD COLUMN "store_expires_before" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "store_expires_after" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "store_version_before" integer;