import { Anchor, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** A page that only says what happened: a title, a text and, when given, a link to the start. */
function StatusPage(props: { title: string; children: ReactNode; back?: string; p?: 'md' }) {
  return (
    <Stack gap="md" p={props.p}>
      <Title order={2}>{props.title}</Title>
      <Text>{props.children}</Text>
      {props.back && (
        <Anchor component={Link} to="/">
          {props.back}
        </Anchor>
      )}
    </Stack>
  );
}

export function NotFound() {
  return (
    <StatusPage title="Page not found" back="Go to the start page" p="md">
      Invalid path: there is no page at this address.
    </StatusPage>
  );
}

/** A signed-in user opened a path none of their roles admits (contract/access.ts PATH_RULES). */
export function PermissionDenied() {
  return (
    <StatusPage title="Permission denied" back="Go to your start page">
      Your account has no role that may open this page.
    </StatusPage>
  );
}

export function NoRoles() {
  return (
    <StatusPage title="No permissions yet">
      Your account holds no permissions yet. Ask an administrator of your company to grant you one,
      then log in again.
    </StatusPage>
  );
}

export function PageLoading() {
  return (
    <Text c="dimmed" p="md" role="status">
      Loading…
    </Text>
  );
}
