import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Load } from './useLoad';

/**
 * Loading, offline and failed states of a catalog screen; the loaded content otherwise. A screen
 * that can answer from the device's copy of the catalog gives `offline`, shown instead of the
 * offline message when the server cannot be reached.
 */
export function LoadState<T>({
  result,
  label,
  reload,
  offline,
  children,
}: {
  result: Load<T>;
  label: string;
  reload: () => void;
  offline?: () => ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (result.state === 'loading') {
    return (
      <Group gap="xs">
        <Loader size="sm" aria-label={label} />
        <Text c="dimmed">{label}</Text>
      </Group>
    );
  }
  if (result.state === 'offline' && offline) return <>{offline()}</>;
  if (result.state === 'offline' || result.state === 'failed') {
    return (
      <Alert color="orange" title={result.state === 'offline' ? 'Offline' : 'Not loaded'}>
        {result.state === 'offline'
          ? 'The catalog needs the network.'
          : 'The catalog could not be loaded.'}
        <Button mt="sm" variant="default" display="block" onClick={reload}>
          Try again
        </Button>
      </Alert>
    );
  }
  return <>{children(result.data)}</>;
}
