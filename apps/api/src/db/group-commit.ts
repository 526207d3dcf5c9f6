/**
 * Group commit: calls that arrive while a transaction is in flight wait and go together in the next
 * one. A charge or a settle locks rows every call of a store shares (its package, its roll-up row)
 * until COMMIT has reached the disk, so one call per transaction would cap a store at one call per
 * disk flush; a batch pays one flush for many calls. One batch runs at a time (overlapping batches
 * measured slower: smaller batches, more work per call). Each item answers its own result; when a
 * batch's transaction fails, every item of it fails with that error (nothing of it was written).
 */
export function createGroupCommit<T, R>(work: (items: T[]) => Promise<R[]>, options: { maxBatch?: number } = {}) {
  const maxBatch = options.maxBatch ?? 200;
  const queue: Array<{ item: T; resolve: (result: R) => void; reject: (error: unknown) => void }> = [];
  let isRunning = false;

  async function drain() {
    isRunning = true;
    try {
      while (queue.length) {
        const batch = queue.splice(0, maxBatch);
        try {
          const results = await work(batch.map((entry) => entry.item));
          batch.forEach((entry, index) => entry.resolve(results[index]));
        } catch (error) {
          for (const entry of batch) entry.reject(error);
        }
      }
    } finally {
      isRunning = false;
    }
  }

  return (item: T): Promise<R> =>
    new Promise<R>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (!isRunning) void drain();
    });
}
