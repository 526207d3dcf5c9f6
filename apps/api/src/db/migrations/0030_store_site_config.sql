ALTER TABLE "uploads" ADD COLUMN "uploaded_by_merchant_id" integer;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_uploaded_by_merchant_id_merchants_id_fk" FOREIGN KEY ("uploaded_by_merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Every store's basic config (issue 15) holds its defaults from now on: the site name is the store's
-- name, the copyright names it, the other fields start empty. What a store already holds is kept.
UPDATE "shops" SET "site_config" = jsonb_build_object(
	'site_name', "shop_name",
	'keywords', '',
	'description', '',
	'logo', '',
	'ico', '',
	'record_number', '',
	'copyright', '© ' || extract(year from "created_at")::int || ' ' || "shop_name",
	'service_phone', ''
) || coalesce("site_config", '{}'::jsonb);
