-- Keeps shop_status_counts (through shop_status_deltas) and income_daily in step with shops and bills.
-- Store status changes append deltas (never a shared row to wait on); the store sweep folds them.
CREATE FUNCTION shop_status_delta() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status IS NOT DISTINCT FROM NEW.status AND OLD.merchant_id = NEW.merchant_id THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO shop_status_deltas (merchant_id, status, delta) VALUES (OLD.merchant_id, OLD.status, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO shop_status_deltas (merchant_id, status, delta) VALUES (NEW.merchant_id, NEW.status, 1);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER shops_status_delta AFTER INSERT OR DELETE OR UPDATE OF status, merchant_id ON shops
  FOR EACH ROW EXECUTE FUNCTION shop_status_delta();
--> statement-breakpoint
-- A paid bill counts on its paid day; any change to a bill (paid, or a corrected paid time or amount)
-- takes its old contribution off and adds the new one, in the transaction that makes the change.
CREATE FUNCTION income_daily_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'paid' AND OLD.paid_at IS NOT NULL THEN
    INSERT INTO income_daily (day, type, channel, currency, bills, amount)
      VALUES ((OLD.paid_at AT TIME ZONE 'UTC')::date, OLD.type, OLD.channel, OLD.currency, -1, -OLD.amount)
      ON CONFLICT (day, type, channel, currency)
      DO UPDATE SET bills = income_daily.bills - 1, amount = income_daily.amount + EXCLUDED.amount;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'paid' AND NEW.paid_at IS NOT NULL THEN
    INSERT INTO income_daily (day, type, channel, currency, bills, amount)
      VALUES ((NEW.paid_at AT TIME ZONE 'UTC')::date, NEW.type, NEW.channel, NEW.currency, 1, NEW.amount)
      ON CONFLICT (day, type, channel, currency)
      DO UPDATE SET bills = income_daily.bills + 1, amount = income_daily.amount + EXCLUDED.amount;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER bills_income_daily AFTER INSERT OR DELETE OR UPDATE OF status, paid_at, amount, type, channel, currency ON bills
  FOR EACH ROW EXECUTE FUNCTION income_daily_apply();
--> statement-breakpoint
INSERT INTO shop_status_counts (merchant_id, status, stores)
  SELECT merchant_id, status, count(*)::int FROM shops GROUP BY merchant_id, status
  UNION ALL
  SELECT 0, status, count(*)::int FROM shops GROUP BY status;
--> statement-breakpoint
INSERT INTO income_daily (day, type, channel, currency, bills, amount)
  SELECT (paid_at AT TIME ZONE 'UTC')::date, type, channel, currency, count(*)::int, sum(amount)
  FROM bills WHERE status = 'paid' AND paid_at IS NOT NULL
  GROUP BY 1, 2, 3, 4;
