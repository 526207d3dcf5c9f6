CREATE TABLE "bills" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bills_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"bill_no" text NOT NULL,
	"merchant_id" integer NOT NULL,
	"shop_ref" integer,
	"shop_name" text NOT NULL,
	"type" text NOT NULL,
	"product_name" text NOT NULL,
	"version_id" integer,
	"package_name" text DEFAULT '' NOT NULL,
	"term_type" text,
	"term" integer,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'unpaid' NOT NULL,
	"pay_method" text,
	"channel" text DEFAULT 'online' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"provider" text,
	"trade_no" text,
	"remark" text DEFAULT '' NOT NULL,
	"created_by_admin_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_notifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"provider" text NOT NULL,
	"bill_no" text NOT NULL,
	"outcome" text NOT NULL,
	"amount" integer,
	"currency" text,
	"trade_no" text,
	"result" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shops" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shops_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"shop_id" text NOT NULL,
	"merchant_id" integer NOT NULL,
	"shop_name" text NOT NULL,
	"contact_email" text NOT NULL,
	"version_id" integer NOT NULL,
	"status" text NOT NULL,
	"is_trial" boolean DEFAULT false NOT NULL,
	"trial_started_at" timestamp with time zone,
	"is_disabled_by_operator" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone,
	"domain" text,
	"site_config" jsonb,
	"order_count" integer DEFAULT 0 NOT NULL,
	"shipment_count" integer DEFAULT 0 NOT NULL,
	"total_revenue" bigint DEFAULT 0 NOT NULL,
	"member_count" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'CNY' NOT NULL,
	"initializing_since" timestamp with time zone,
	"ready_at" timestamp with time zone,
	"operator_remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_tickets" (
	"id" text PRIMARY KEY NOT NULL,
	"shop_ref" integer NOT NULL,
	"role" text NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"redeemed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_versions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "store_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"trial_days" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'CNY' NOT NULL,
	"prices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'enabled' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_shop_ref_shops_id_fk" FOREIGN KEY ("shop_ref") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_version_id_store_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."store_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_created_by_admin_id_admins_id_fk" FOREIGN KEY ("created_by_admin_id") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_version_id_store_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."store_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_tickets" ADD CONSTRAINT "store_tickets_shop_ref_shops_id_fk" FOREIGN KEY ("shop_ref") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bills_bill_no_unique" ON "bills" USING btree ("bill_no");--> statement-breakpoint
CREATE UNIQUE INDEX "bills_one_unpaid_store_bill" ON "bills" USING btree ("shop_ref") WHERE "bills"."status" = 'unpaid' and "bills"."type" in ('new_store', 'renewal');--> statement-breakpoint
CREATE INDEX "bills_merchant_created_idx" ON "bills" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE INDEX "bills_created_idx" ON "bills" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "bills_status_created_idx" ON "bills" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "bills_unpaid_expires_idx" ON "bills" USING btree ("expires_at") WHERE "bills"."status" = 'unpaid';--> statement-breakpoint
CREATE INDEX "bills_paid_at_idx" ON "bills" USING btree ("paid_at") WHERE "bills"."status" = 'paid';--> statement-breakpoint
CREATE INDEX "bills_shop_idx" ON "bills" USING btree ("shop_ref","created_at");--> statement-breakpoint
CREATE INDEX "payment_notifications_bill_idx" ON "payment_notifications" USING btree ("bill_no","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shops_shop_id_unique" ON "shops" USING btree ("shop_id");--> statement-breakpoint
CREATE INDEX "shops_merchant_idx" ON "shops" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE INDEX "shops_status_created_idx" ON "shops" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "shops_created_idx" ON "shops" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "shops_status_expires_idx" ON "shops" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "shops_version_idx" ON "shops" USING btree ("version_id");