import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import type { StoreApi } from 'zustand';
import { setFeedbackApi, useFeedbackStore } from '../lib/feedback';
import { addCatalogue, addContractTexts, i18n } from '../lib/i18n';
import { presetPublicConfig } from '../lib/public-config';
import { useLoadingStore } from '../lib/loading-store';
import { useSessionStore } from '../lib/session-store';
import { contractTexts } from '../locales/contract-texts';
import enUS from '../locales/en-US.json';
import zhCN from '../locales/zh-CN.json';

// Both catalogues up front, synchronously: a test switches language without waiting for a chunk.
addCatalogue('zh-CN', zhCN);
addCatalogue('en-US', enUS);
addContractTexts('zh-CN', contractTexts('zh-CN'));
addContractTexts('en-US', contractTexts('en-US'));

// Lazy pages load their chunk on first render; on a loaded 2-core machine that can pass the default
// 1 s of findBy*, failing a test whose screen is right. Three seconds stays under the 5 s test timeout, so a wrong screen still fails with its own message.
configure({ asyncUtilTimeout: 3_000 });

// Most test files share their worker's modules (vitest.config.ts): every store starts each test as on a first load.
const resetStore = <State>(store: StoreApi<State>) => store.setState(store.getInitialState(), true);

beforeEach(() => {
  resetStore(useSessionStore);
  resetStore(useFeedbackStore);
  resetStore(useLoadingStore);
  localStorage.clear();
  sessionStorage.clear();
  document.title = '';
  // The layouts' public configuration is known up front, so no test sees its fetch among its calls.
  presetPublicConfig(null);
  void i18n.changeLanguage('en-US');
});

afterEach(() => {
  cleanup();
  setFeedbackApi(null);
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
