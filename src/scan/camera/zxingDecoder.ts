/** zxing fallback decoder. Only ever imported dynamically (see decoders.ts). */
import { BrowserCodeReader, BrowserMultiFormatReader } from '@zxing/browser';
import { BarcodeFormat, DecodeHintType } from '@zxing/library';
import type { FrameDecoder } from './decoders';

export function createZxingDecoder(): FrameDecoder {
  const hints = new Map<DecodeHintType, unknown>([
    [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.QR_CODE, BarcodeFormat.CODE_128]],
  ]);
  const reader = new BrowserMultiFormatReader(hints);
  return {
    kind: 'zxing',
    async decode(video) {
      if (!video.videoWidth || !video.videoHeight) return [];
      const canvas = BrowserCodeReader.createCanvasFromMediaElement(video);
      try {
        const text = reader.decodeFromCanvas(canvas).getText();
        return text ? [text] : [];
      } catch {
        // NotFoundException and checksum/format errors: nothing readable in this frame.
        return [];
      }
    },
  };
}
