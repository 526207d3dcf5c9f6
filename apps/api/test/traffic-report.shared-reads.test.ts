import { describe, expect, it } from 'vitest';
import { createSharedReads } from '../src/modules/traffic/traffic-report/closed-day-cache';
import { operatorScope } from '../src/lib/tenant-scope';
import type { UsageFilter, UsageRow } from '../src/modules/traffic/traffic-report/traffic-report.repository';

const filter: UsageFilter = { scope: operatorScope, startDay: '2026-11-24', endDay: '2026-11-24' };
const row = (calls: number): UsageRow => ({
  calls,
  success: calls,
  failed_upstream: 0,
  quota_exhausted: 0,
  rejected: 0,
  units: calls,
  total_response_ms: 0,
});

/** A read the test ends by hand; each answers the number of the read (1, 2, …) as its calls. */
function manualReads() {
  const started: Array<{ filter: UsageFilter; end: () => void; fail: () => void }> = [];
  const read = (asked: UsageFilter) =>
    new Promise<UsageRow[][]>((resolve, reject) => {
      const number = started.length + 1;
      started.push({
        filter: asked,
        end: () => resolve([[row(number)]]),
        fail: () => reject(new Error(`read ${number} failed`)),
      });
    });
  return { started, read };
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("traffic reports: today's reads shared by the requests that ask at the same time", () => {
  it('starts a read at once when none runs, and lets the reads asked while it runs share the next one', async () => {
    const { started, read } = manualReads();
    const shared = createSharedReads(read);
    const first = shared(filter, [[]]);
    expect(started).toHaveLength(1);
    // Asked while the first runs: they wait for it, then share one new read (started after they were asked).
    const second = shared(filter, [[]]);
    const third = shared(filter, [[]]);
    await settle();
    expect(started).toHaveLength(1);
    started[0].end();
    expect((await first)[0][0].calls).toBe(1);
    await settle();
    expect(started).toHaveLength(2);
    started[1].end();
    expect((await second)[0][0].calls).toBe(2);
    expect(await third).toBe(await second);
    // Nothing runs now: the next read starts at once.
    const fourth = shared(filter, [[]]);
    expect(started).toHaveLength(3);
    started[2].end();
    expect((await fourth)[0][0].calls).toBe(3);
  });

  it('never shares between different filters or sets', async () => {
    const { started, read } = manualReads();
    const shared = createSharedReads(read);
    const answers = [shared(filter, [[]]), shared({ ...filter, merchantId: 7 }, [[]]), shared(filter, [['day']])];
    expect(started).toHaveLength(3);
    expect(started[1].filter.merchantId).toBe(7);
    started.forEach((entry) => entry.end());
    expect((await Promise.all(answers)).map((answer) => answer[0][0].calls)).toEqual([1, 2, 3]);
  });

  it('fails the requests that shared a failed read, and reads again for the next ones', async () => {
    const { started, read } = manualReads();
    const shared = createSharedReads(read);
    const first = shared(filter, [[]]);
    const waiting = shared(filter, [[]]);
    started[0].fail();
    await expect(first).rejects.toThrow('read 1 failed');
    await settle();
    started[1].fail();
    await expect(waiting).rejects.toThrow('read 2 failed');
    const next = shared(filter, [[]]);
    expect(started).toHaveLength(3);
    started[2].end();
    expect((await next)[0][0].calls).toBe(3);
  });
});
