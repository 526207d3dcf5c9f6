import { useEffect, useEffectEvent } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Acts once on a query parameter a page was sent with (the cashier's way back, `?paid=<bill_no>`),
 * then drops it from the URL in place, so a reload or a shared link does not say it again.
 */
export function useSearchParamOnce(name: string, onValue: (value: string) => void): void {
  const [searchParams, setSearchParams] = useSearchParams();
  const value = searchParams.get(name);
  const act = useEffectEvent(onValue);
  useEffect(() => {
    if (!value) return;
    act(value);
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete(name);
        return next;
      },
      { replace: true },
    );
  }, [value, name, setSearchParams]);
}
