DROP INDEX "bills_paid_at_idx";--> statement-breakpoint
CREATE INDEX "bills_bill_no_trgm_idx" ON "bills" USING gin ("bill_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "bills_shop_name_trgm_idx" ON "bills" USING gin ("shop_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "bills_product_name_trgm_idx" ON "bills" USING gin ("product_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "shops_shop_name_trgm_idx" ON "shops" USING gin ("shop_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "shops_shop_id_trgm_idx" ON "shops" USING gin ("shop_id" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "bills_paid_at_idx" ON "bills" USING btree ("paid_at","amount") WHERE "bills"."status" = 'paid';