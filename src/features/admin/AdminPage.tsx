import { Group, Stack, Title } from '@mantine/core';
import type { UserListResponse } from '../../../contract/admin';
import { useSession } from '../../app/session';
import { AddUserForm } from './AddUserForm';
import { DownloadLogsButton } from './DownloadLogsButton';
import { LoadStatus } from './LoadStatus';
import { useApiData } from './useApiData';
import { UserPermissionMatrix } from './UserPermissionMatrix';

/**
 * User administration for the company's admin: add users, set permissions, delete (docs/access.md).
 */
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
        ) : (
          <LoadStatus loading={users.loading} what="users" onRetry={() => void users.reload()} />
        )}
      </section>
    </Stack>
  );
}
