/** Shown when an item has no picture or it cannot load (offline, no catalog image). */
export const NO_IMAGE =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" fill="#f1f3f5"/><text x="32" y="36" font-size="10" text-anchor="middle" fill="#868e96">no image</text></svg>',
  );
