import { Button, Switch, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import type { UserListResponse, UserPermissions } from '../../../contract/admin';
import { api } from '../../api/client';
import { notifySuccess, showApiError } from '../../ui/notify';

interface Props {
  list: UserListResponse;
  /** Applies a change to the list on screen (optimistic toggles and their rollback). */
  update: (change: (list: UserListResponse) => UserListResponse) => void;
  /** The signed-in admin: they cannot delete themself. */
  selfId: number | undefined;
  onDeleted: () => void;
}

function withPermission(list: UserListResponse, userId: number, id: number, on: boolean) {
  return {
    ...list,
    user_permissions: list.user_permissions.map((u) =>
      u.user_id !== userId
        ? u
        : {
            ...u,
            permissions: on
              ? [...new Set([...u.permissions, id])].sort((a, b) => a - b)
              : u.permissions.filter((p) => p !== id),
          },
    ),
  };
}

function who(user: UserPermissions): string {
  return user.user_name && user.user_name !== user.user_email
    ? `${user.user_name} (${user.user_email})`
    : user.user_email;
}

/** One row per user, one column per company permission, a switch per cell (spec 1 §2.7). */
export function UserPermissionMatrix({ list, update, selfId, onDeleted }: Props) {
  const [pending, setPending] = useState<Set<string>>(new Set());

  async function toggle(user: UserPermissions, permissionId: number, on: boolean) {
    const key = `${user.user_id}:${permissionId}`;
    setPending((p) => new Set(p).add(key));
    update((l) => withPermission(l, user.user_id, permissionId, on));
    try {
      if (on) {
        await api.post('user/permission', {
          json: { user_id: user.user_id, permission_id: permissionId },
        });
      } else {
        await api.delete('user/permission', {
          searchParams: { user_id: user.user_id, permission_id: permissionId },
        });
      }
    } catch (error) {
      update((l) => withPermission(l, user.user_id, permissionId, !on));
      await showApiError(error);
    } finally {
      setPending((p) => {
        const next = new Set(p);
        next.delete(key);
        return next;
      });
    }
  }

  async function remove(user: UserPermissions) {
    try {
      await api.delete('user', { searchParams: { user_id: user.user_id } });
      notifySuccess(`${who(user)} has been deleted.`);
      onDeleted();
    } catch (error) {
      await showApiError(error);
    }
  }

  function confirmDelete(user: UserPermissions) {
    modals.openConfirmModal({
      title: 'Delete user',
      closeOnClickOutside: false,
      children: <Text>You are about to delete {who(user)}</Text>,
      labels: { confirm: 'Continue', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        modals.openConfirmModal({
          title: 'Delete user',
          closeOnClickOutside: false,
          children: <Text>Are you sure you want to do this?</Text>,
          labels: { confirm: 'Delete', cancel: 'Cancel' },
          confirmProps: { color: 'red' },
          onConfirm: () => void remove(user),
        }),
    });
  }

  if (list.user_permissions.length === 0) {
    return <Text c="dimmed">Your company has no users yet. Add one above.</Text>;
  }

  return (
    <Table.ScrollContainer minWidth={600}>
      <Table striped highlightOnHover aria-label="User permissions">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>User</Table.Th>
            {list.company_permissions.map((p) => (
              <Table.Th key={p.permission_id} ta="center">
                {p.description}
              </Table.Th>
            ))}
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.user_permissions.map((user) => (
            <Table.Tr key={user.user_id}>
              <Table.Td>
                <Text fw={500}>{user.user_name}</Text>
                <Text size="xs" c="dimmed">
                  {user.user_email}
                </Text>
              </Table.Td>
              {list.company_permissions.map((p) => (
                <Table.Td key={p.permission_id} ta="center">
                  <Switch
                    display="inline-block"
                    aria-label={`permission ${p.permission_id} for ${user.user_email}`}
                    checked={user.permissions.includes(p.permission_id)}
                    disabled={pending.has(`${user.user_id}:${p.permission_id}`)}
                    onChange={(e) => void toggle(user, p.permission_id, e.currentTarget.checked)}
                  />
                </Table.Td>
              ))}
              <Table.Td>
                <Button
                  size="xs"
                  color="red"
                  variant="light"
                  aria-label={`delete ${user.user_email}`}
                  disabled={user.user_id === selfId}
                  title={
                    user.user_id === selfId ? 'You cannot delete your own account.' : undefined
                  }
                  onClick={() => confirmDelete(user)}
                >
                  Delete
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
