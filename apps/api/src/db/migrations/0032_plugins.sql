CREATE TABLE "plugin_types" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "plugin_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plugin_versions" (
	"plugin_id" integer NOT NULL,
	"version_id" integer NOT NULL,
	CONSTRAINT "plugin_versions_plugin_id_version_id_pk" PRIMARY KEY("plugin_id","version_id")
);
--> statement-breakpoint
CREATE TABLE "plugins" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "plugins_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"type_id" integer NOT NULL,
	"price" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'CNY' NOT NULL,
	"trial_days" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'listed' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"screenshots" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"video_url" text DEFAULT '' NOT NULL,
	"version" text DEFAULT '1.0.0' NOT NULL,
	"changelog" text DEFAULT '' NOT NULL,
	"changelog_en" text DEFAULT '' NOT NULL,
	"install_count" integer DEFAULT 0 NOT NULL,
	"created_by_admin_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plugins_install_count_not_negative" CHECK ("plugins"."install_count" >= 0),
	CONSTRAINT "plugins_price_not_negative" CHECK ("plugins"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "shop_plugins" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shop_plugins_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"shop_ref" integer NOT NULL,
	"merchant_id" integer NOT NULL,
	"plugin_id" integer NOT NULL,
	"status" text DEFAULT 'enabled' NOT NULL,
	"source" text NOT NULL,
	"trial_started_at" timestamp with time zone,
	"trial_ends_at" timestamp with time zone,
	"bill_ref" integer,
	"installed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "plugin_id" integer;--> statement-breakpoint
ALTER TABLE "plugin_versions" ADD CONSTRAINT "plugin_versions_plugin_id_plugins_id_fk" FOREIGN KEY ("plugin_id") REFERENCES "public"."plugins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plugin_versions" ADD CONSTRAINT "plugin_versions_version_id_store_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."store_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plugins" ADD CONSTRAINT "plugins_type_id_plugin_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."plugin_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plugins" ADD CONSTRAINT "plugins_created_by_admin_id_admins_id_fk" FOREIGN KEY ("created_by_admin_id") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_plugins" ADD CONSTRAINT "shop_plugins_shop_ref_shops_id_fk" FOREIGN KEY ("shop_ref") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_plugins" ADD CONSTRAINT "shop_plugins_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_plugins" ADD CONSTRAINT "shop_plugins_plugin_id_plugins_id_fk" FOREIGN KEY ("plugin_id") REFERENCES "public"."plugins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_plugins" ADD CONSTRAINT "shop_plugins_bill_ref_bills_id_fk" FOREIGN KEY ("bill_ref") REFERENCES "public"."bills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plugin_versions_version_idx" ON "plugin_versions" USING btree ("version_id");--> statement-breakpoint
CREATE UNIQUE INDEX "plugins_code_unique" ON "plugins" USING btree ("code");--> statement-breakpoint
CREATE INDEX "plugins_status_updated_idx" ON "plugins" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "plugins_type_idx" ON "plugins" USING btree ("type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_plugins_shop_plugin_unique" ON "shop_plugins" USING btree ("shop_ref","plugin_id");--> statement-breakpoint
CREATE INDEX "shop_plugins_plugin_installed_idx" ON "shop_plugins" USING btree ("plugin_id","installed_at");--> statement-breakpoint
CREATE INDEX "shop_plugins_merchant_idx" ON "shop_plugins" USING btree ("merchant_id");--> statement-breakpoint
CREATE INDEX "shop_plugins_trial_ends_idx" ON "shop_plugins" USING btree ("trial_ends_at") WHERE "shop_plugins"."source" = 'trial' and "shop_plugins"."status" = 'enabled';--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_plugin_id_plugins_id_fk" FOREIGN KEY ("plugin_id") REFERENCES "public"."plugins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bills_one_unpaid_plugin_bill" ON "bills" USING btree ("shop_ref","plugin_id") WHERE "bills"."status" = 'unpaid' and "bills"."type" = 'plugin';--> statement-breakpoint
-- The plugin types a new platform starts with (the operator manages the list).
INSERT INTO "plugin_types" ("name", "name_en", "sort") VALUES
	('客服沟通', 'Customer service', 10),
	('营销推广', 'Marketing', 20),
	('商品工具', 'Product tools', 30),
	('物流配送', 'Shipping', 40),
	('国际化', 'Localisation', 50);
