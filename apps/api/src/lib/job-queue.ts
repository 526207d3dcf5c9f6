/** Sends background work to the job queue; jobs/boss.ts attaches pg-boss once it has started. */
export interface JobQueue {
  send(queue: string, data: Record<string, unknown>): Promise<void>;
}

/**
 * Until pg-boss is attached (tests build the app without starting it) a send is dropped: every job
 * sent here also has a scheduled sweep that finds its work in the database, so nothing is lost.
 */
export function createJobQueue() {
  let sender: ((queue: string, data: Record<string, unknown>) => Promise<unknown>) | null = null;
  return {
    attach(send: (queue: string, data: Record<string, unknown>) => Promise<unknown>) {
      sender = send;
    },
    async send(queue: string, data: Record<string, unknown>) {
      if (sender) await sender(queue, data);
    },
  };
}
export type AttachableJobQueue = ReturnType<typeof createJobQueue>;
