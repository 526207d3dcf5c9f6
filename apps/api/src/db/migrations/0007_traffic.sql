CREATE TABLE "api_call_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"merchant_id" integer NOT NULL,
	"shop_ref" integer NOT NULL,
	"shop_name" text DEFAULT '' NOT NULL,
	"platform" text NOT NULL,
	"api_code" text NOT NULL,
	"api_name" text DEFAULT '' NOT NULL,
	"package_ref" integer,
	"package_name" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"charged_units" integer DEFAULT 0 NOT NULL,
	"response_ms" integer,
	"error" text DEFAULT '' NOT NULL,
	"request_params" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_usage_daily" (
	"day" date NOT NULL,
	"merchant_id" integer NOT NULL,
	"shop_ref" integer NOT NULL,
	"platform" text NOT NULL,
	"api_code" text NOT NULL,
	"status" text NOT NULL,
	"calls" bigint DEFAULT 0 NOT NULL,
	"units" bigint DEFAULT 0 NOT NULL,
	"total_response_ms" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_sources" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "data_sources_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"platform" text NOT NULL,
	"name" text NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "open_apis" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "open_apis_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"platform" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"cost" integer DEFAULT 1 NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_api_keys" (
	"shop_ref" integer PRIMARY KEY NOT NULL,
	"key_hash" text NOT NULL,
	"key_sealed" text NOT NULL,
	"key_last4" text NOT NULL,
	"rotated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "traffic_packages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "traffic_packages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"shop_ref" integer,
	"plan_id" integer NOT NULL,
	"bill_ref" integer,
	"name" text NOT NULL,
	"is_general" boolean NOT NULL,
	"units_total" integer NOT NULL,
	"units_used" integer DEFAULT 0 NOT NULL,
	"valid_days" integer NOT NULL,
	"paid_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "traffic_packages_units_in_range" CHECK ("traffic_packages"."units_used" >= 0 and "traffic_packages"."units_used" <= "traffic_packages"."units_total")
);
--> statement-breakpoint
CREATE TABLE "traffic_plans" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "traffic_plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"units" integer NOT NULL,
	"valid_days" integer NOT NULL,
	"is_general" boolean DEFAULT true NOT NULL,
	"price" integer NOT NULL,
	"original_price" integer NOT NULL,
	"currency" text DEFAULT 'CNY' NOT NULL,
	"api_usage" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'enabled' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_call_logs" ADD CONSTRAINT "api_call_logs_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_call_logs" ADD CONSTRAINT "api_call_logs_shop_ref_shops_id_fk" FOREIGN KEY ("shop_ref") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_call_logs" ADD CONSTRAINT "api_call_logs_package_ref_traffic_packages_id_fk" FOREIGN KEY ("package_ref") REFERENCES "public"."traffic_packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_api_keys" ADD CONSTRAINT "shop_api_keys_shop_ref_shops_id_fk" FOREIGN KEY ("shop_ref") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traffic_packages" ADD CONSTRAINT "traffic_packages_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traffic_packages" ADD CONSTRAINT "traffic_packages_shop_ref_shops_id_fk" FOREIGN KEY ("shop_ref") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traffic_packages" ADD CONSTRAINT "traffic_packages_plan_id_traffic_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."traffic_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traffic_packages" ADD CONSTRAINT "traffic_packages_bill_ref_bills_id_fk" FOREIGN KEY ("bill_ref") REFERENCES "public"."bills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_call_logs_merchant_created_idx" ON "api_call_logs" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE INDEX "api_call_logs_shop_created_idx" ON "api_call_logs" USING btree ("shop_ref","created_at");--> statement-breakpoint
CREATE INDEX "api_call_logs_created_idx" ON "api_call_logs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "api_call_logs_pending_idx" ON "api_call_logs" USING btree ("created_at") WHERE "api_call_logs"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "api_usage_daily_key" ON "api_usage_daily" USING btree ("day","merchant_id","shop_ref","platform","api_code","status");--> statement-breakpoint
CREATE INDEX "api_usage_daily_merchant_day_idx" ON "api_usage_daily" USING btree ("merchant_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "data_sources_platform_unique" ON "data_sources" USING btree ("platform");--> statement-breakpoint
CREATE UNIQUE INDEX "open_apis_platform_code_unique" ON "open_apis" USING btree ("platform","code");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_api_keys_hash_unique" ON "shop_api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "traffic_packages_merchant_idx" ON "traffic_packages" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE INDEX "traffic_packages_usable_idx" ON "traffic_packages" USING btree ("merchant_id","expires_at") WHERE "traffic_packages"."paid_at" is not null and "traffic_packages"."voided_at" is null and "traffic_packages"."units_used" < "traffic_packages"."units_total";--> statement-breakpoint
CREATE UNIQUE INDEX "traffic_packages_bill_unique" ON "traffic_packages" USING btree ("bill_ref");