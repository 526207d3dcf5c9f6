-- The pending-log-row design's index: no call has written a pending log row since calls in flight
-- moved to api_call_charges (migration 0013), so the partial index of pending rows only cost space.
DROP INDEX "api_call_logs_pending_idx";
--> statement-breakpoint
-- The daily roll-up's one upsert (issue 12): api_usage_add adds calls to api_usage_daily, keyed by the
-- calendar day of the business time zone (platform setting `business_time_zone`, read once per call of
-- the function; default Asia/Shanghai), grouped per key and inserted in key order: the order every
-- writer of api_usage_daily uses, so two batches never wait on each other in a circle. Its two callers:
-- open_api_charge below (refused calls, 0 units) and the settle statement of modules/open-api
-- (open-api.repository.ts: settled calls, the units they kept). It lives in the database because
-- open_api_charge must call it inside its one statement; the settle statement calls it rather than
-- repeating it, so the upsert is written once.
--
-- p_rows: [{created_at, merchant_id, shop_ref, platform, api_code, status, charged_units?, response_ms?}]
-- Answers how many roll-up rows it inserted or updated.
CREATE FUNCTION api_usage_add(p_rows jsonb)
RETURNS int
LANGUAGE plpgsql AS $$
DECLARE
  zone text := coalesce((SELECT s.value #>> '{}' FROM platform_settings s WHERE s.key = 'business_time_zone'), 'Asia/Shanghai');
  added int;
BEGIN
  INSERT INTO api_usage_daily AS u (day, merchant_id, shop_ref, platform, api_code, status, calls, units, total_response_ms)
  SELECT (r.created_at AT TIME ZONE zone)::date, r.merchant_id, r.shop_ref, r.platform, r.api_code, r.status,
         count(*), coalesce(sum(r.charged_units), 0), coalesce(sum(r.response_ms), 0)
  FROM jsonb_to_recordset(p_rows) AS r(created_at timestamptz, merchant_id int, shop_ref int, platform text, api_code text, status text, charged_units int, response_ms int)
  GROUP BY 1, 2, 3, 4, 5, 6
  ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (day, merchant_id, shop_ref, platform, api_code, status) DO UPDATE SET
    calls = u.calls + excluded.calls,
    units = u.units + excluded.units,
    total_response_ms = u.total_response_ms + excluded.total_response_ms;
  GET DIAGNOSTICS added = ROW_COUNT;
  RETURN added;
END
$$;
--> statement-breakpoint
-- open_api_charge as in migration 0019 (allocation rule of 0015 unchanged), its roll-up through api_usage_add.
CREATE OR REPLACE FUNCTION open_api_charge(p_calls jsonb, p_finals jsonb, p_now timestamptz)
RETURNS TABLE (ordinal int, id bigint, package_ref int, package_name text)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  pkg_ids int[];
  pkg_merchants int[];
  pkg_shops int[];
  pkg_general boolean[];
  pkg_left int[];
  pkg_expires timestamptz[];
  pkg_names text[];
  pkg_delta int[];
  c_row record;
  charged_ordinals int[];
  charged_ids bigint[];
  charged_packages int[];
  charged_names text[];
  chosen int;
  i int;
  assigned_ordinals int[] := '{}';
  assigned_packages int[] := '{}';
  exhausted jsonb := '[]'::jsonb;
  moved int;
BEGIN
  PERFORM 1 FROM traffic_packages p
  WHERE p.merchant_id IN (SELECT DISTINCT (c->>'merchant_id')::int FROM jsonb_array_elements(p_calls) c)
    AND p.paid_at IS NOT NULL AND p.voided_at IS NULL AND p.units_used < p.units_total AND p.expires_at > p_now
  ORDER BY p.id
  FOR NO KEY UPDATE;

  SELECT coalesce(array_agg(p.id ORDER BY p.is_general, p.expires_at, p.id), '{}'),
         coalesce(array_agg(p.merchant_id ORDER BY p.is_general, p.expires_at, p.id), '{}'),
         coalesce(array_agg(p.shop_ref ORDER BY p.is_general, p.expires_at, p.id), '{}'),
         coalesce(array_agg(p.is_general ORDER BY p.is_general, p.expires_at, p.id), '{}'),
         coalesce(array_agg(p.units_total - p.units_used ORDER BY p.is_general, p.expires_at, p.id), '{}'),
         coalesce(array_agg(p.expires_at ORDER BY p.is_general, p.expires_at, p.id), '{}'),
         coalesce(array_agg(p.name ORDER BY p.is_general, p.expires_at, p.id), '{}')
    INTO pkg_ids, pkg_merchants, pkg_shops, pkg_general, pkg_left, pkg_expires, pkg_names
  FROM traffic_packages p
  WHERE p.merchant_id IN (SELECT DISTINCT (c->>'merchant_id')::int FROM jsonb_array_elements(p_calls) c)
    AND p.paid_at IS NOT NULL AND p.voided_at IS NULL AND p.units_used < p.units_total AND p.expires_at > p_now;
  pkg_delta := array_fill(0, ARRAY[coalesce(array_length(pkg_ids, 1), 0)]);

  FOR c_row IN
    SELECT (c->>'ordinal')::int AS ordinal, (c->>'merchant_id')::int AS merchant_id, (c->>'shop_ref')::int AS shop_ref,
           (c->>'cost')::int AS cost, (c->>'created_at')::timestamptz AS created_at, c AS body
    FROM jsonb_array_elements(p_calls) c ORDER BY (c->>'ordinal')::int
  LOOP
    chosen := NULL;
    FOR i IN 1 .. coalesce(array_length(pkg_ids, 1), 0) LOOP
      IF pkg_merchants[i] = c_row.merchant_id AND (pkg_general[i] OR pkg_shops[i] = c_row.shop_ref)
         AND pkg_expires[i] > c_row.created_at AND pkg_left[i] >= c_row.cost THEN
        chosen := i;
        EXIT;
      END IF;
    END LOOP;
    IF chosen IS NULL THEN
      exhausted := exhausted || jsonb_build_array(c_row.body || jsonb_build_object(
        'finished_at', c_row.body->'created_at', 'status', 'quota_exhausted', 'response_ms', c_row.body->'elapsed_ms', 'error', 'OPEN_QUOTA_EXHAUSTED'));
    ELSE
      pkg_left[chosen] := pkg_left[chosen] - c_row.cost;
      pkg_delta[chosen] := pkg_delta[chosen] + c_row.cost;
      assigned_ordinals := assigned_ordinals || c_row.ordinal;
      assigned_packages := assigned_packages || chosen;
    END IF;
  END LOOP;

  WITH moves AS (
    SELECT pkg_ids[n] AS id, pkg_delta[n] AS delta FROM generate_series(1, coalesce(array_length(pkg_ids, 1), 0)) n
    WHERE pkg_delta[n] > 0 ORDER BY 1
  ), updated AS (
    UPDATE traffic_packages p SET units_used = p.units_used + m.delta, updated_at = p_now
    FROM moves m WHERE p.id = m.id AND p.units_used + m.delta <= p.units_total
    RETURNING p.id
  )
  SELECT (SELECT count(*) FROM updated) - (SELECT count(*) FROM moves) INTO moved;
  -- Cannot happen while the rows are locked; if it did, nothing of the batch is written.
  IF moved <> 0 THEN
    RAISE EXCEPTION 'a package balance moved under its row lock';
  END IF;

  WITH assigned AS (
    SELECT a.ordinal, pkg_ids[a.chosen] AS package_ref, pkg_names[a.chosen] AS package_name,
           nextval(pg_get_serial_sequence('api_call_logs', 'id')) AS id
    FROM unnest(assigned_ordinals, assigned_packages) AS a(ordinal, chosen)
  ), inserted AS (
    INSERT INTO api_call_charges (id, created_at, merchant_id, shop_ref, shop_name, platform, api_code, api_name, package_ref, package_name, units, request_params)
    SELECT a.id, (c->>'created_at')::timestamptz, (c->>'merchant_id')::int, (c->>'shop_ref')::int, c->>'shop_name', c->>'platform',
           c->>'api_code', c->>'api_name', a.package_ref, a.package_name, (c->>'cost')::int, c->'request_params'
    FROM assigned a JOIN jsonb_array_elements(p_calls) c ON (c->>'ordinal')::int = a.ordinal
    RETURNING 1
  )
  SELECT coalesce(array_agg(a.ordinal ORDER BY a.ordinal), '{}'), coalesce(array_agg(a.id ORDER BY a.ordinal), '{}'),
         coalesce(array_agg(a.package_ref ORDER BY a.ordinal), '{}'), coalesce(array_agg(a.package_name ORDER BY a.ordinal), '{}')
    INTO charged_ordinals, charged_ids, charged_packages, charged_names
  FROM assigned a WHERE (SELECT count(*) FROM inserted) >= 0;

  IF jsonb_array_length(p_finals) + jsonb_array_length(exhausted) > 0 THEN
  INSERT INTO api_call_logs (created_at, finished_at, merchant_id, shop_ref, shop_name, platform, api_code, api_name, package_ref, package_name, status, charged_units, response_ms, error, request_params)
  SELECT f.created_at, f.finished_at, f.merchant_id, f.shop_ref, f.shop_name, f.platform, f.api_code, f.api_name, NULL, '', f.status, 0, f.response_ms, f.error, f.request_params
  FROM jsonb_to_recordset(p_finals || exhausted) AS f(
    created_at timestamptz, finished_at timestamptz, merchant_id int, shop_ref int, shop_name text, platform text, api_code text,
    api_name text, status text, response_ms int, error text, request_params jsonb);
  -- The refused calls' roll-up (their charged_units absent: 0), after their log rows as before.
  PERFORM api_usage_add(p_finals || exhausted);
  END IF;

  IF jsonb_array_length(p_finals) = 0 AND jsonb_array_length(exhausted) = 0 THEN
    PERFORM set_config('synchronous_commit', 'off', true);
  END IF;

  RETURN QUERY SELECT * FROM unnest(charged_ordinals, charged_ids, charged_packages, charged_names);
END
$$;
