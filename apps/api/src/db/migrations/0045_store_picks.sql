-- Each store's picks (issue 24 §1): items the merchant pins for the home page, with a snapshot taken when pinned
-- (title, picture, CNY price range and China freight in fen), one per store, platform and item; removed with the store. And the
-- catalogue's API that resolves short links and 淘口令 (onebound item_password) for Taobao and 1688, enabled like
-- the other seeded APIs: the sandbox serves it, a vendor that does not answers a failure that is refunded, and the
-- operator can switch it off in Core data. An operator who added it already keeps theirs.
CREATE TABLE "store_picks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "store_picks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"shop_ref" integer NOT NULL,
	"platform" text NOT NULL,
	"item_id" text NOT NULL,
	"title" text NOT NULL,
	"image" text NOT NULL,
	"price_min" integer NOT NULL,
	"price_max" integer NOT NULL,
	"china_freight" integer,
	"sort" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "store_picks" ADD CONSTRAINT "store_picks_shop_ref_shops_id_fk" FOREIGN KEY ("shop_ref") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "store_picks_shop_item_unique" ON "store_picks" USING btree ("shop_ref","platform","item_id");--> statement-breakpoint
CREATE INDEX "store_picks_shop_sort_idx" ON "store_picks" USING btree ("shop_ref","sort");--> statement-breakpoint
INSERT INTO "open_apis" ("platform", "code", "name", "description", "cost", "sort") VALUES
  ('taobao', 'item_password', '淘口令解析', '将淘宝 / 天猫的短链接或淘口令解析为商品 ID', 1, 9),
  ('1688', 'item_password', '分享口令解析', '将 1688 的分享短链接解析为商品 ID', 1, 10)
ON CONFLICT ("platform", "code") DO NOTHING;
