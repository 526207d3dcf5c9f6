-- The live body of api_usage_add (migration 0025 created it; 0044 added the caller): the daily roll-up's one
-- upsert. It adds calls to api_usage_daily, keyed by the calendar day of the business time zone (platform
-- setting `business_time_zone`, read once per call of the function; default Asia/Shanghai) and the caller,
-- grouped per key and inserted in key order: the order every writer of api_usage_daily uses, so two batches
-- never wait on each other in a circle. Its two callers: open_api_charge (refused calls and free cached
-- answers, 0 units) and the settle statement of modules/traffic/open-api (settled calls, the units they kept).
--
-- p_rows: [{created_at, merchant_id, shop_ref, platform, api_code, status, source?, charged_units?, response_ms?}]
-- (`source` absent: api_key). Answers how many roll-up rows it inserted or updated.
CREATE OR REPLACE FUNCTION api_usage_add(p_rows jsonb)
RETURNS int
LANGUAGE plpgsql AS $$
DECLARE
  zone text := coalesce((SELECT s.value #>> '{}' FROM platform_settings s WHERE s.key = 'business_time_zone'), 'Asia/Shanghai');
  added int;
BEGIN
  INSERT INTO api_usage_daily AS u (day, merchant_id, shop_ref, platform, api_code, status, source, calls, units, total_response_ms)
  SELECT (r.created_at AT TIME ZONE zone)::date, r.merchant_id, r.shop_ref, r.platform, r.api_code, r.status,
         coalesce(r.source, 'api_key'), count(*), coalesce(sum(r.charged_units), 0), coalesce(sum(r.response_ms), 0)
  FROM jsonb_to_recordset(p_rows) AS r(created_at timestamptz, merchant_id int, shop_ref int, platform text, api_code text,
                                       status text, source text, charged_units int, response_ms int)
  GROUP BY 1, 2, 3, 4, 5, 6, 7
  ORDER BY 1, 2, 3, 4, 5, 6, 7
  ON CONFLICT (day, merchant_id, shop_ref, platform, api_code, status, source) DO UPDATE SET
    calls = u.calls + excluded.calls,
    units = u.units + excluded.units,
    total_response_ms = u.total_response_ms + excluded.total_response_ms;
  GET DIAGNOSTICS added = ROW_COUNT;
  RETURN added;
END
$$;
