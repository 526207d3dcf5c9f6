-- A create-and-pay store whose first bill was cancelled or expired is abandoned ('cancelled'): it keeps
-- its row for the merchant's history, and lets its store ID go (the unique index skips it).
UPDATE "shops" SET "status" = 'cancelled', "updated_at" = now()
  WHERE "status" = 'unpaid' AND NOT EXISTS (SELECT 1 FROM "bills" WHERE "bills"."shop_ref" = "shops"."id" AND "bills"."status" = 'unpaid');--> statement-breakpoint
DROP INDEX "shops_shop_id_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "shops_shop_id_unique" ON "shops" USING btree ("shop_id") WHERE "shops"."status" <> 'cancelled';
