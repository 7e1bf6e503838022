import { Switch, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import type { CompanyListResponse, CompanyPermissions } from '../../../contract/admin';
import { api } from '../../api/client';
import { showApiError } from '../../ui/notify';
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
        : {
            ...c,
            permissions: on
              ? [...new Set([...c.permissions, id])].sort((a, b) => a - b)
              : c.permissions.filter((p) => p !== id),
          },
    ),
  };
}

/** One row per company, one column per permission including 0 (spec 1 §2.8). */
export function CompanyPermissionMatrix({ list, update }: Props) {
  const [pending, setPending] = useState<string | null>(null);

  async function change(company: CompanyPermissions, permissionId: number, on: boolean) {
    setPending(`${company.company_id}:${permissionId}`);
    try {
      if (on) {
        await api.post('company/permission', {
          json: { company_id: company.company_id, permission_id: permissionId },
        });
      } else {
        await api.delete('company/permission', {
          searchParams: { company_id: company.company_id, permission_id: permissionId },
        });
      }
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
    <Table.ScrollContainer minWidth={700}>
      <Table striped highlightOnHover aria-label="Company permissions">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Company</Table.Th>
            {list.global_permissions.map((p) => (
              <Table.Th key={p.permission_id} ta="center">
                {p.description}
              </Table.Th>
            ))}
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.company_permissions.map((company) => (
            <Table.Tr key={company.company_id}>
              <Table.Td fw={500}>{company.company_name}</Table.Td>
              {list.global_permissions.map((p) => (
                <Table.Td key={p.permission_id} ta="center">
                  <Switch
                    display="inline-block"
                    aria-label={`permission ${p.permission_id} for ${company.company_name}`}
                    checked={company.permissions.includes(p.permission_id)}
                    disabled={pending === `${company.company_id}:${p.permission_id}`}
                    onChange={(e) =>
                      confirmChange(company, p.permission_id, e.currentTarget.checked)
                    }
                  />
                </Table.Td>
              ))}
              <Table.Td>
                <TemporaryLoginButton company={company} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
