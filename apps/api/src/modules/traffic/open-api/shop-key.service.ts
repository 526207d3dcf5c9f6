import { createHash, randomBytes } from 'node:crypto';
import { OPEN_API_KEY_PREFIX, type TShopKey } from '@parlour/contract/calls/open-core';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import type { SecretBox } from '../../../lib/secret-box';
import { isCallable, servedKeyOwner } from './open-api.rules';
import type { KeyOwner, NewKey, ShopKeyRepository } from './shop-key.repository';

/** The lookup hash of a key: calls find their store by it, so the key itself is never compared. */
export function hashApiKey(key: string) {
  return createHash('sha256').update(key).digest('hex');
}

export function generateApiKey() {
  return `${OPEN_API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
}

export function maskApiKey(last4: string) {
  return `${OPEN_API_KEY_PREFIX}${'•'.repeat(8)}${last4}`;
}

/**
 * Store API keys. A store gets its key the first time its merchant lists the keys (or asks for it);
 * the key is kept sealed so it can be copied again, and found by its SHA-256 when a call presents it.
 * Rotation replaces the hash in one statement: the old key stops working at once, in every process.
 */
export function createShopKeyService(deps: { repository: ShopKeyRepository; secrets: SecretBox; clock: Clock }) {
  const { repository, secrets, clock } = deps;

  function newKey(): NewKey & { key: string } {
    const key = generateApiKey();
    return { key, keyHash: hashApiKey(key), keySealed: secrets.sealSecret(key), keyLast4: key.slice(-4) };
  }

  async function ensureKeys(shopRefs: number[]) {
    for (const shopRef of await repository.shopsWithoutKey(shopRefs))
      await repository.insertKeyIfMissing(shopRef, newKey(), clock.now());
  }

  type Row = NonNullable<Awaited<ReturnType<ShopKeyRepository['findMerchantShop']>>>;
  function toShopKey(row: Row): TShopKey {
    const now = clock.now();
    return {
      shop_id: row.shopId,
      shop_name: row.shopName,
      status: row.status,
      is_callable: isCallable(
        { status: row.status, expiresAt: row.expiresAt, isDisabledByOperator: row.isDisabledByOperator },
        now,
      ),
      key_masked: maskApiKey(row.keyLast4 ?? ''),
      key_last4: row.keyLast4 ?? '',
      rotated_at: (row.rotatedAt ?? now).toISOString(),
    };
  }

  async function ownShopWithKey(merchantId: number, shopId: string) {
    let row = await repository.findMerchantShop(merchantId, shopId);
    // Another merchant's store answers exactly like a missing one.
    if (!row) throw new AppError('NOT_FOUND');
    if (!row.keySealed) {
      await ensureKeys([row.shopRef]);
      row = await repository.findMerchantShop(merchantId, shopId);
      if (!row) throw new AppError('NOT_FOUND');
    }
    return row;
  }

  return {
    /**
     * The owner of the key a store's system presents (undefined: none was sent), when the store API key's
     * rules let it be served now; otherwise throws their refusal as an AppError (OPEN_KEY_INVALID,
     * OPEN_KEY_SUSPENDED, OPEN_STORE_NOT_RUNNING: `keyOwnerRefusal`). The metered Open API applies the
     * same rules to the owner its call-context query finds (open-api.service.ts).
     */
    async ownerOfKey(apiKey: string | undefined): Promise<KeyOwner> {
      const owner = apiKey ? await repository.findKeyOwner(hashApiKey(apiKey)) : undefined;
      return servedKeyOwner(owner, clock.now());
    },

    async listKeys(merchantId: number, page: { page: number; limit: number }) {
      const offset = (page.page - 1) * page.limit;
      let { rows, total } = await repository.listMerchantShops(merchantId, { limit: page.limit, offset });
      if (rows.some((row) => !row.keySealed)) {
        await ensureKeys(rows.filter((row) => !row.keySealed).map((row) => row.shopRef));
        ({ rows, total } = await repository.listMerchantShops(merchantId, { limit: page.limit, offset }));
      }
      return { list: rows.map(toShopKey), total };
    },

    async revealKey(merchantId: number, shopId: string) {
      const row = await ownShopWithKey(merchantId, shopId);
      return { shop_id: row.shopId, key: secrets.openSecret(row.keySealed ?? '') };
    },

    async rotateKey(merchantId: number, shopId: string) {
      const row = await ownShopWithKey(merchantId, shopId);
      const next = newKey();
      await repository.replaceKey(row.shopRef, next, clock.now());
      const updated = await repository.findMerchantShop(merchantId, shopId);
      if (!updated) throw new AppError('NOT_FOUND');
      return { ...toShopKey(updated), key: next.key };
    },
  };
}
export type ShopKeyService = ReturnType<typeof createShopKeyService>;
