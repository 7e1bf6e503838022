import { ActionIcon, NumberInput, Popover, Stack, Switch, Text } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { MIN_LENGTH_RANGE, useScanSettings, writeScanSettings } from './settings';
import { SCAN_IGNORE_ATTRIBUTE } from './wedge';

/**
 * The scanner settings of this device, beside the scan field on the picker's and filler's
 * screens: sound and vibration on or off, and the shortest code the handheld scanner may send.
 */
export function ScanSettingsMenu() {
  const settings = useScanSettings();
  return (
    // Above the notices (z-index 400): the picker opened it on purpose.
    <Popover position="bottom-end" withinPortal shadow="md" width={260} zIndex={450}>
      <Popover.Target>
        <ActionIcon size={48} variant="subtle" color="gray" aria-label="Scanner settings">
          <IconSettings size={26} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown {...{ [SCAN_IGNORE_ATTRIBUTE]: '' }} data-testid="scan-settings">
        <Stack gap="sm">
          <Text fw={700} size="sm">
            Scanner settings
          </Text>
          <Switch
            size="md"
            label="Sound and vibration on a scan"
            checked={settings.sound}
            onChange={(e) => writeScanSettings({ sound: e.currentTarget.checked })}
          />
          <NumberInput
            label="Shortest code from the handheld scanner"
            description="Location codes may have only 2 characters."
            min={MIN_LENGTH_RANGE.min}
            max={MIN_LENGTH_RANGE.max}
            clampBehavior="strict"
            allowDecimal={false}
            value={settings.minLength}
            onChange={(value) => {
              if (typeof value === 'number') writeScanSettings({ minLength: value });
            }}
          />
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
