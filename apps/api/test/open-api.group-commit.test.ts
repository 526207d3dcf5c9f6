import { describe, expect, it } from 'vitest';
import { createGroupCommit } from '../src/db/group-commit';

describe('group commit', () => {
  it('sends items arriving during a transaction together in the next one, answering each its own result', async () => {
    const batches: number[][] = [];
    const commit = createGroupCommit(
      async (items: number[]) => {
        batches.push(items);
        await new Promise((resolve) => setTimeout(resolve, 20));
        return items.map((item) => item * 10);
      },
      { maxBatch: 3 },
    );
    const results = await Promise.all([1, 2, 3, 4, 5, 6, 7].map((item) => commit(item)));
    expect(results).toEqual([10, 20, 30, 40, 50, 60, 70]);
    // The first item goes alone; the rest waited and went in batches of at most 3.
    expect(batches).toEqual([[1], [2, 3, 4], [5, 6, 7]]);
  });

  it('fails every item of a failed batch and only those', async () => {
    const commit = createGroupCommit(async (items: string[]) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (items.includes('bad')) throw new Error('rolled back');
      return items.map((item) => item.toUpperCase());
    });
    const first = commit('a');
    const failing = [commit('b'), commit('bad')];
    const outcomes = await Promise.allSettled([first, ...failing]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'rejected']);
    expect(await commit('c')).toBe('C');
  });
});
