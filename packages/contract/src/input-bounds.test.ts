import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { merchantLogin } from './calls/account';
import { allCalls } from './calls/all';
import { merchantListShops } from './calls/store';
import { adminApiLogDetail, merchantApiLogDetail } from './calls/traffic-report';
import {
  findUnsafeText,
  hasUnsafeCharacter,
  INT4_MAX,
  INT4_MIN,
  replaceUnsafeCharacters,
  ZCalendarDay,
} from './schemas';

/** Input bounds (docs/SECURITY.md): the contract's bounds, which every call's input follows whatever its fields. */

describe('unsafe text', () => {
  it.each([
    ['a\u0000b', true],
    ['\ud800', true],
    ['x\udfff', true],
    ['\udc00\ud800', true],
    ['😀', false],
    ['中文 text', false],
    ['', false],
  ])('%j holds an unsafe character: %s', (value, expected) => {
    expect(hasUnsafeCharacter(value)).toBe(expected);
  });

  it('replaces unsafe characters where text is kept, keeping surrogate pairs', () => {
    expect(replaceUnsafeCharacters('a\u0000b\ud800c😀\udfff')).toBe('a\uFFFDb\uFFFDc😀\uFFFD');
  });

  it('finds the first unsafe string anywhere in a value, keys included, without recursion', () => {
    expect(findUnsafeText({ a: 'ok', b: [{ c: 'ok' }, { d: 'x\u0000' }] })).toEqual(['b', 1, 'd']);
    expect(findUnsafeText({ 'k\ud800': 1 })).toEqual(['k\ud800']);
    expect(findUnsafeText({ a: ['😀', 1, null, true] })).toBeUndefined();
    let deep: unknown = 'x\u0000';
    for (let index = 0; index < 100_000; index += 1) deep = [deep];
    expect(findUnsafeText(deep)).toHaveLength(100_000);
  });

  it('every declared call refuses it, naming the field (defineCall adds the rule)', () => {
    const shops = merchantListShops.input.safeParse({ keyword: 'a\u0000' });
    expect(shops.error?.issues).toEqual([
      expect.objectContaining({ path: ['keyword'], message: 'text_unsafe_character' }),
    ]);
    const login = merchantLogin.input.safeParse({ account: 'a@example.com', password: 'pw\ud800' });
    expect(login.error?.issues[0]).toMatchObject({ path: ['password'], message: 'text_unsafe_character' });
  });
});

type JsonSchema = {
  type?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  [key: string]: unknown;
};

/** Every integer or number schema of a call's input, with where it is. */
function numbersOf(schema: unknown, where: string): Array<{ where: string; schema: JsonSchema }> {
  if (Array.isArray(schema)) return schema.flatMap((item, index) => numbersOf(item, `${where}[${index}]`));
  if (!schema || typeof schema !== 'object') return [];
  const record = schema as JsonSchema;
  const own = record.type === 'integer' || record.type === 'number' ? [{ where, schema: record }] : [];
  return [...own, ...Object.entries(record).flatMap(([key, value]) => numbersOf(value, `${where}.${key}`))];
}

/** Inputs that name a bigserial row: their ids may pass int4 (they stay exact doubles). */
const BIGINT_INPUTS = new Set([`${adminApiLogDetail.path}:id`, `${merchantApiLogDetail.path}:id`]);

describe('integer bounds', () => {
  it('every number any call takes fits an int4 column (bigserial ids: an exact double)', () => {
    const unbounded: string[] = [];
    for (const call of allCalls) {
      const schema = z.toJSONSchema(call.input, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' });
      for (const { where, schema: number } of numbersOf(schema, call.path)) {
        const field = where.split('.').at(-1) ?? '';
        const max = number.maximum ?? (number.exclusiveMaximum !== undefined ? number.exclusiveMaximum - 1 : Infinity);
        const min = number.minimum ?? (number.exclusiveMinimum !== undefined ? number.exclusiveMinimum + 1 : -Infinity);
        const limit = BIGINT_INPUTS.has(`${call.path}:${field}`) ? Number.MAX_SAFE_INTEGER : INT4_MAX;
        if (max > limit || min < INT4_MIN) unbounded.push(`${where} [${min}, ${max}]`);
      }
    }
    expect(unbounded).toEqual([]);
  });

  it('a calendar day must exist', () => {
    expect(ZCalendarDay.safeParse('2024-02-29').success).toBe(true);
    for (const day of ['2026-02-29', '2026-64-49', '0027-13-01', '2026-1-01'])
      expect(ZCalendarDay.safeParse(day).success, day).toBe(false);
  });
});
