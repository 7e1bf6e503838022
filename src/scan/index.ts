export { useScan, type UseScanOptions } from './useScan';
export { ScanBar, SCAN_HINT } from './ScanBar';
export { ManualCodeInput } from './ManualCodeInput';
export { CameraScanner, CameraView, type CameraScannerProps } from './camera/CameraScanner';
export { CAMERA_TEXTS } from './camera/media';
export { normalizeCode, codesMatch } from './normalize';
export {
  scanService,
  createScanService,
  type ScanService,
  type ScanSource,
  type ScanHandler,
} from './service';
export { DEFAULT_WEDGE_OPTIONS, SCAN_IGNORE_ATTRIBUTE, type WedgeOptions } from './wedge';
export { signalScan, prepareFeedback } from './feedback';
export {
  DEFAULT_SCAN_SETTINGS,
  readScanSettings,
  writeScanSettings,
  useScanSettings,
  type ScanSettings,
} from './settings';
export { ScanSettingsMenu } from './ScanSettingsMenu';
