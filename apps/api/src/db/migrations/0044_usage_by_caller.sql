-- Who made the calls in the daily roll-up (issue 24 §3: the merchant's statistics show the store's own site
-- apart from its API key): api_usage_daily gets the caller (`source`, as the log has had since 0041) in its
-- key; api_usage_add (functions/15_api_usage_add.sql) groups by it. Rows already rolled up, storefront calls
-- of the days since 0041 among them, stay under api_key (their log rows keep their caller).
DROP INDEX "api_usage_daily_key";--> statement-breakpoint
ALTER TABLE "api_usage_daily" ADD COLUMN "source" text DEFAULT 'api_key' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "api_usage_daily_key" ON "api_usage_daily" USING btree ("day","merchant_id","shop_ref","platform","api_code","status","source");