-- The product-data cache (issue 24 §4): the vendor's last answer per data source, platform, API and
-- normalised parameters (product_cache), its daily hit / stale / miss counts (product_cache_daily), each
-- API's freshness and stale windows and units for a cached answer (open_apis; defaults: 30 min fresh,
-- search 10 min, stale for 7 days, a cached answer costs what a call does), and where a logged call's
-- answer came from (api_call_logs.cache_state: live, cached, stale). Constant defaults: no table rewrite.
CREATE TABLE "product_cache" (
	"key_hash" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"platform" text NOT NULL,
	"api_code" text NOT NULL,
	"item_id" text DEFAULT '' NOT NULL,
	"params" jsonb NOT NULL,
	"payload" jsonb NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_cache_daily" (
	"day" date NOT NULL,
	"platform" text NOT NULL,
	"api_code" text NOT NULL,
	"hits" bigint DEFAULT 0 NOT NULL,
	"stale" bigint DEFAULT 0 NOT NULL,
	"misses" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "product_cache_daily_day_platform_api_code_pk" PRIMARY KEY("day","platform","api_code")
);
--> statement-breakpoint
ALTER TABLE "api_call_logs" ADD COLUMN "cache_state" text DEFAULT 'live' NOT NULL;--> statement-breakpoint
ALTER TABLE "open_apis" ADD COLUMN "fresh_seconds" integer DEFAULT 1800 NOT NULL;--> statement-breakpoint
ALTER TABLE "open_apis" ADD COLUMN "stale_seconds" integer DEFAULT 604800 NOT NULL;--> statement-breakpoint
ALTER TABLE "open_apis" ADD COLUMN "cached_cost" integer;--> statement-breakpoint
CREATE INDEX "product_cache_item_idx" ON "product_cache" USING btree ("platform","item_id") WHERE "product_cache"."item_id" <> '';--> statement-breakpoint
CREATE INDEX "product_cache_fetched_idx" ON "product_cache" USING btree ("fetched_at");--> statement-breakpoint
UPDATE "open_apis" SET "fresh_seconds" = 600 WHERE "code" = 'item_search';
