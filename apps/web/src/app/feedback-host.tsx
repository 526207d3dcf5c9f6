import { lazy, Suspense } from 'react';
import { useFeedbackStore } from '../lib/feedback';

const MessageHost = lazy(() => import('./message-host'));

/** Mounts antd's message component once the first message is asked for (lib/feedback). */
export function FeedbackHost() {
  const isRequested = useFeedbackStore((state) => state.isRequested);
  return isRequested ? (
    <Suspense fallback={null}>
      <MessageHost />
    </Suspense>
  ) : null;
}
