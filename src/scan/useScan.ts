import { useEffect, useRef } from 'react';
import { scanService, type ScanHandler, type ScanService } from './service';

export type UseScanOptions = {
  /** Listen only while true (default true). */
  enabled?: boolean;
  /** Another service than the page's one (tests). */
  service?: ScanService;
};

/**
 * Receives scanned codes (already normalized) from the wedge scanner, the camera and manual entry
 * while the component is mounted and `enabled`. Only the latest mounted subscriber receives codes,
 * so two screens never both react to one scan.
 */
export function useScan(onCode: ScanHandler, { enabled = true, service }: UseScanOptions = {}) {
  const handlerRef = useRef(onCode);
  useEffect(() => {
    handlerRef.current = onCode;
  }, [onCode]);

  const target = service ?? scanService;
  useEffect(() => {
    if (!enabled) return;
    return target.subscribe((code, source) => handlerRef.current(code, source));
  }, [enabled, target]);
}
