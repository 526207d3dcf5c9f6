ALTER TABLE "api_call_logs" DROP CONSTRAINT "api_call_logs_merchant_id_merchants_id_fk";
--> statement-breakpoint
ALTER TABLE "api_call_logs" DROP CONSTRAINT "api_call_logs_shop_ref_shops_id_fk";
--> statement-breakpoint
ALTER TABLE "api_call_logs" DROP CONSTRAINT "api_call_logs_package_ref_traffic_packages_id_fk";
