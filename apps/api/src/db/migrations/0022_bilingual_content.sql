ALTER TABLE "bills" ADD COLUMN "product_name_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "package_name_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_versions" ADD COLUMN "name_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_versions" ADD COLUMN "description_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_versions" ADD COLUMN "features_en" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "title_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "content_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "traffic_packages" ADD COLUMN "name_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "traffic_plans" ADD COLUMN "name_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "traffic_plans" ADD COLUMN "api_usage_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "bills_product_name_en_trgm_idx" ON "bills" USING gin ("product_name_en" gin_trgm_ops);--> statement-breakpoint
-- Data: what operators wrote before is the Chinese text (it stays in the columns it was in). The
-- seeded versions and plans get their English, where an operator has not changed them since.
UPDATE "store_versions" SET
  "name_en" = 'Starter',
  "description_en" = 'For agent stores starting out: one storefront, basic product import and order management.',
  "features_en" = '["Storefront and mobile site", "1688 / Taobao product import", "Order and shipping management", "Members (up to 1,000)", "Email support"]'::jsonb
WHERE "name" = 'Starter' AND "name_en" = '' AND "description" = '适合刚起步的代购店：一个店铺前台、基础商品采集与订单管理。'
  AND "features" = '["店铺前台与移动端", "1688 / 淘宝商品采集", "订单与物流管理", "会员管理（最多 1,000 人）", "邮件客服"]'::jsonb;
--> statement-breakpoint
UPDATE "store_versions" SET
  "name_en" = 'Professional',
  "description_en" = 'For growing agent stores: import from every platform, marketing plugins and your own domains.',
  "features_en" = '["Everything in Starter", "1688 / Taobao / JD / Weidian product import", "Custom domains (up to 3)", "Coupons and spend-and-save offers", "Multi-currency checkout", "Unlimited members"]'::jsonb
WHERE "name" = 'Professional' AND "name_en" = '' AND "description" = '成长型代购店：多平台采集、营销插件与自定义域名。'
  AND "features" = '["包含入门版全部功能", "1688 / 淘宝 / 京东 / 微店采集", "自定义域名（最多 3 个）", "优惠券与满减营销", "多币种结算", "会员不限量"]'::jsonb;
--> statement-breakpoint
UPDATE "store_versions" SET
  "name_en" = 'Enterprise',
  "description_en" = 'Cross-border agent shopping at scale: dedicated resources, open APIs and priority support.',
  "features_en" = '["Everything in Professional", "Open API and webhooks", "Custom domains (up to 10)", "Multiple warehouses and consolidated shipping", "Dedicated account manager", "99.9% uptime commitment"]'::jsonb
WHERE "name" = 'Enterprise' AND "name_en" = '' AND "description" = '规模化跨境代购：专属资源、开放接口与优先支持。'
  AND "features" = '["包含专业版全部功能", "开放 API 与 Webhook", "自定义域名（最多 10 个）", "多仓库与集运", "专属客户经理", "99.9% 可用性承诺"]'::jsonb;
