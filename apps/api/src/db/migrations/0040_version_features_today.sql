-- Issue 22 §2.10: the seeded versions promised order and shipping management, members, coupons,
-- multi-currency checkout, warehouses and an uptime commitment, none of which exists. Where an operator
-- has not changed a seeded version since, it now says what a store does today and what is being built
-- (coupons are not planned). Versions an operator edited keep the operator's words.
UPDATE "store_versions" SET
  "description" = '适合刚起步的代购店：店铺上线、商品数据接口与自有域名。',
  "description_en" = 'For agent stores starting out: a store online, the product-data API and your own domain.',
  "features" = '["店铺上线，自带免费系统域名", "1688 / 淘宝 / 京东 / 微店商品数据接口：每个店铺独立密钥与调用日志，按流量包计费", "绑定自有域名，DNS 验证", "插件市场", "即将推出：店铺前台，支持粘贴链接与关键词搜索，商品页按买家币种显示价格", "即将推出：买家、购物车与订单，店铺后台处理采购、收货、打包与发货"]'::jsonb,
  "features_en" = '["Your store online with a free system domain", "1688, Taobao, JD and Weidian product data: each store''s own API key and call log", "Your own domains, verified by DNS", "Plugin market", "Coming: a storefront with link and keyword search, item pages priced in the buyer''s currency", "Coming: buyers, carts and orders, and a store admin to purchase, receive, pack and ship"]'::jsonb
WHERE "name" = 'Starter' AND "description" = '适合刚起步的代购店：一个店铺前台、基础商品采集与订单管理。'
  AND "features" = '["店铺前台与移动端", "1688 / 淘宝商品采集", "订单与物流管理", "会员管理（最多 1,000 人）", "邮件客服"]'::jsonb
  AND "features_en" IN ('[]'::jsonb, '["Storefront and mobile site", "1688 / Taobao product import", "Order and shipping management", "Members (up to 1,000)", "Email support"]'::jsonb);
--> statement-breakpoint
UPDATE "store_versions" SET
  "description" = '成长型代购店：入门版的一切，以及更多插件。',
  "description_en" = 'For growing agent stores: everything in Starter, and more plugins.',
  "features" = '["包含入门版全部功能", "插件市场中面向专业版的插件"]'::jsonb,
  "features_en" = '["Everything in Starter", "Plugins made for Professional in the plugin market"]'::jsonb
WHERE "name" = 'Professional' AND "description" = '成长型代购店：多平台采集、营销插件与自定义域名。'
  AND "features" = '["包含入门版全部功能", "1688 / 淘宝 / 京东 / 微店采集", "自定义域名（最多 3 个）", "优惠券与满减营销", "多币种结算", "会员不限量"]'::jsonb
  AND "features_en" IN ('[]'::jsonb, '["Everything in Starter", "1688 / Taobao / JD / Weidian product import", "Custom domains (up to 3)", "Coupons and spend-and-save offers", "Multi-currency checkout", "Unlimited members"]'::jsonb);
--> statement-breakpoint
UPDATE "store_versions" SET
  "description" = '规模化代购店：专业版的一切，以及全部插件。',
  "description_en" = 'Agent stores at scale: everything in Professional, and every plugin.',
  "features" = '["包含专业版全部功能", "插件市场中的全部插件"]'::jsonb,
  "features_en" = '["Everything in Professional", "Every plugin in the plugin market"]'::jsonb
WHERE "name" = 'Enterprise' AND "description" = '规模化跨境代购：专属资源、开放接口与优先支持。'
  AND "features" = '["包含专业版全部功能", "开放 API 与 Webhook", "自定义域名（最多 10 个）", "多仓库与集运", "专属客户经理", "99.9% 可用性承诺"]'::jsonb
  AND "features_en" IN ('[]'::jsonb, '["Everything in Professional", "Open API and webhooks", "Custom domains (up to 10)", "Multiple warehouses and consolidated shipping", "Dedicated account manager", "99.9% uptime commitment"]'::jsonb);
