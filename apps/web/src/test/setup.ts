import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { setFeedbackApi } from '../lib/feedback';
import { addCatalogue, i18n } from '../lib/i18n';
import { presetPublicConfig } from '../lib/public-config';
import { useSessionStore } from '../lib/session-store';
import enUS from '../locales/en-US.json';
import zhCN from '../locales/zh-CN.json';

// Both catalogues up front, synchronously: a test switches language without waiting for a chunk.
addCatalogue('zh-CN', zhCN);
addCatalogue('en-US', enUS);

const initialSession = useSessionStore.getInitialState();

beforeEach(() => {
  localStorage.clear();
  // The layouts' public configuration is known up front, so no test sees its fetch among its calls.
  presetPublicConfig(null);
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
