import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';

export function NotFound() {
  return (
    <Stack gap="md" p="md">
      <Title order={2}>Page not found</Title>
      <Text>Invalid path: there is no page at this address.</Text>
      <Anchor component={Link} to="/">
        Go to the start page
      </Anchor>
    </Stack>
  );
}

/** A signed-in user opened a path none of their roles admits (contract/access.ts PATH_RULES). */
export function PermissionDenied() {
  return (
    <Stack gap="md">
      <Title order={2}>Permission denied</Title>
      <Text>Your account has no role that may open this page.</Text>
      <Anchor component={Link} to="/">
        Go to your start page
      </Anchor>
    </Stack>
  );
}

export function NoRoles() {
  return (
    <Stack gap="md">
      <Title order={2}>No permissions yet</Title>
      <Text>
        Your account holds no permissions yet. Ask an administrator of your company to grant you
        one, then log in again.
      </Text>
    </Stack>
  );
}

export function PageLoading() {
  return (
    <Text c="dimmed" p="md" role="status">
      Loading…
    </Text>
  );
}
