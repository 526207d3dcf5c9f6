import { z } from 'zod';
import { defineCall, ZEmptyInput } from '../call';

/** The operator's dashboard totals (spec §7 admin member/user/overview); trends and distributions are the store, bill and merchant calls. */

export const ZOverview = z.object({
  merchants: z.object({
    total: z.number().int(),
    /** Registered since the first day of this month (UTC). */
    new_this_month: z.number().int(),
  }),
  /** Stores per status, every status present (0 when none). */
  stores: z.object({
    total: z.number().int(),
    unpaid: z.number().int(),
    initializing: z.number().int(),
    trial: z.number().int(),
    operating: z.number().int(),
    pending_renewal: z.number().int(),
    disabled: z.number().int(),
    /** Create-and-pay stores given up unpaid (their bill cancelled or expired). */
    cancelled: z.number().int(),
  }),
  /** Bills paid since the first day of this month (UTC), in minor units of `currency`. */
  income_this_month: z.object({ amount: z.number().int(), count: z.number().int(), currency: z.string() }),
  /** Bills waiting for payment inside their payment window. */
  unpaid_bills: z.object({ count: z.number().int(), amount: z.number().int(), currency: z.string() }),
});
export type TOverview = z.infer<typeof ZOverview>;

export const adminOverview = defineCall({
  path: 'admin/member/user/overview',
  role: 'admin',
  isAuthenticated: true,
  isWrite: false,
  summary: 'Dashboard totals: merchants, stores by status, income this month, unpaid bills',
  input: ZEmptyInput,
  output: ZOverview,
});
