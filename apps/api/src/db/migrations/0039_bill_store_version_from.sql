ALTER TABLE "bills" ADD COLUMN "store_version_from" integer;--> statement-breakpoint
-- Store bills still waiting for payment were made from the store's version now (the best record there is).
UPDATE "bills" SET "store_version_from" = "shops"."version_id" FROM "shops" WHERE "bills"."shop_ref" = "shops"."id" AND "bills"."status" = 'unpaid' AND "bills"."type" IN ('new_store', 'renewal');
