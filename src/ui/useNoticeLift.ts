import { useEffect, type RefObject } from 'react';
import { NOTICE_LIFT_VAR } from './notify';

/**
 * While mounted, notices sit above the given bottom action bar (its height, kept up to date), so
 * a notice never covers the floor's Confirm button.
 */
export function useNoticeLift(bar: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const el = bar.current;
    const root = document.documentElement;
    if (!el) return;
    const set = () => root.style.setProperty(NOTICE_LIFT_VAR, `${el.offsetHeight}px`);
    set();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(set);
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      root.style.removeProperty(NOTICE_LIFT_VAR);
    };
  }, [bar]);
}
