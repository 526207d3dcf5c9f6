-- The live body of open_api_charge: the Open API's charge of a batch of calls in one statement (one
-- round trip, plans cached by PL/pgSQL). Migrations 0015, 0019 and 0025 created the earlier versions;
-- this file replaces them at every start (db/client.ts), so this is the one to read and to change.
--
-- Lock the usable packages (10_traffic_package_usable.sql) of the batch's merchants in id order,
-- allocate the units to the calls in arrival order by the allocation order below, move the packages
-- by their totals, insert a charge row per charged call (its id taken from the log table's sequence)
-- and a final log row per refused call (given ones, and calls no package can pay: quota_exhausted),
-- and add the refused calls to the daily roll-up (api_usage_add, migration 0025).
--
-- p_calls:  [{ordinal, created_at, merchant_id, shop_ref, shop_name, platform, api_code, api_name,
--             request_params, source, cost, elapsed_ms}] — to charge, in arrival order
-- p_finals: [{created_at, finished_at, merchant_id, shop_ref, shop_name, platform, api_code, api_name,
--             status, response_ms, error, request_params, source, cache_state}] — ended without a charge:
--             refused, or (migration 0043) a free cached answer or a failure shared with a vendor call
-- `cache_state` (migration 0043) is live, cached or stale; absent: live.
-- `source` (migration 0041) is api_key or storefront; a call without one (a process of an earlier
-- version, during a rolling start) is api_key.
-- Answers one row per charged call: its ordinal, id, package id and name.
--
-- Lock order as everywhere in the Open API: packages by id, then roll-up rows by key. A batch that only
-- charges commits without waiting for the disk (its calls are answered after their settle, whose
-- durable commit flushes this one first); a batch with refused calls, answered at once, commits durably.
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
    AND traffic_package_usable(p.paid_at, p.voided_at, p.units_used, p.units_total, p.expires_at, p_now)
  ORDER BY p.id
  FOR NO KEY UPDATE;

  -- The allocation order: the store's own packages before general ones, the soonest to expire first,
  -- then the oldest. A call takes the first package in this order that is its merchant's, its store's
  -- or general, unexpired at the call's time and with units enough.
  WITH usable AS (
    SELECT p.*, row_number() OVER (ORDER BY p.is_general, p.expires_at, p.id) AS allocation_rank
    FROM traffic_packages p
    WHERE p.merchant_id IN (SELECT DISTINCT (c->>'merchant_id')::int FROM jsonb_array_elements(p_calls) c)
      AND traffic_package_usable(p.paid_at, p.voided_at, p.units_used, p.units_total, p.expires_at, p_now)
  )
  SELECT coalesce(array_agg(u.id ORDER BY u.allocation_rank), '{}'),
         coalesce(array_agg(u.merchant_id ORDER BY u.allocation_rank), '{}'),
         coalesce(array_agg(u.shop_ref ORDER BY u.allocation_rank), '{}'),
         coalesce(array_agg(u.is_general ORDER BY u.allocation_rank), '{}'),
         coalesce(array_agg(u.units_total - u.units_used ORDER BY u.allocation_rank), '{}'),
         coalesce(array_agg(u.expires_at ORDER BY u.allocation_rank), '{}'),
         coalesce(array_agg(u.name ORDER BY u.allocation_rank), '{}')
    INTO pkg_ids, pkg_merchants, pkg_shops, pkg_general, pkg_left, pkg_expires, pkg_names
  FROM usable u;
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
    INSERT INTO api_call_charges (id, created_at, merchant_id, shop_ref, shop_name, platform, api_code, api_name, package_ref, package_name, units, request_params, source)
    SELECT a.id, (c->>'created_at')::timestamptz, (c->>'merchant_id')::int, (c->>'shop_ref')::int, c->>'shop_name', c->>'platform',
           c->>'api_code', c->>'api_name', a.package_ref, a.package_name, (c->>'cost')::int, c->'request_params',
           coalesce(c->>'source', 'api_key')
    FROM assigned a JOIN jsonb_array_elements(p_calls) c ON (c->>'ordinal')::int = a.ordinal
    RETURNING 1
  )
  SELECT coalesce(array_agg(a.ordinal ORDER BY a.ordinal), '{}'), coalesce(array_agg(a.id ORDER BY a.ordinal), '{}'),
         coalesce(array_agg(a.package_ref ORDER BY a.ordinal), '{}'), coalesce(array_agg(a.package_name ORDER BY a.ordinal), '{}')
    INTO charged_ordinals, charged_ids, charged_packages, charged_names
  FROM assigned a WHERE (SELECT count(*) FROM inserted) >= 0;

  IF jsonb_array_length(p_finals) + jsonb_array_length(exhausted) > 0 THEN
  INSERT INTO api_call_logs (created_at, finished_at, merchant_id, shop_ref, shop_name, platform, api_code, api_name, package_ref,
                             package_name, status, charged_units, response_ms, error, request_params, source, cache_state)
  SELECT f.created_at, f.finished_at, f.merchant_id, f.shop_ref, f.shop_name, f.platform, f.api_code, f.api_name, NULL, '', f.status, 0,
         f.response_ms, f.error, f.request_params,
         coalesce(f.source, 'api_key'), coalesce(f.cache_state, 'live')
  FROM jsonb_to_recordset(p_finals || exhausted) AS f(
    created_at timestamptz, finished_at timestamptz, merchant_id int, shop_ref int, shop_name text, platform text, api_code text,
    api_name text, status text, response_ms int, error text, request_params jsonb, source text, cache_state text);
  -- The refused calls' roll-up (their charged_units absent: 0), after their log rows as before.
  PERFORM api_usage_add(p_finals || exhausted);
  END IF;

  IF jsonb_array_length(p_finals) = 0 AND jsonb_array_length(exhausted) = 0 THEN
    PERFORM set_config('synchronous_commit', 'off', true);
  END IF;

  RETURN QUERY SELECT * FROM unnest(charged_ordinals, charged_ids, charged_packages, charged_names);
END
$$;
