/**
 * Location codes look like `H1-A02-R03-S2-B4`. Whatever a scanner, the camera or a person hands us
 * is brought to that form before it is compared.
 */

/** AIM symbology identifier some scanners send first, e.g. `]Q1` (QR) or `]C0` (Code 128). */
const AIM_PREFIX = /^\][A-Za-z][0-9A-Za-z]/;
/** Control characters: Enter/Tab suffixes, GS separators, STX/ETX framing, DEL. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001F\u007F-\u009F]/g;
/** Hyphen look-alikes that phone keyboards and label software produce. */
const DASHES = /[\u2010-\u2015\u2212\uFE58\uFE63\uFF0D]/g;
/** Start/stop asterisks that Code 39-style scanners pass through. */
const STAR_FRAME = /^\*+|\*+$/g;

/** Trim, strip control characters and scanner prefixes/suffixes, uppercase. */
export function normalizeCode(raw: string): string {
  let code = raw.normalize('NFKC').replace(CONTROL_CHARS, '').trim();
  code = code.replace(AIM_PREFIX, '').trim();
  code = code.replace(STAR_FRAME, '').trim();
  return code.replace(DASHES, '-').toUpperCase();
}

/** True when both are the same non-empty code once normalized. */
export function codesMatch(a: string | null | undefined, b: string | null | undefined): boolean {
  if (a == null || b == null) return false;
  const left = normalizeCode(a);
  return left !== '' && left === normalizeCode(b);
}
