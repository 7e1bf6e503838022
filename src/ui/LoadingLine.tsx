import { Group, Loader, Text } from '@mantine/core';

/** While a screen's list loads: a small spinner and 'Loading <what>…'. */
export function LoadingLine({ what }: { what: string }) {
  return (
    <Group gap="xs">
      <Loader size="sm" />
      <Text c="dimmed">{`Loading ${what}…`}</Text>
    </Group>
  );
}
