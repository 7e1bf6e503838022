import { Group, Progress, Select, Stack, Text } from '@mantine/core';
import {
  SYNC_COMPLETENESS,
  SYNC_CONDITIONS,
  type SyncCompleteness,
  type SyncCondition,
} from '../../../contract/sync-batches';
import type { ImportProgress } from './importFlow';

const nl = (n: number) => n.toLocaleString('nl-NL');
const MB = 1024 * 1024;

/** One long step of the import: a bar and "n of N lots" (or MB while reading). */
export function ImportProgressBar({ progress }: { progress: ImportProgress }) {
  const { step, done, total, unit } = progress;
  const percent = total === 0 ? 100 : Math.min(100, Math.round((done / total) * 100));
  const amount =
    unit === 'bytes'
      ? `${(done / MB).toFixed(1)} of ${(total / MB).toFixed(1)} MB`
      : `${nl(done)} of ${nl(total)} lots`;
  return (
    <Stack gap={4} maw={520}>
      <Progress value={percent} aria-label={step} />
      <Text size="sm" c="dimmed">
        {step}: {amount}
      </Text>
    </Stack>
  );
}

/**
 * Choices for many lots at once: the condition of every used lot that has none yet, and the
 * completeness of every set without one (a large file is not edited row by row).
 */
export function ForAllLots({
  onCondition,
  onCompleteness,
  showCompleteness,
}: {
  onCondition: (c: SyncCondition) => void;
  onCompleteness: (c: SyncCompleteness) => void;
  showCompleteness: boolean;
}) {
  const usedConditions = SYNC_CONDITIONS.filter((c) => c !== 'NEW');
  return (
    <Group align="flex-end">
      <Select
        label="Condition of every used lot without one"
        placeholder="Choose a condition"
        data={[...usedConditions]}
        value={null}
        onChange={(v) => v && onCondition(v as SyncCondition)}
        w={300}
      />
      {showCompleteness && (
        <Select
          label="Completeness of every set without one"
          placeholder="Choose a completeness"
          data={[...SYNC_COMPLETENESS]}
          value={null}
          onChange={(v) => v && onCompleteness(v as SyncCompleteness)}
          w={300}
        />
      )}
    </Group>
  );
}