--> statement-breakpoint
UPDATE "traffic_plans" AS p SET "name_en" = seed.name_en, "api_usage_en" = seed.api_usage_en
FROM (VALUES
  ('体验包', 'Trial pack', '商品详情每次 1 单位，关键词搜索每次 2 单位；1688、淘宝、微店、京东通用，账号下所有店铺可用。', 'Item details cost 1 unit a call, keyword search 2 units; works for 1688, Taobao, Weidian and JD, in every store of the account.'),
  ('标准包', 'Standard pack', '商品详情每次 1 单位，关键词搜索每次 2 单位；1688、淘宝、微店、京东通用，账号下所有店铺可用。', 'Item details cost 1 unit a call, keyword search 2 units; works for 1688, Taobao, Weidian and JD, in every store of the account.'),
  ('专业包', 'Pro pack', '商品详情每次 1 单位，关键词搜索每次 2 单位；1688、淘宝、微店、京东通用，账号下所有店铺可用。', 'Item details cost 1 unit a call, keyword search 2 units; works for 1688, Taobao, Weidian and JD, in every store of the account.'),
  ('店铺专享包', 'Store pack', '购买时选择店铺，仅该店铺可用；商品详情每次 1 单位，关键词搜索每次 2 单位。', 'Choose a store when buying; only that store can use it. Item details cost 1 unit a call, keyword search 2 units.')
) AS seed(name, name_en, api_usage, api_usage_en)
WHERE p."name" = seed.name AND p."api_usage" = seed.api_usage AND p."name_en" = '';
--> statement-breakpoint
-- Bought packages keep the plan's name as it was bought: English only where it still matches the plan.
UPDATE "traffic_packages" AS k SET "name_en" = p."name_en"
FROM "traffic_plans" AS p
WHERE k."plan_id" = p."id" AND k."name" = p."name" AND k."name_en" = '';
--> statement-breakpoint
-- Bills stored their product name in the language of whoever ordered them. Where it is still one of
-- the two names the server composed (the version or plan unrenamed since), keep both languages; any
-- other bill keeps its one name, shown in every language.
UPDATE "bills" AS b SET "product_name" = n.zh, "product_name_en" = n.en, "package_name_en" = n.package_en
FROM (
  SELECT x."id",
    (CASE x."type" WHEN 'new_store' THEN '新开店铺' ELSE '店铺续费' END) || ' · ' || v."name" || ' · ' ||
      (CASE x."term_type" WHEN 'month' THEN x."term" || '个月' ELSE x."term" || '年' END) AS zh,
    (CASE x."type" WHEN 'new_store' THEN 'New store' ELSE 'Store renewal' END) || ' · ' || coalesce(nullif(v."name_en", ''), v."name") || ' · ' ||
      x."term" || (CASE x."term_type" WHEN 'month' THEN ' month' ELSE ' year' END) || (CASE WHEN x."term" > 1 THEN 's' ELSE '' END) AS en,
    (CASE x."type" WHEN 'new_store' THEN 'New store' ELSE 'Store renewal' END) || ' · ' || v."name" || ' · ' ||
      x."term" || (CASE x."term_type" WHEN 'month' THEN ' month' ELSE ' year' END) || (CASE WHEN x."term" > 1 THEN 's' ELSE '' END) AS en_before,
    (CASE WHEN x."package_name" = v."name" THEN v."name_en" ELSE '' END) AS package_en
  FROM "bills" AS x JOIN "store_versions" AS v ON v."id" = x."version_id"
  WHERE x."type" IN ('new_store', 'renewal') AND x."term_type" IS NOT NULL AND x."term" IS NOT NULL AND x."product_name_en" = ''
) AS n
WHERE b."id" = n."id" AND b."product_name" IN (n.zh, n.en_before);
--> statement-breakpoint
UPDATE "bills" AS b SET "product_name" = n.zh, "product_name_en" = n.en, "package_name_en" = n.package_en
FROM (
  SELECT x."id",
    '流量包 · ' || k."name" || ' · ' || k."units_total" || '次 · ' || k."valid_days" || '天' AS zh,
    'Traffic package · ' || coalesce(nullif(k."name_en", ''), k."name") || ' · ' || to_char(k."units_total", 'FM999,999,999,990') || ' units · ' ||
      k."valid_days" || ' day' || (CASE WHEN k."valid_days" > 1 THEN 's' ELSE '' END) AS en,
    'Traffic package · ' || k."name" || ' · ' || to_char(k."units_total", 'FM999,999,999,990') || ' units · ' ||
      k."valid_days" || ' day' || (CASE WHEN k."valid_days" > 1 THEN 's' ELSE '' END) AS en_before,
    (CASE WHEN x."package_name" = k."name" THEN k."name_en" ELSE '' END) AS package_en
  FROM "bills" AS x JOIN "traffic_packages" AS k ON k."bill_ref" = x."id"
  WHERE x."type" = 'traffic_package' AND x."product_name_en" = ''
) AS n
WHERE b."id" = n."id" AND b."product_name" IN (n.zh, n.en_before);
