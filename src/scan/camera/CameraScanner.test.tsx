// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BarcodeFormat, DecodeHintType } from '@zxing/library';
import { CameraScanner } from './CameraScanner';
import { CAMERA_TEXTS } from './media';

// zxing is a library outside our code: a fake reader records that the lazily imported decoder was
// loaded and built with our hints, and "sees" whatever codes a test puts in front of it.
const zxing = vi.hoisted(() => ({
  loaded: false,
  hints: [] as Map<unknown, unknown>[],
  frames: [] as string[],
}));
vi.mock('@zxing/browser', () => {
  zxing.loaded = true;
  class BrowserMultiFormatReader {
    constructor(hints: Map<unknown, unknown>) {
      zxing.hints.push(hints);
    }
    decodeFromCanvas() {
      const text = zxing.frames.length > 1 ? zxing.frames.shift() : zxing.frames[0];
      if (!text) throw new Error('NotFoundException');
      return { getText: () => text };
    }
  }
  return {
    BrowserMultiFormatReader,
    BrowserCodeReader: { createCanvasFromMediaElement: () => document.createElement('canvas') },
  };
});

/** A fake of the browser's camera stream: records which tracks were stopped. */
class FakeTrack {
  stopped = false;
  applied: MediaTrackConstraints[] = [];
  constructor(
    readonly kind: string,
    private readonly torch = false,
  ) {}
  stop() {
    this.stopped = true;
  }
  getCapabilities() {
    return this.torch ? { torch: true } : {};
  }
  async applyConstraints(constraints: MediaTrackConstraints) {
    this.applied.push(constraints);
  }
}
function fakeStream(tracks: FakeTrack[]) {
  return {
    getTracks: () => tracks,
    getVideoTracks: () => tracks.filter((t) => t.kind === 'video'),
  } as unknown as MediaStream;
}

let tracks: FakeTrack[];
let getUserMedia: ReturnType<typeof vi.fn>;
let vibrate: ReturnType<typeof vi.fn>;

beforeEach(() => {
  tracks = [new FakeTrack('video'), new FakeTrack('audio')];
  getUserMedia = vi.fn(async () => fakeStream(tracks));
  vibrate = vi.fn(() => true);
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
  Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'readyState', 'get').mockReturnValue(4);
  vi.spyOn(HTMLVideoElement.prototype, 'videoWidth', 'get').mockReturnValue(640);
  vi.spyOn(HTMLVideoElement.prototype, 'videoHeight', 'get').mockReturnValue(480);
  zxing.hints = [];
  zxing.frames = [];
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  delete (globalThis as { BarcodeDetector?: unknown }).BarcodeDetector;
});

