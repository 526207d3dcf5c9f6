-- Whether the metered Open API may charge a traffic package at p_at: paid, not void (its bill neither
-- cancelled nor expired unpaid), units left, not expired. The one statement of this rule: the charge
-- (20_open_api_charge.sql) and the API's reads of usable units (the traffic packages' "active" status,
-- the traffic reports' units left) call it. A plain SQL expression, so the planner inlines it and the
-- queries keep their indexes.
CREATE OR REPLACE FUNCTION traffic_package_usable(
  p_paid_at timestamptz, p_voided_at timestamptz, p_units_used int, p_units_total int, p_expires_at timestamptz,
  p_at timestamptz
) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT p_paid_at IS NOT NULL AND p_voided_at IS NULL AND p_units_used < p_units_total AND p_expires_at > p_at
$$;
