/** BSX (BrickStore XML): the exports' writer and the import's readers. */
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
export { BSX_NOT_A_FILE, parseBsx } from './read';
export type { BsxDocument } from './read';
export {
  BSX_COLOURED_TYPES,
  BSX_PRICE_MAX,
  BSX_QTY_MAX,
  BsxFormatError,
  BsxLotMessages,
  bsxLotFromFields,
} from './lot';
export type { BsxLot, BsxStockroom, BsxTier } from './lot';
export { BsxDecoder, BsxEncodingMessages, decodeBsx, sniffBsxEncoding } from './decode';
export {
  BSX_ITEM_TYPES,
  BSX_MAX_BYTES,
  BsxImportMessages,
  BsxStreamReader,
  readBsxBlob,
  readBsxText,
} from './stream-read';
export type { BsxReadOptions } from './stream-read';
