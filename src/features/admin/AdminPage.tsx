import { Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { UserListResponse } from '../../../contract/admin';
import { useSession } from '../../app/session';
import { AddUserForm } from './AddUserForm';
import { DownloadLogsButton } from './DownloadLogsButton';
import { useApiData } from './useApiData';
import { UserPermissionMatrix } from './UserPermissionMatrix';

/** User administration for the company's admin (spec 1 §2.7). */
export default function AdminPage() {
  const users = useApiData<UserListResponse>('user');
  const selfId = useSession((s) => s.user?.id);

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={2}>User administration</Title>
        <DownloadLogsButton />
      </Group>
      <AddUserForm onAdded={() => void users.reload()} />
      <section aria-labelledby="users-title">
        <Title order={3} id="users-title" mb="sm">
          Users and permissions
        </Title>
        {users.data ? (
          <UserPermissionMatrix
            list={users.data}
            update={users.setData}
            selfId={selfId}
            onDeleted={() => void users.reload()}
          />
        ) : users.loading ? (
          <Group gap="xs">
            <Loader size="sm" />
            <Text c="dimmed">Loading users…</Text>
          </Group>
        ) : (
          <Group gap="xs">
            <Text c="dimmed">The users could not be loaded.</Text>
            <Button variant="subtle" onClick={() => void users.reload()}>
              Try again
            </Button>
          </Group>
        )}
      </section>
    </Stack>
  );
}
