/** A job's kind in words. */
export const KIND_WORDS: Record<string, string> = {
  upload: 'Upload',
  order_intake: 'Order intake',
  stock_sync: 'Stock changes',
  stock_check: 'Stock check',
  brickowl_colours: 'BrickOwl colours',
};
export const STATUS_COLOURS = { queued: 'gray', running: 'blue', done: 'teal', failed: 'red' };
