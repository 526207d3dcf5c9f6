-- The compact roll-ups change shape: emptied, with the fold state, so the usage-fold job folds every day again on its next run.
TRUNCATE "api_usage_daily_shop", "api_usage_daily_api", "usage_fold_state";--> statement-breakpoint
CREATE TABLE "api_usage_daily_total" (
	"day" date NOT NULL,
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
DROP INDEX "api_usage_daily_shop_key";--> statement-breakpoint
ALTER TABLE "api_usage_daily_shop" ADD COLUMN "calls_1688" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "api_usage_daily_shop" ADD COLUMN "success_1688" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "api_usage_daily_shop" ADD COLUMN "failed_upstream_1688" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "api_usage_daily_shop" ADD COLUMN "quota_exhausted_1688" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "api_usage_daily_shop" ADD COLUMN "rejected_1688" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "api_usage_daily_shop" ADD COLUMN "units_1688" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "api_usage_daily_shop" ADD COLUMN "total_response_ms_1688" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "api_usage_daily_shop" ADD COLUMN "calls_taobao" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "api_usage_daily_shop" ADD COLUMN "success_taobao" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "api_usage_daily_shop" ADD COLUMN "failed_upstream_taobao" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "api_usage_daily_shop" ADD COLUMN "quota_exhausted_taobao" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "api_usage_daily_shop" ADD COLUMN "rejected_taobao" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "api_usage_daily_shop" ADD COLUMN "units_taobao" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "api_usage_daily_shop" ADD COLUMN "total_response_ms_taobao" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "api_usage_daily_shop" ADD COLUMN "calls_micro_store" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "api_usage_daily_shop" ADD COLUMN "success_micro_store" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "api_usage_daily_shop" ADD COLUMN "failed_upstream_micro_store" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "api_usage_daily_shop" ADD COLUMN "quota_exhausted_micro_store" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "api_usage_daily_shop" ADD COLUMN "rejected_micro_store" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "api_usage_daily_shop" ADD COLUMN "units_micro_store" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "api_usage_daily_shop" ADD COLUMN "total_response_ms_micro_store" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "api_usage_daily_shop" ADD COLUMN "calls_jd" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "api_usage_daily_shop" ADD COLUMN "success_jd" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "api_usage_daily_shop" ADD COLUMN "failed_upstream_jd" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "api_usage_daily_shop" ADD COLUMN "quota_exhausted_jd" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "api_usage_daily_shop" ADD COLUMN "rejected_jd" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "api_usage_daily_shop" ADD COLUMN "units_jd" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "api_usage_daily_shop" ADD COLUMN "total_response_ms_jd" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "api_usage_daily_total_key" ON "api_usage_daily_total" USING btree ("day","platform","api_code");--> statement-breakpoint
CREATE INDEX "api_usage_daily_store_day_idx" ON "api_usage_daily" USING btree ("shop_ref","day");--> statement-breakpoint
CREATE UNIQUE INDEX "api_usage_daily_shop_key" ON "api_usage_daily_shop" USING btree ("day","merchant_id","shop_ref");--> statement-breakpoint
ALTER TABLE "api_usage_daily_shop" DROP COLUMN "platform";