import { LOADING_AUTO_HIDE_MS } from '@parlour/contract/constants';
import { create } from 'zustand';

interface LoadingState {
  isVisible: boolean;
  /** Catalogue key of what the overlay says ("Signing out…"); null for the plain "Loading". */
  messageKey: string | null;
  show: (autoHideMs?: number, messageKey?: string) => void;
  hide: () => void;
}

let autoHideTimer: ReturnType<typeof setTimeout> | undefined;

/** The global loading overlay: hides itself after 3 s unless told otherwise (spec §9). */
export const useLoadingStore = create<LoadingState>()((set) => ({
  isVisible: false,
  messageKey: null,
  show: (autoHideMs = LOADING_AUTO_HIDE_MS, messageKey) => {
    clearTimeout(autoHideTimer);
    set({ isVisible: true, messageKey: messageKey ?? null });
    if (Number.isFinite(autoHideMs))
      autoHideTimer = setTimeout(() => set({ isVisible: false, messageKey: null }), autoHideMs);
  },
  hide: () => {
    clearTimeout(autoHideTimer);
    set({ isVisible: false, messageKey: null });
  },
}));

export const showLoading = (autoHideMs?: number, messageKey?: string) =>
  useLoadingStore.getState().show(autoHideMs, messageKey);
export const hideLoading = () => useLoadingStore.getState().hide();
