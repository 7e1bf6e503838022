import { signalScan } from './feedback';
import { normalizeCode } from './normalize';
import { onScanSettings, readScanSettings } from './settings';
import { createWedgeDetector, type WedgeDetector, type WedgeOptions } from './wedge';

export type ScanSource = 'wedge' | 'camera' | 'manual';
/**
 * Receives a scanned code. Returning false says the code was not the one asked for (a bad scan:
 * two low beeps and a double buzz); anything else is a good scan (one beep, one buzz).
 */
export type ScanHandler = (code: string, source: ScanSource) => unknown;

export type ScanService = {
  /**
   * Adds a receiver of codes. Only the latest one receives codes; when it leaves, the one before it
   * takes over. Returns the unsubscribe function.
   */
  subscribe(handler: ScanHandler): () => void;
  /** Hands a code from any source to the current receiver; false when nobody took it. */
  emit(raw: string, source: ScanSource): boolean;
  /** Changes the wedge thresholds or clock (tests, unusual scanners). */
  configureWedge(options: Partial<WedgeOptions>): void;
  /** Number of receivers (for tests and diagnostics). */
  readonly subscriberCount: number;
};

/**
 * One scan service for the whole page: listens for keyboard-wedge bursts on the document while
 * anyone subscribes, and takes camera and manual codes through `emit`.
 */
export function createScanService(
  doc: Document | null = typeof document === 'undefined' ? null : document,
  wedgeOptions: Partial<WedgeOptions> = {},
  signal: (good: boolean) => void = () => {},
): ScanService {
  const stack: { handler: ScanHandler }[] = [];
  let options = wedgeOptions;
  let wedge: WedgeDetector = createWedgeDetector(options);

  const onKeyDown = (event: KeyboardEvent) => {
    const code = wedge.handleKeyDown(event);
    if (code !== null) emit(code, 'wedge');
  };
  const onInput = (event: Event) => wedge.handleInput(event);

  function emit(raw: string, source: ScanSource): boolean {
    const code = normalizeCode(raw);
    const current = stack[stack.length - 1];
    if (!code || !current) return false;
    const verdict = current.handler(code, source);
    signal(verdict !== false);
    return true;
  }

  function subscribe(handler: ScanHandler): () => void {
    const entry = { handler };
    stack.push(entry);
    if (stack.length === 1) {
      doc?.addEventListener('keydown', onKeyDown, true);
      doc?.addEventListener('input', onInput, true);
    }
    return () => {
      const index = stack.indexOf(entry);
      if (index === -1) return;
      stack.splice(index, 1);
      if (stack.length === 0) {
        doc?.removeEventListener('keydown', onKeyDown, true);
        doc?.removeEventListener('input', onInput, true);
        wedge.reset();
      }
    };
  }

  return {
    subscribe,
    emit,
    configureWedge(next) {
      options = { ...options, ...next };
      wedge = createWedgeDetector(options);
    },
    get subscriberCount() {
      return stack.length;
    },
  };
}

/**
 * The page's scan service: it beeps and buzzes for each scan (unless muted), and its wedge takes
 * the shortest code length set on this device.
 */
export const scanService = createScanService(
  undefined,
  { minLength: readScanSettings().minLength },
  signalScan,
);
onScanSettings(() => scanService.configureWedge({ minLength: readScanSettings().minLength }));
