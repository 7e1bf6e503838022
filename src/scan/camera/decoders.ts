/**
 * Reads codes from video frames: the browser's own BarcodeDetector where it exists and knows QR and
 * Code 128, otherwise zxing, loaded only when the camera opens (it is large).
 */

export type FrameDecoder = {
  readonly kind: 'native' | 'zxing';
  /** Codes visible in the current frame (empty when none). */
  decode(video: HTMLVideoElement): Promise<string[]>;
};

export const CAMERA_FORMATS = ['qr_code', 'code_128'] as const;

type DetectedBarcode = { rawValue: string };
type BarcodeDetectorInstance = { detect(source: CanvasImageSource): Promise<DetectedBarcode[]> };
type BarcodeDetectorClass = {
  new (options?: { formats: string[] }): BarcodeDetectorInstance;
  getSupportedFormats?: () => Promise<string[]>;
};

function nativeDetectorClass(): BarcodeDetectorClass | null {
  if (typeof globalThis === 'undefined') return null;
  return (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector ?? null;
}

async function createNativeDecoder(): Promise<FrameDecoder | null> {
  const Detector = nativeDetectorClass();
  if (!Detector) return null;
  try {
    const supported = (await Detector.getSupportedFormats?.()) ?? [...CAMERA_FORMATS];
    const formats = CAMERA_FORMATS.filter((f) => supported.includes(f));
    if (formats.length < CAMERA_FORMATS.length) return null;
    const detector = new Detector({ formats: [...formats] });
    return {
      kind: 'native',
      async decode(video) {
        const found = await detector.detect(video);
        return found.map((barcode) => barcode.rawValue).filter(Boolean);
      },
    };
  } catch {
    return null;
  }
}

/** The lazily loaded zxing decoder (its own chunk). */
export function loadZxingDecoder(): Promise<FrameDecoder> {
  return import('./zxingDecoder').then((module) => module.createZxingDecoder());
}

export async function createFrameDecoder(): Promise<FrameDecoder> {
  return (await createNativeDecoder()) ?? loadZxingDecoder();
}
