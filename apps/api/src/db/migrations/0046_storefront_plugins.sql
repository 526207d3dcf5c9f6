-- The seeded plugins' storefront features (issue 24 §5): a store's shipping rate table (its own shipping data, one JSON
-- array of zones per store) and a store's settings of a plugin (customer service channels, buyer's guide), both removed
-- with the store.
CREATE TABLE "store_shipping" (
	"shop_ref" integer PRIMARY KEY NOT NULL,
	"zones" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_plugin_settings" (
	"shop_ref" integer NOT NULL,
	"plugin_code" text NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "shop_plugin_settings_shop_ref_plugin_code_pk" PRIMARY KEY("shop_ref","plugin_code")
);
--> statement-breakpoint
ALTER TABLE "store_shipping" ADD CONSTRAINT "store_shipping_shop_ref_shops_id_fk" FOREIGN KEY ("shop_ref") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_plugin_settings" ADD CONSTRAINT "shop_plugin_settings_shop_ref_shops_id_fk" FOREIGN KEY ("shop_ref") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;