import { Stack, Text } from '@mantine/core';

/** One large figure with its label, as on the picker's and filler's item cards. */
export function Fact({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Stack gap={0} align="center">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700} ta="center">
        {label}
      </Text>
      <Text size="xl" fw={800} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}
