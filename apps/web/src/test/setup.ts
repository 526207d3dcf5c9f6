import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { setFeedbackApi } from '../lib/feedback';
import { i18n } from '../lib/i18n';
import { useSessionStore } from '../lib/session-store';

const initialSession = useSessionStore.getInitialState();

beforeEach(() => {
  localStorage.clear();
  useSessionStore.setState(initialSession, true);
  void i18n.changeLanguage('en-US');
});

afterEach(() => {
  cleanup();
  setFeedbackApi(null);
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
