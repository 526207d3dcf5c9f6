import type { ReactNode } from 'react';
import { create } from 'zustand';

/**
 * Toast messages, shown from anywhere (the request layer included). antd's message component is
 * only loaded when the first message is asked for (app/feedback-host), so pages that never show
 * one (a login page before its first submit) do not download it; messages asked for before it
 * is ready are queued and shown once it is.
 */
export interface FeedbackApi {
  success: (content: ReactNode) => unknown;
  /** `duration` in seconds (antd's default 3): longer for a message the user may want to copy from. */
  error: (content: ReactNode, duration?: number) => unknown;
  info: (content: ReactNode) => unknown;
}

type FeedbackKind = keyof FeedbackApi;

interface FeedbackState {
  queue: { kind: FeedbackKind; content: ReactNode; duration?: number }[];
  /** A message was asked for: the host loads antd's message component. */
  isRequested: boolean;
}

export const useFeedbackStore = create<FeedbackState>()(() => ({ queue: [], isRequested: false }));

let api: FeedbackApi | null = null;

function show(kind: FeedbackKind, content: ReactNode, duration?: number): void {
  if (api) {
    showWith(api, kind, content, duration);
    return;
  }
  useFeedbackStore.setState((state) => ({ queue: [...state.queue, { kind, content, duration }], isRequested: true }));
}

/** Passes a duration only when one was asked for, so plain messages keep the component's default. */
function showWith(target: FeedbackApi, kind: FeedbackKind, content: ReactNode, duration: number | undefined): void {
  if (kind === 'error' && duration !== undefined) target.error(content, duration);
  else target[kind](content);
}

/** Registers the component that shows messages (or unregisters it with null), showing any queued ones. */
export function setFeedbackApi(next: FeedbackApi | null): void {
  api = next;
  if (!next) return;
  const { queue } = useFeedbackStore.getState();
  useFeedbackStore.setState({ queue: [] });
  for (const message of queue) showWith(next, message.kind, message.content, message.duration);
}

export const feedback: FeedbackApi = {
  success: (content) => show('success', content),
  error: (content, duration) => show('error', content, duration),
  info: (content) => show('info', content),
};
