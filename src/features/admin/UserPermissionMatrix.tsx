import { Button, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import type { UserListResponse, UserPermissions } from '../../../contract/admin';
import { api } from '../../api/client';
import { notifySuccess, showApiError } from '../../ui/notify';
import { PermissionMatrix, sendPermission, switchPermission } from './PermissionMatrix';

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
      u.user_id !== userId ? u : { ...u, permissions: switchPermission(u.permissions, id, on) },
    ),
  };
}

function who(user: UserPermissions): string {
  return user.user_name && user.user_name !== user.user_email
    ? `${user.user_name} (${user.user_email})`
    : user.user_email;
}

/** One row per user, one column per permission the company holds, a switch per cell. */
export function UserPermissionMatrix({ list, update, selfId, onDeleted }: Props) {
  const [pending, setPending] = useState<Set<string>>(new Set());

  async function toggle(user: UserPermissions, permissionId: number, on: boolean) {
    const key = `${user.user_id}:${permissionId}`;
    setPending((p) => new Set(p).add(key));
    update((l) => withPermission(l, user.user_id, permissionId, on));
    try {
      const ids = { user_id: user.user_id, permission_id: permissionId };
      await sendPermission('user/permission', ids, on);
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
    <PermissionMatrix
      label="User permissions"
      minWidth={600}
      holder="User"
      columns={list.company_permissions}
      rows={list.user_permissions}
      rowKey={(user) => user.user_id}
      nameCell={(user) => (
        <Table.Td>
          <Text fw={500}>{user.user_name}</Text>
          <Text size="xs" c="dimmed">
            {user.user_email}
          </Text>
        </Table.Td>
      )}
      switchName={(user) => user.user_email}
      permissions={(user) => user.permissions}
      isPending={(user, id) => pending.has(`${user.user_id}:${id}`)}
      onSwitch={(user, id, on) => void toggle(user, id, on)}
      actions={(user) => (
        <Button
          size="xs"
          color="red"
          variant="light"
          aria-label={`delete ${user.user_email}`}
          disabled={user.user_id === selfId}
          title={user.user_id === selfId ? 'You cannot delete your own account.' : undefined}
          onClick={() => confirmDelete(user)}
        >
          Delete
        </Button>
      )}
    />
  );
}
