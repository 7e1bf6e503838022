import { Group, Progress, Text } from '@mantine/core';
import { pickProgress } from './progress';

/** Progress bar of picked against ordered, capped at 100%, yellow on an over-pick. */
export function OrderProgress({
  picked,
  ordered,
  size = 'lg',
  withLabel = true,
}: {
  picked: number;
  ordered: number;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  withLabel?: boolean;
}) {
  const p = pickProgress(picked, ordered);
  return (
    <Group gap="xs" wrap="nowrap" style={{ flex: 1, minWidth: 120 }}>
      <Progress
        value={p.percent}
        color={p.color}
        size={size}
        style={{ flex: 1 }}
        aria-label={`Picked ${picked} of ${ordered}`}
        data-color={p.color}
      />
      {withLabel && (
        <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
          {p.label}
        </Text>
      )}
    </Group>
  );
}
