import { create } from 'zustand';

/**
 * Toast messages, shown from anywhere (the request layer included). antd's message component is
 * only loaded when the first message is asked for (app/feedback-host), so pages that never show
 * one (a login page before its first submit) do not download it; messages asked for before it
 * is ready are queued and shown once it is.
 */
export interface FeedbackApi {
  success: (content: string) => unknown;
  error: (content: string) => unknown;
  info: (content: string) => unknown;
}

type FeedbackKind = keyof FeedbackApi;

interface FeedbackState {
  queue: { kind: FeedbackKind; content: string }[];
  /** A message was asked for: the host loads antd's message component. */
  isRequested: boolean;
}

export const useFeedbackStore = create<FeedbackState>()(() => ({ queue: [], isRequested: false }));

let api: FeedbackApi | null = null;

function show(kind: FeedbackKind, content: string): void {
  if (api) {
    api[kind](content);
    return;
  }
  useFeedbackStore.setState((state) => ({ queue: [...state.queue, { kind, content }], isRequested: true }));
}

/** Registers the component that shows messages (or unregisters it with null), showing any queued ones. */
export function setFeedbackApi(next: FeedbackApi | null): void {
  api = next;
  if (!next) return;
  const { queue } = useFeedbackStore.getState();
  useFeedbackStore.setState({ queue: [] });
  for (const message of queue) next[message.kind](message.content);
}

export const feedback: FeedbackApi = {
  success: (content) => show('success', content),
  error: (content) => show('error', content),
  info: (content) => show('info', content),
};
