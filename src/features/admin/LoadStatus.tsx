import { Button, Group, Text } from '@mantine/core';
import { LoadingLine } from '../../ui/LoadingLine';

/** While a list loads: a spinner; when it could not be loaded: the reason and Try again. */
export function LoadStatus({
  loading,
  what,
  onRetry,
}: {
  loading: boolean;
  /** The list, in the sentence's words: 'users', 'companies'. */
  what: string;
  onRetry: () => void;
}) {
  return loading ? (
    <LoadingLine what={what} />
  ) : (
    <Group gap="xs">
      <Text c="dimmed">The {what} could not be loaded.</Text>
      <Button variant="subtle" onClick={onRetry}>
        Try again
      </Button>
    </Group>
  );
}
