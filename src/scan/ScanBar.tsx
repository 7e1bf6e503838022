import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import { IconCamera } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { CameraScanner } from './camera/CameraScanner';
import { prepareFeedback } from './feedback';
import { ManualCodeInput } from './ManualCodeInput';
import { ScanSettingsMenu } from './ScanSettingsMenu';
import { scanService, type ScanService } from './service';

export const SCAN_HINT = 'Scan a location code';

type ScanBarProps = {
  hint?: string;
  disabled?: boolean;
  /** Another service than the page's one (tests). */
  service?: ScanService;
};

/**
 * Camera button, manual entry, the scanner settings and a hint in one row. Codes go to the scan
 * service, so the screen receives them through `useScan` together with the wedge scanner's.
 */
export function ScanBar({ hint = SCAN_HINT, disabled, service = scanService }: ScanBarProps) {
  const [cameraOpen, setCameraOpen] = useState(false);

  // Browsers allow sound only after a tap: the first tap on the screen readies the scan beep.
  useEffect(() => {
    const ready = () => prepareFeedback();
    document.addEventListener('pointerdown', ready, { once: true, capture: true });
    return () => document.removeEventListener('pointerdown', ready, { capture: true });
  }, []);

  return (
    <>
      <Group gap="xs" wrap="nowrap" align="center">
        <Tooltip label="Scan with the camera">
          <ActionIcon
            size={48}
            variant="light"
            aria-label="Scan with the camera"
            disabled={disabled}
            onClick={() => {
              prepareFeedback();
              setCameraOpen(true);
            }}
          >
            <IconCamera size={28} />
          </ActionIcon>
        </Tooltip>
        <ManualCodeInput
          size="lg"
          style={{ flex: 1, minWidth: 0 }}
          disabled={disabled}
          aria-label="Location code"
          placeholder="Type the code"
          onSubmit={(code) => service.emit(code, 'manual')}
        />
        <ScanSettingsMenu />
      </Group>
      <Text size="xs" c="dimmed" mt={4}>
        {hint}
      </Text>
      <CameraScanner
        opened={cameraOpen}
        onClose={() => setCameraOpen(false)}
        onCode={(code) => service.emit(code, 'camera')}
      />
    </>
  );
}
