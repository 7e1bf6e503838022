import { useEffect, type RefObject } from 'react';
import { NOTICE_LIFT_VAR } from './notify';
import { GAP_PX, placeNotices } from './noticePlace';

/** The container of the notices at the bottom of the screen (Mantine renders one per position). */
const BOTTOM_NOTICES = '.mantine-Notifications-root[data-position="bottom-center"]';

/**
 * While mounted, notices keep clear of the given bottom action bar and of the controls above it
 * (see placeNotices): the lift goes to a CSS variable the notices' container reads, the room to
 * the `room` element just above the bar. Kept up to date as the bar and the notices change size
 * and the page scrolls.
 */
export function useNoticeLift(
  bar: RefObject<HTMLElement | null>,
  room: RefObject<HTMLElement | null>,
) {
  useEffect(() => {
    const el = bar.current;
    const spacer = room.current;
    const root = document.documentElement;
    if (!el) return;
    let lift = -1;
    let roomPx = 0;
    let notices: Element | null = null;

    const set = () => {
      const rect = el.getBoundingClientRect();
      const viewport = window.innerHeight;
      const place = placeNotices({
        barTop: rect.top,
        barBottom: rect.top + el.offsetHeight,
        barHeight: el.offsetHeight,
        viewport,
        notices: notices?.isConnected ? notices.getBoundingClientRect().height : 0,
      });
      if (place.lift !== lift) {
        lift = place.lift;
        root.style.setProperty(NOTICE_LIFT_VAR, `${lift}px`);
      }
      if (spacer && place.room !== roomPx) {
        const grew = place.room - roomPx;
        roomPx = place.room;
        spacer.style.height = roomPx > 0 ? `${roomPx}px` : '';
        // A bar stuck to the bottom stays put: the page moves up instead, so the controls that
        // were just above the bar come out from under the notices.
        const stuck = rect.top + el.offsetHeight >= viewport - 1;
        if (grew > 0 && stuck) window.scrollBy({ top: grew, behavior: 'instant' });
      }
    };

    const sizes = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(set);
    const find = () => {
      const found = document.querySelector(BOTTOM_NOTICES);
      if (found === notices) return;
      if (notices) sizes?.unobserve(notices);
      notices = found;
      if (notices) sizes?.observe(notices);
    };
    find();
    set();
    sizes?.observe(el);
    sizes?.observe(document.body);
    // The container appears with the first notice's portal.
    const changes =
      typeof MutationObserver === 'undefined'
        ? null
        : new MutationObserver(() => {
            if (!notices?.isConnected) find();
            set();
          });
    changes?.observe(document.body, { childList: true });
    window.addEventListener('scroll', set, { passive: true });
    window.addEventListener('resize', set);
    return () => {
      sizes?.disconnect();
      changes?.disconnect();
      window.removeEventListener('scroll', set);
      window.removeEventListener('resize', set);
      root.style.removeProperty(NOTICE_LIFT_VAR);
      if (spacer) spacer.style.height = '';
    };
  }, [bar, room]);
}

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
