-- The initial product-data catalogue and traffic package plans (prices in fen). Operators edit them
-- on the traffic page (core data and plans).
INSERT INTO "data_sources" ("platform", "name", "sort") VALUES ('1688', '1688 货源', 1), ('taobao', '淘宝 / 天猫', 2), ('micro_store', '微店', 3), ('jd', '京东', 4);
--> statement-breakpoint
INSERT INTO "open_apis" ("platform", "code", "name", "description", "cost", "sort") VALUES
  ('1688', 'item_get', '商品详情', '按商品 ID 获取标题、价格、图片、SKU 与供应商信息', 1, 1),
  ('1688', 'item_search', '关键词搜索', '按关键词分页搜索商品', 2, 2),
  ('taobao', 'item_get', '商品详情', '按商品 ID 获取标题、价格、图片、SKU 与店铺信息', 1, 3),
  ('taobao', 'item_search', '关键词搜索', '按关键词分页搜索商品', 2, 4),
  ('micro_store', 'item_get', '商品详情', '按商品 ID 获取微店商品详情', 1, 5),
  ('micro_store', 'item_search', '关键词搜索', '按关键词分页搜索微店商品', 2, 6),
  ('jd', 'item_get', '商品详情', '按商品 ID 获取京东商品详情', 1, 7),
  ('jd', 'item_search', '关键词搜索', '按关键词分页搜索京东商品', 2, 8);
--> statement-breakpoint
INSERT INTO "traffic_plans" ("name", "units", "valid_days", "is_general", "price", "original_price", "currency", "api_usage", "sort") VALUES
  ('体验包', 1000, 30, true, 990, 1900, 'CNY', '商品详情每次 1 单位，关键词搜索每次 2 单位；1688、淘宝、微店、京东通用，账号下所有店铺可用。', 1),
  ('标准包', 10000, 90, true, 8900, 12900, 'CNY', '商品详情每次 1 单位，关键词搜索每次 2 单位；1688、淘宝、微店、京东通用，账号下所有店铺可用。', 2),
  ('专业包', 100000, 365, true, 69900, 99900, 'CNY', '商品详情每次 1 单位，关键词搜索每次 2 单位；1688、淘宝、微店、京东通用，账号下所有店铺可用。', 3),
  ('店铺专享包', 20000, 90, false, 12900, 17900, 'CNY', '购买时选择店铺，仅该店铺可用；商品详情每次 1 单位，关键词搜索每次 2 单位。', 4);
