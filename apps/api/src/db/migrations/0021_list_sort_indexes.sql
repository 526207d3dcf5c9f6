CREATE INDEX "bills_amount_id_idx" ON "bills" USING btree ("amount","id");--> statement-breakpoint
CREATE INDEX "shops_expires_id_idx" ON "shops" USING btree ("expires_at","id");--> statement-breakpoint
CREATE INDEX "shops_revenue_id_idx" ON "shops" USING btree ("total_revenue","id");