import { describe, expect, it } from 'vitest';
import enUS from './en-US.json';
import zhCN from './zh-CN.json';

function leaves(node: unknown, prefix = ''): [string, unknown][] {
  if (typeof node !== 'object' || node === null) return [[prefix, node]];
  return Object.entries(node).flatMap(([key, value]) => leaves(value, prefix ? `${prefix}.${key}` : key));
}

describe('catalogues', () => {
  it('have the same keys in Chinese and English', () => {
    expect(
      leaves(zhCN)
        .map(([key]) => key)
        .sort(),
    ).toEqual(
      leaves(enUS)
        .map(([key]) => key)
        .sort(),
    );
  });

  it('have no empty texts', () => {
    for (const [key, value] of [...leaves(zhCN), ...leaves(enUS)]) {
      expect(typeof value === 'string' && value.trim().length > 0, key).toBe(true);
    }
  });

  it('are really translated: only names stay the same in both', () => {
    const english = new Map(leaves(enUS));
    const same = leaves(zhCN)
      .filter(([key, value]) => english.get(key) === value && /[a-z]{3,}/i.test(String(value)))
      .map(([key]) => key);
    expect(same.sort()).toEqual(['app.name', 'app.titleSuffix', 'auth.register.emailPlaceholder', 'lang.en-US']);
  });
});
