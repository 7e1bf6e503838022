/** Space between the notices and the end of the screen (Mantine's own offset). */
export const SCREEN_GAP_PX = 16;
/** Space kept between the notices and what they must not cover. */
export const GAP_PX = 8;

/** Where a floor screen's action bar and the notices are, in viewport pixels. */
export interface BarLayout {
  barTop: number;
  barBottom: number;
  barHeight: number;
  viewport: number;
  /** Height of the notices on screen at the bottom; 0 when none shows. */
  notices: number;
}

export interface NoticePlace {
  /** How far the notices are lifted above their place at the end of the screen. */
  lift: number;
  /** Room opened just above the bar, so what was above it can move up, out from under the notices. */
  room: number;
}

/**
 * Where the notices go on a screen with an action bar at the thumb, so they never lie over one of
 * its controls:
 * - when the screen is short and the bar leaves enough empty space below it, the notices show in
 *   that space, over nothing;
 * - otherwise they sit just above the bar (never over it), and the screen opens room of their
 *   height just above the bar, so the controls that were there move up, out from under them; the
 *   bar itself, and so Confirm, stays where the thumb expects it.
 */
export function placeNotices(layout: BarLayout): NoticePlace {
  const { barTop, barBottom, barHeight, viewport, notices } = layout;
  const shown = notices > 0;
  if (shown && viewport - barBottom >= notices + SCREEN_GAP_PX + GAP_PX) {
    return { lift: 0, room: 0 };
  }
  // A bar in the upper half of the screen (or gone above it) leaves the notices at the bottom.
  const below = barTop >= viewport / 2 ? viewport - barTop : 0;
  const lift = Math.round(Math.max(barHeight, below));
  return { lift, room: shown ? Math.ceil(notices) + GAP_PX : 0 };
}
