import { CASHIER_PATH_PREFIX } from '@parlour/contract/console-path';
import { isValidSignature, sign } from '../../../lib/signing';

/**
 * Links to our cashier page, for every provider: the payer sees the bill, its countdown and the
 * pay method's flow (QR code, redirect, the sandbox's buttons) and comes back to it from the
 * provider. The token (HMAC of the bill number under a per-platform key) stands in for a session,
 * like a provider's cashier link.
 */
export function createCashierLinks(deps: { getKey: () => Promise<Buffer> }) {
  async function tokenFor(billNo: string) {
    return sign(await deps.getKey(), `cashier:${billNo}`);
  }
  return {
    /**
     * The cashier path of a bill (relative to the console's origin). The providers' return link
     * names its token `cashier_token`: PayPal sends the payer back with its own `token` (the order
     * id) added to the return URL.
     */
    async pathFor(billNo: string, options: { isReturn?: boolean } = {}) {
      const token = encodeURIComponent(await tokenFor(billNo));
      const path = `${CASHIER_PATH_PREFIX}${encodeURIComponent(billNo)}`;
      return options.isReturn ? `${path}?return=1&cashier_token=${token}` : `${path}?token=${token}`;
    },
    async isValid(billNo: string, token: string) {
      return isValidSignature(await deps.getKey(), `cashier:${billNo}`, token);
    },
  };
}
export type CashierLinks = ReturnType<typeof createCashierLinks>;
