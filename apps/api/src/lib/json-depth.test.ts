import { describe, expect, it } from 'vitest';
import { findTooDeepField } from './json-depth';

describe('findTooDeepField (nesting refused before parsing)', () => {
  it('passes bodies within the limit, however brackets appear inside strings', () => {
    expect(findTooDeepField('{"a":[[1]],"b":{"c":{}}}', 3)).toBeUndefined();
    expect(findTooDeepField(`{"a":"${'['.repeat(100)}","b":"\\"{{{{"}`, 2)).toBeUndefined();
    expect(findTooDeepField('[]', 1)).toBeUndefined();
  });

  it('names the top-level field the deep value sits in', () => {
    expect(findTooDeepField('{"a":1,"deep":[[[[1]]]]}', 3)).toBe('deep');
    expect(findTooDeepField('{"a":{"x":1},"b\\u0041":{"y":{"z":{}}}}', 3)).toBe('bA');
    expect(findTooDeepField('{"a":"}],","deep":[[[1]]]}', 3)).toBe('deep');
    expect(findTooDeepField('[[[[1]]]]', 3)).toBe('');
  });

  it('reads 20,000 levels in one pass without recursion', () => {
    const depth = 20_000;
    expect(findTooDeepField(`{"lang_code":"en","a":${'['.repeat(depth)}${']'.repeat(depth)}}`)).toBe('a');
    expect(findTooDeepField(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`)).toBe('a');
  });
});
