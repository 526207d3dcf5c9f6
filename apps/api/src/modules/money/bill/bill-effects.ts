import type { BillType } from '@parlour/contract/constants';
import type { Db } from '../../../db/client';
import type { BillRow, EndedBill } from './bill.repository';

/** Work a paid bill leaves for after its transaction committed (a new store's provisioning job). */
export type AfterCommit = () => Promise<void>;

/**
 * What a bill does to what it bought. The module that owns the thing bought gives them (the shop for
 * store bills, traffic packages, plugins) and app.ts wires them, so the bill and payment modules
 * call them without importing those modules.
 */
export interface BillEffects {
  /** A paid bill grants what it bought, in the payment's transaction. */
  applyPaid(bill: BillRow, tx: Db): Promise<AfterCommit | undefined>;
  /** A refunded bill takes back what it bought, in the refund's transaction. */
  revokePaid(bill: BillRow, tx: Db): Promise<void>;
  /** Unpaid bills cancelled or expired give up what they held (a pending package, an unpaid store), in their transaction. */
  endUnpaid?(bills: EndedBill[], tx: Db, now: Date): Promise<void>;
}

/** The effects of each bill type, set once at start. */
export function createBillEffectsRegistry() {
  const byType = new Map<BillType, BillEffects>();
  return {
    set(types: readonly BillType[], effects: BillEffects) {
      for (const type of types) {
        if (byType.has(type)) throw new Error(`bill effects of ${type} are set twice`);
        byType.set(type, effects);
      }
    },
    of(type: BillType): BillEffects | undefined {
      return byType.get(type);
    },
    /** Ends what the bills held, type by type, in the transaction that ended them. */
    async endUnpaid(ended: readonly EndedBill[], tx: Db, now: Date) {
      for (const [type, effects] of byType) {
        const ofType = ended.filter((bill) => bill.type === type);
        if (ofType.length && effects.endUnpaid) await effects.endUnpaid(ofType, tx, now);
      }
    },
  };
}
export type BillEffectsRegistry = ReturnType<typeof createBillEffectsRegistry>;
