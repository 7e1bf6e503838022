import { Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import type { CompanyListResponse, CompanyPermissions } from '../../../contract/admin';
import { showApiError } from '../../ui/notify';
import { PermissionMatrix, sendPermission, switchPermission } from './PermissionMatrix';
import { TemporaryLoginButton } from './TemporaryLoginButton';

interface Props {
  list: CompanyListResponse;
  update: (change: (list: CompanyListResponse) => CompanyListResponse) => void;
}

function withPermission(list: CompanyListResponse, companyId: number, id: number, on: boolean) {
  return {
    ...list,
    company_permissions: list.company_permissions.map((c) =>
      c.company_id !== companyId
        ? c
        : { ...c, permissions: switchPermission(c.permissions, id, on) },
    ),
  };
}

/**
 * One row per company, one column per permission including 0 (brick_admin, shown only here).
 * A change asks for confirmation; the server's revoke also takes the permission from the company's
 * users.
 */
export function CompanyPermissionMatrix({ list, update }: Props) {
  const [pending, setPending] = useState<string | null>(null);

  async function change(company: CompanyPermissions, permissionId: number, on: boolean) {
    setPending(`${company.company_id}:${permissionId}`);
    try {
      const ids = { company_id: company.company_id, permission_id: permissionId };
      await sendPermission('company/permission', ids, on);
      update((l) => withPermission(l, company.company_id, permissionId, on));
    } catch (error) {
      await showApiError(error);
    } finally {
      setPending(null);
    }
  }

  function confirmChange(company: CompanyPermissions, permissionId: number, on: boolean) {
    modals.openConfirmModal({
      title: on ? 'Grant permission' : 'Revoke permission',
      closeOnClickOutside: false,
      children: <Text>Are you sure you want to do that?</Text>,
      labels: { confirm: 'Yes', cancel: 'Cancel' },
      onConfirm: () => void change(company, permissionId, on),
    });
  }

  if (list.company_permissions.length === 0) {
    return <Text c="dimmed">There are no companies yet.</Text>;
  }

  return (
    <PermissionMatrix
      label="Company permissions"
      minWidth={700}
      holder="Company"
      columns={list.global_permissions}
      rows={list.company_permissions}
      rowKey={(company) => company.company_id}
      nameCell={(company) => <Table.Td fw={500}>{company.company_name}</Table.Td>}
      switchName={(company) => company.company_name}
      permissions={(company) => company.permissions}
      isPending={(company, id) => pending === `${company.company_id}:${id}`}
      onSwitch={confirmChange}
      actions={(company) => <TemporaryLoginButton company={company} />}
    />
  );
}