function renderScanner(props: Partial<Parameters<typeof CameraScanner>[0]> = {}) {
  const onCode = vi.fn();
  const onClose = vi.fn();
  const all = { opened: true, onClose, onCode, closeOnRead: false, ...props };
  const view = render(
    <MantineProvider>
      <CameraScanner {...all} />
    </MantineProvider>,
  );
  const rerender = (next: Partial<typeof all>) =>
    view.rerender(
      <MantineProvider>
        <CameraScanner {...all} {...next} />
      </MantineProvider>,
    );
  return { ...view, onCode, onClose, rerender };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('CameraScanner', () => {
  it('uses the native BarcodeDetector when present and never loads zxing', async () => {
    const detect = vi.fn(async () => [{ rawValue: 'h1-a02-r03\r\n' }]);
    const created: unknown[] = [];
    (globalThis as { BarcodeDetector?: unknown }).BarcodeDetector = class {
      static getSupportedFormats = async () => ['ean_13', 'qr_code', 'code_128'];
      constructor(options: unknown) {
        created.push(options);
      }
      detect = detect;
    };
    const { onCode } = renderScanner();
    await waitFor(() => expect(onCode).toHaveBeenCalledWith('H1-A02-R03'));
    expect(created).toEqual([{ formats: ['qr_code', 'code_128'] }]);
    expect(getUserMedia).toHaveBeenCalledWith(
      expect.objectContaining({
        video: expect.objectContaining({ facingMode: { ideal: 'environment' } }),
      }),
    );
    // The label stays in view: seen again and again, delivered once.
    await waitFor(() => expect(detect.mock.calls.length).toBeGreaterThan(3));
    expect(onCode).toHaveBeenCalledTimes(1);
    // The beep and buzz come with the screen's verdict (the scan service), not from the camera.
    expect(vibrate).not.toHaveBeenCalled();
    expect(zxing.loaded).toBe(false);
  });

  it('falls back to the lazily imported zxing decoder with QR and Code 128 hints', async () => {
    expect(zxing.loaded).toBe(false);
    const { onCode } = renderScanner();
    await waitFor(() => expect(zxing.hints).toHaveLength(1));
    expect(zxing.loaded).toBe(true);
    expect(zxing.hints[0].get(DecodeHintType.POSSIBLE_FORMATS)).toEqual([
      BarcodeFormat.QR_CODE,
      BarcodeFormat.CODE_128,
    ]);
    await screen.findByText('Point the camera at the label');

    zxing.frames = ['h1-a02', 'H1-A02', 'h1-a02 '];
    await waitFor(() => expect(onCode).toHaveBeenCalledWith('H1-A02'));
    await pause(500);
    expect(onCode).toHaveBeenCalledTimes(1);

    zxing.frames = ['H1-A03'];
    await waitFor(() => expect(onCode).toHaveBeenLastCalledWith('H1-A03'));
    expect(onCode).toHaveBeenCalledTimes(2);
  });

  it('stops every track of the stream when it unmounts', async () => {
    const { unmount } = renderScanner();
    await screen.findByText('Point the camera at the label');
    expect(tracks.some((t) => t.stopped)).toBe(false);
    unmount();
    expect(tracks.map((t) => t.stopped)).toEqual([true, true]);
  });

  it('stops the camera when closed, and closes after a read by default', async () => {
    const { onClose, onCode, rerender } = renderScanner({ closeOnRead: true });
    await screen.findByText('Point the camera at the label');
    zxing.frames = ['RCV'];
    await waitFor(() => expect(onCode).toHaveBeenCalledWith('RCV'));
    expect(onClose).toHaveBeenCalled();
    rerender({ opened: false });
    expect(tracks.map((t) => t.stopped)).toEqual([true, true]);
  });

  it('releases a camera that arrives only after the scanner was closed', async () => {
    let grant: (stream: MediaStream) => void = () => {};
    getUserMedia.mockImplementation(() => new Promise<MediaStream>((resolve) => (grant = resolve)));
    const { unmount } = renderScanner();
    await waitFor(() => expect(getUserMedia).toHaveBeenCalled());
    unmount();
    grant(fakeStream(tracks));
    await waitFor(() => expect(tracks.map((t) => t.stopped)).toEqual([true, true]));
  });

  it('says so when camera permission is denied', async () => {
    getUserMedia.mockRejectedValue(new DOMException('Permission denied', 'NotAllowedError'));
    renderScanner();
    await screen.findByText(CAMERA_TEXTS.denied);
  });

  it('says so when the device has no camera', async () => {
    getUserMedia.mockRejectedValue(new DOMException('Requested device not found', 'NotFoundError'));
    renderScanner();
    await screen.findByText(CAMERA_TEXTS.noCamera);
  });

  it('offers the torch where the camera has one', async () => {
    tracks = [new FakeTrack('video', true)];
    renderScanner();
    fireEvent.click(await screen.findByRole('button', { name: 'Torch on' }));
    await screen.findByRole('button', { name: 'Torch off' });
    expect(tracks[0].applied).toEqual([{ advanced: [{ torch: true }] }]);
  });

  it('shows no torch button where the camera has none', async () => {
    renderScanner();
    await screen.findByText('Point the camera at the label');
    expect(screen.queryByRole('button', { name: /Torch/ })).toBeNull();
  });
});
