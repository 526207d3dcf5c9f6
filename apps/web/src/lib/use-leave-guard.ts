import { Modal } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { useBlocker } from 'react-router';

/** The words of the leave prompt, in the form's own terms ("The basic config has changes…"). */
export interface LeaveGuardTexts {
  title: string;
  content: string;
  ok: string;
  cancel: string;
}

/**
 * Asks before leaving the page (or switching store or tab) while a form has unsaved changes: in the
 * app through the router, and when the tab is closed or reloaded through the browser's own prompt.
 * Answers the prompt's holder, which the form renders: the prompt is a modal of the page's own tree
 * (its theme, its language, gone with the page), not antd's static one.
 */
export function useLeaveGuard(isDirty: boolean, texts: LeaveGuardTexts): ReactNode {
  const [modal, contextHolder] = Modal.useModal();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      isDirty && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  const { title, content, ok, cancel } = texts;
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void modal.confirm({
      title,
      content,
      okText: ok,
      cancelText: cancel,
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
  }, [blocker, modal, title, content, ok, cancel]);
  useEffect(() => {
    if (!isDirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [isDirty]);
  return contextHolder;
}
