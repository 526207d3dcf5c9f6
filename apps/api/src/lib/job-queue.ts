import { afterCommit } from './unit-of-work';

/** Sends background work to the job queue; jobs/boss.ts attaches pg-boss once it has started. */
export interface JobQueue {
  send(queue: string, data: Record<string, unknown>): Promise<void>;
}

/**
 * Until pg-boss is attached (tests build the app without starting it) a send is dropped: every job
 * sent here also has a scheduled sweep that finds its work in the database, so nothing is lost.
 * Inside an operator call's transaction (lib/unit-of-work) the send waits for the commit: the job
 * never sees work that was rolled back, and pg-boss's own connection never waits on the open transaction.
 */
export function createJobQueue() {
  let sender: ((queue: string, data: Record<string, unknown>) => Promise<unknown>) | null = null;
  return {
    attach(send: (queue: string, data: Record<string, unknown>) => Promise<unknown>) {
      sender = send;
    },
    /** True once pg-boss runs in this process (the operations page says when it does not). */
    isAttached() {
      return sender !== null;
    },
    async send(queue: string, data: Record<string, unknown>) {
      if (sender) await afterCommit(async () => void (await sender!(queue, data)));
    },
  };
}
export type AttachableJobQueue = ReturnType<typeof createJobQueue>;
