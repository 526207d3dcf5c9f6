import { LOADING_AUTO_HIDE_MS } from '@parlour/contract/constants';
import { create } from 'zustand';

interface LoadingState {
  isVisible: boolean;
  show: (autoHideMs?: number) => void;
  hide: () => void;
}

let autoHideTimer: ReturnType<typeof setTimeout> | undefined;

/** The global loading overlay: hides itself after 3 s unless told otherwise (spec §9). */
export const useLoadingStore = create<LoadingState>()((set) => ({
  isVisible: false,
  show: (autoHideMs = LOADING_AUTO_HIDE_MS) => {
    clearTimeout(autoHideTimer);
    set({ isVisible: true });
    if (Number.isFinite(autoHideMs)) autoHideTimer = setTimeout(() => set({ isVisible: false }), autoHideMs);
  },
  hide: () => {
    clearTimeout(autoHideTimer);
    set({ isVisible: false });
  },
}));

export const showLoading = (autoHideMs?: number) => useLoadingStore.getState().show(autoHideMs);
export const hideLoading = () => useLoadingStore.getState().hide();
