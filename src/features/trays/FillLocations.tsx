import { Badge, Breadcrumbs, Group, Radio, Stack, Text } from '@mantine/core';
import type { FillLocation } from '../../../contract/warehouse';

interface Props {
  locations: readonly FillLocation[];
  value: number | null;
  onChange: (locationId: number) => void;
  disabled?: boolean;
}

/** The tray's candidate locations as radio choices, each a breadcrumb with its code. */
export function FillLocations({ locations, value, onChange, disabled }: Props) {
  if (locations.length === 0) {
    return (
      <Text c="dimmed">
        There is no location for this item yet: no location holds it and none is marked for new
        items.
      </Text>
    );
  }
  return (
    <Radio.Group
      label="Location"
      value={value === null ? null : String(value)}
      onChange={(v) => onChange(Number(v))}
    >
      <Stack gap="xs" mt={4}>
        {locations.map((l) => (
          <Radio
            key={l.location_id}
            value={String(l.location_id)}
            disabled={disabled}
            size="md"
            aria-label={`${l.location_name} (${l.code})`}
            data-testid="fill-location"
            data-code={l.code}
            label={
              <Stack gap={2}>
                <Breadcrumbs separator=">" separatorMargin={4}>
                  {l.breadcrumb.map((n) => (
                    <Text key={n.location_id} size="sm">
                      {n.name}
                    </Text>
                  ))}
                </Breadcrumbs>
                <Group gap="xs">
                  <Text size="sm" ff="monospace" fw={700}>
                    {l.code}
                  </Text>
                  {l.quantity > 0 && <Badge variant="light">{l.quantity} here</Badge>}
                  {l.is_new_items_location && l.quantity === 0 && (
                    <Badge variant="light" color="grape">
                      New items
                    </Badge>
                  )}
                </Group>
              </Stack>
            }
          />
        ))}
      </Stack>
    </Radio.Group>
  );
}
