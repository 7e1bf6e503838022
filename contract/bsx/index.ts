/** BSX (BrickStore XML): the inventory export's writer and a reader for tests and the import. */
export {
  BSX_FOOTER,
  BSX_UNSORTED_LOT,
  bsxChunks,
  bsxCondition,
  bsxHeader,
  bsxItemType,
  bsxLot,
  escapeXml,
  writeBsx,
} from './write';
export type { BsxCondition, BsxConditionMap, BsxSourceItem, BsxWriteOptions } from './write';
export { BSX_NOT_A_FILE, BsxFormatError, parseBsx } from './read';
export type { BsxDocument, BsxLot, BsxTier } from './read';
export {
  BSX_ITEM_TYPES,
  BSX_MAX_BYTES,
  BsxImportMessages,
  BsxStreamReader,
  readBsxBlob,
  readBsxText,
} from './stream-read';
