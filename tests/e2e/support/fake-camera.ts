import { BarcodeFormat, EncodeHintType, QRCodeWriter, type BitMatrix } from '@zxing/library';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base } from './fixtures';

/**
 * A camera that films one label: Chromium's fake capture device playing a Y4M clip of a QR code,
 * made in the OS temp dir at test time (Playwright empties test-results/).
 */

const WIDTH = 640;
const HEIGHT = 480;
/** Side of the QR symbol with its quiet zone, in pixels. */
const SYMBOL = 400;
const FRAMES = 5;
/** BT.601 studio range, as cameras deliver it. */
const BLACK = 16;
const WHITE = 235;
const NEUTRAL = 128;

/** The QR of `text` scaled to `size` pixels, with a four-module white quiet zone. */
function qrMatrix(text: string, size: number): BitMatrix {
  const hints = new Map<EncodeHintType, unknown>([[EncodeHintType.MARGIN, 4]]);
  return new QRCodeWriter().encode(text, BarcodeFormat.QR_CODE, size, size, hints);
}

/**
 * One 4:2:0 frame: the luma plane white with the symbol in the middle (null: an empty white
 * wall), both chroma planes neutral.
 */
function frame(text: string | null): Buffer {
  const luma = Buffer.alloc(WIDTH * HEIGHT, WHITE);
  if (text !== null) {
    const matrix = qrMatrix(text, SYMBOL);
    const left = Math.floor((WIDTH - matrix.getWidth()) / 2);
    const top = Math.floor((HEIGHT - matrix.getHeight()) / 2);
    for (let y = 0; y < matrix.getHeight(); y++) {
      for (let x = 0; x < matrix.getWidth(); x++) {
        if (matrix.get(x, y)) luma[(top + y) * WIDTH + left + x] = BLACK;
      }
    }
  }
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, NEUTRAL);
  return Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
}

/** A YUV4MPEG2 clip of a few identical frames (Chromium loops it). */
export function qrClip(text: string | null): Buffer {
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  const one = frame(text);
  return Buffer.concat([header, ...Array.from({ length: FRAMES }, () => one)]);
}

/** Writes the clip into a fresh temp folder; `dispose` removes it. */
export function writeQrClip(text: string | null): { file: string; dispose: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'fake-camera-'));
  const file = join(dir, 'label.y4m');
  writeFileSync(file, qrClip(text));
  return { file, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

export function fakeCameraArgs(file: string): string[] {
  return [
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-video-capture=${file}`,
  ];
}

/** Every camera stream the page opened, so a test can check that each was released. */
declare global {
  interface Window {
    __cameraStreams?: MediaStream[];
  }
}

/** Counts the page's camera tracks that are still live (not stopped). */
export function liveCameraTracks(): number {
  return (window.__cameraStreams ?? [])
    .flatMap((stream) => stream.getTracks())
    .filter((track) => track.readyState === 'live').length;
}

/** How many camera streams the page opened. */
export function openedCameraStreams(): number {
  return window.__cameraStreams?.length ?? 0;
}

interface CameraOptions {
  /**
   * What the camera films: the text of a QR code, or null for a blank wall. Override with a
   * fixture function to decide it at test time (e.g. from the API) before the browser starts.
   */
  cameraLabel: string | null;
}

/**
 * The project's test with a browser whose camera films `cameraLabel`: its own Chromium launch (the
 * project's executable and flags plus the fake-camera flags), camera permission granted, and every
 * getUserMedia stream recorded on `window.__cameraStreams` (the browser's own API, our code
 * untouched). The project's console-error and catalog-picture fixtures apply to its page.
 */
export const test = base.extend<CameraOptions>({
  cameraLabel: [null, { option: true }],
  context: async (
    { playwright, launchOptions, headless, baseURL, serviceWorkers, cameraLabel },
    use,
  ) => {
    const clip = writeQrClip(cameraLabel);
    const browser = await playwright.chromium.launch({
      ...launchOptions,
      headless,
      args: [...(launchOptions.args ?? []), ...fakeCameraArgs(clip.file)],
    });
    try {
      const context = await browser.newContext({
        baseURL,
        serviceWorkers,
        permissions: ['camera'],
      });
      await context.addInitScript(() => {
        const media = navigator.mediaDevices;
        if (!media?.getUserMedia) return;
        const original = media.getUserMedia.bind(media);
        window.__cameraStreams = [];
        media.getUserMedia = async (constraints) => {
          const stream = await original(constraints);
          window.__cameraStreams!.push(stream);
          return stream;
        };
      });
      await use(context);
      await context.close();
    } finally {
      await browser.close();
      clip.dispose();
    }
  },
});

export { expect } from './fixtures';
