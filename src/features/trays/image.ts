/**
 * The picture of a tray's item on the Fill tray screen (colour id 263 uses a different
 * image source in the filler).
 *
 * Every other colour shows the catalog picture (`image_path`, a Rebrickable part image). Colour
 * 263 has no usable Rebrickable rendering, so the filler takes BrickLink's catalog image of the
 * part in its BrickLink colour instead:
 *   https://img.bricklink.com/ItemImage/PN/{bl_colour_id}/{bl_mold_id}.png
 * (PN = part, new-style image path). Without BrickLink ids it falls back to the catalog picture.
 */
export const BRICKLINK_COLOUR_ID_FOR_OTHER_SOURCE = 263;
export const BRICKLINK_IMAGE_BASE = 'https://img.bricklink.com/ItemImage/PN';

export interface TrayPicture {
  colour_id: number | null;
  image_path: string | null;
  bl_mold_id: string | null;
  bl_colour_id: number | null;
}

export function trayImageUrl(t: TrayPicture): string | null {
  if (t.colour_id === BRICKLINK_COLOUR_ID_FOR_OTHER_SOURCE && t.bl_mold_id && t.bl_colour_id) {
    return `${BRICKLINK_IMAGE_BASE}/${t.bl_colour_id}/${encodeURIComponent(t.bl_mold_id)}.png`;
  }
  return t.image_path || null;
}
