import { describe, expect, it, vi } from 'vitest';
import { feedback, setFeedbackApi, useFeedbackStore } from './feedback';

describe('feedback', () => {
  it('queues messages until the message component is ready, asking for it', () => {
    useFeedbackStore.setState({ queue: [], isRequested: false });
    feedback.error('first');
    feedback.success('second');
    expect(useFeedbackStore.getState().isRequested).toBe(true);
    const api = { success: vi.fn(), error: vi.fn(), info: vi.fn() };
    setFeedbackApi(api);
    expect(api.error).toHaveBeenCalledWith('first');
    expect(api.success).toHaveBeenCalledWith('second');
    expect(useFeedbackStore.getState().queue).toEqual([]);
    feedback.info('third');
    expect(api.info).toHaveBeenCalledWith('third');
  });
});
