import { Button, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';
import { forgetFailedLoads } from './lazyLoaded';

/** A page failed to load or render: 'Problem handling something'. */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  // A page whose code did not arrive (the network blipped) loads again when next opened.
  useEffect(forgetFailedLoads, [error]);
  return (
    <Stack gap="md" p="md" maw={560}>
      <Title order={2}>Problem handling something</Title>
      <Text>
        This page could not be shown. If you are offline, the page may not be stored on this device
        yet.
      </Text>
      <Button w="fit-content" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </Stack>
  );
}
