CREATE TABLE "api_usage_daily_api" (
	"day" date NOT NULL,
	"merchant_id" integer NOT NULL,
	"platform" text NOT NULL,
	"api_code" text NOT NULL,
	"calls" bigint DEFAULT 0 NOT NULL,
	"success" bigint DEFAULT 0 NOT NULL,
	"failed_upstream" bigint DEFAULT 0 NOT NULL,
	"quota_exhausted" bigint DEFAULT 0 NOT NULL,
	"rejected" bigint DEFAULT 0 NOT NULL,
	"units" bigint DEFAULT 0 NOT NULL,
	"total_response_ms" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_usage_daily_shop" (
	"day" date NOT NULL,
	"merchant_id" integer NOT NULL,
	"shop_ref" integer NOT NULL,
	"platform" text NOT NULL,
	"calls" bigint DEFAULT 0 NOT NULL,
	"success" bigint DEFAULT 0 NOT NULL,
	"failed_upstream" bigint DEFAULT 0 NOT NULL,
	"quota_exhausted" bigint DEFAULT 0 NOT NULL,
	"rejected" bigint DEFAULT 0 NOT NULL,
	"units" bigint DEFAULT 0 NOT NULL,
	"total_response_ms" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usage_fold_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"folded_through" date NOT NULL,
	"folded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "usage_fold_state_single_row" CHECK ("usage_fold_state"."id" = 1)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "api_usage_daily_api_key" ON "api_usage_daily_api" USING btree ("day","merchant_id","platform","api_code");--> statement-breakpoint
CREATE INDEX "api_usage_daily_api_merchant_day_idx" ON "api_usage_daily_api" USING btree ("merchant_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "api_usage_daily_shop_key" ON "api_usage_daily_shop" USING btree ("day","merchant_id","shop_ref","platform");--> statement-breakpoint
CREATE INDEX "api_usage_daily_shop_merchant_day_idx" ON "api_usage_daily_shop" USING btree ("merchant_id","day");