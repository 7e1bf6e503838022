import { useEffect, type RefObject } from 'react';
import { NOTICE_LIFT_VAR } from './notify';

/**
 * While mounted, notices sit above the given bottom action bar, so a notice never covers the
 * floor's Confirm button: lifted by the bar's height while it sticks to the bottom of the screen,
 * and above its top when the screen is short and the bar sits higher up (the end screen's Finish,
 * a filler's Submit). Kept up to date as the bar changes size and the page scrolls.
 */
export function useNoticeLift(bar: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const el = bar.current;
    const root = document.documentElement;
    if (!el) return;
    let lift = -1;
    const set = () => {
      const top = el.getBoundingClientRect().top;
      const height = window.innerHeight;
      // A bar in the upper half of the screen (or gone above it) leaves the notices at the bottom.
      const below = top >= height / 2 ? height - top : 0;
      const next = Math.round(Math.max(el.offsetHeight, below));
      if (next === lift) return;
      lift = next;
      root.style.setProperty(NOTICE_LIFT_VAR, `${next}px`);
    };
    set();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(set);
    observer?.observe(el);
    observer?.observe(document.body);
    window.addEventListener('scroll', set, { passive: true });
    window.addEventListener('resize', set);
    return () => {
      observer?.disconnect();
      window.removeEventListener('scroll', set);
      window.removeEventListener('resize', set);
      root.style.removeProperty(NOTICE_LIFT_VAR);
    };
  }, [bar]);
}

/** The container of the notices at the bottom of the screen (Mantine renders one per position). */
const BOTTOM_NOTICES = '.mantine-Notifications-root[data-position="bottom-center"]';
/** Space kept between the end of the screen and the notices above it. */
const GAP_PX = 8;

/**
 * On screens without an action bar, notices at the bottom would cover the last buttons of the
 * screen. While notices show, the page gets room at its end as tall as they are, and a page that
 * was scrolled to its end (or fits the screen) moves up by as much, so its last buttons stay above
 * the notices. Screens with a ThumbBar lift the notices instead (useNoticeLift). Mount once.
 */
export function useNoticeRoom() {
  useEffect(() => {
    if (typeof ResizeObserver === 'undefined') return;
    const html = document.documentElement;
    const body = document.body;
    let room = 0;
    let notices: Element | null = null;

    const apply = () => {
      const lifted = html.style.getPropertyValue(NOTICE_LIFT_VAR) !== '';
      const height = notices && !lifted ? notices.getBoundingClientRect().height : 0;
      const next = height > 0 ? Math.ceil(height) + GAP_PX : 0;
      if (next === room) return;
      const scroller = document.scrollingElement ?? html;
      const atEnd = scroller.scrollTop + window.innerHeight >= scroller.scrollHeight - 2;
      const grew = next > room;
      room = next;
      body.style.paddingBottom = next > 0 ? `${next}px` : '';
      if (grew && atEnd) window.scrollTo({ top: scroller.scrollHeight, behavior: 'instant' });
    };

    const sizes = new ResizeObserver(apply);
    const find = () => {
      const found = document.querySelector(BOTTOM_NOTICES);
      if (found === notices) return;
      if (notices) sizes.unobserve(notices);
      notices = found;
      if (notices) sizes.observe(notices);
      apply();
    };
    find();
    // The container appears with the first notice's portal; a bar's lift comes and goes with it.
    const changes = new MutationObserver(() => {
      if (!notices?.isConnected) find();
      apply();
    });
    changes.observe(body, { childList: true });
    changes.observe(html, { attributes: true, attributeFilter: ['style'] });
    return () => {
      sizes.disconnect();
      changes.disconnect();
      body.style.paddingBottom = '';
    };
  }, []);
}
