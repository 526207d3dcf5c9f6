import type { StoreStatus } from '@parlour/contract/constants';
import { addDays } from '../../../lib/terms';

/**
 * The status a ready store has at `now`: on trial or operating until it expires, pending renewal
 * for the grace period after, disabled once that is over or while an operator has disabled it.
 * Stores not yet paid or not yet provisioned keep their lifecycle status.
 */
export function deriveStatus(
  shop: { status: StoreStatus; expires_at: Date | null; is_trial: boolean; is_disabled_by_operator: boolean },
  now: Date,
  graceDays: number,
): StoreStatus {
  if (shop.status === 'unpaid' || shop.status === 'initializing') return shop.status;
  if (shop.is_disabled_by_operator) return 'disabled';
  if (!shop.expires_at) return 'unpaid';
  if (shop.expires_at > now) return shop.is_trial ? 'trial' : 'operating';
  if (addDays(shop.expires_at, graceDays) > now) return 'pending_renewal';
  return 'disabled';
}
