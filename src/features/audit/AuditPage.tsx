import {
  Button,
  Group,
  Pagination,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import type { CompanyListResponse } from '../../../contract/admin';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  AUDIT_PER_PAGE,
  type AuditEntry,
  type AuditListResponse,
} from '../../../contract/audit';
import { PERMISSION_DESCRIPTIONS, type PermissionId } from '../../../contract/permissions';
import { api } from '../../api/client';
import { useSession } from '../../app/session';
import { showApiError } from '../../ui/notify';

interface Filters {
  who: string;
  action: string;
  from: string;
  to: string;
  company: string;
}
const NO_FILTERS: Filters = { who: '', action: '', from: '', to: '', company: '' };

function query(filters: Filters, page: number): URLSearchParams {
  const q = new URLSearchParams({ page: String(page), limit: String(AUDIT_PER_PAGE) });
  if (filters.who.trim()) q.set('who', filters.who.trim());
  if (filters.action) q.set('action', filters.action);
  if (filters.from) q.set('from', filters.from);
  if (filters.to) q.set('to', filters.to);
  if (filters.company) q.set('company_id', filters.company);
  return q;
}

/** The entry's facts in words: its detail, the permission and the company it names. */
export function describeEntry(entry: AuditEntry, companyName: (id: number) => string): string {
  const parts: string[] = [];
  if (entry.detail) parts.push(entry.detail);
  if (entry.permission_id !== null) {
    const name = PERMISSION_DESCRIPTIONS[entry.permission_id as PermissionId];
    parts.push(`Permission: ${name ?? entry.permission_id}`);
  }
  if (entry.target_company_id !== null && !entry.detail) {
    parts.push(`Company: ${companyName(entry.target_company_id)}`);
  }
  return parts.join(' · ');
}

/**
 * The audit log: sign-ins, permission changes, deletions, store changes and new companies, newest
 * first. A company admin sees their own company's; the platform admin every company's, with a
 * company filter.
 */
export default function AuditPage() {
  const platform = useSession((s) => s.flags.brick_admin);
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [list, setList] = useState<AuditListResponse | null>(null);
  const [companies, setCompanies] = useState<Map<number, string>>(new Map());

  useEffect(() => {
    if (!platform) return;
    void api
      .get('company')
      .json<CompanyListResponse>()
      .then((c) =>
        setCompanies(new Map(c.company_permissions.map((p) => [p.company_id, p.company_name]))),
      )
      .catch(showApiError);
  }, [platform]);

  useEffect(() => {
    let live = true;
    setList(null);
    api
      .get('v1/audit', { searchParams: query(filters, page) })
      .json<AuditListResponse>()
      .then((answer) => live && setList(answer))
      .catch(showApiError);
    return () => {
      live = false;
    };
  }, [filters, page]);

  const companyName = (id: number) => companies.get(id) ?? `Company ${id}`;
  const set = (key: keyof Filters) => (value: string | null) =>
    setDraft((d) => ({ ...d, [key]: value ?? '' }));
  function apply(event: FormEvent) {
    event.preventDefault();
    setPage(1);
    setFilters(draft);
  }
  const pages = list ? Math.max(1, Math.ceil(list.count / AUDIT_PER_PAGE)) : 1;

  return (
    <Stack gap="md">
      <Title order={2}>Audit log</Title>
      <form onSubmit={apply} aria-label="Audit filters">
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label="Who"
            placeholder="e-mail address"
            value={draft.who}
            onChange={(e) => set('who')(e.currentTarget.value)}
          />
          <Select
            label="Action"
            placeholder="Any action"
            clearable
            data={AUDIT_ACTIONS.map((a) => ({ value: a, label: AUDIT_ACTION_LABELS[a] }))}
            value={draft.action || null}
            onChange={set('action')}
          />
          <TextInput
            label="From"
            type="date"
            value={draft.from}
            onChange={(e) => set('from')(e.currentTarget.value)}
          />
          <TextInput
            label="To"
            type="date"
            value={draft.to}
            onChange={(e) => set('to')(e.currentTarget.value)}
          />
          {platform && (
            <Select
              label="Company"
              placeholder="Every company"
              clearable
              data={[...companies].map(([id, name]) => ({ value: String(id), label: name }))}
              value={draft.company || null}
              onChange={set('company')}
            />
          )}
          <Button type="submit">Show</Button>
          <Button
            variant="default"
            onClick={() => {
              setDraft(NO_FILTERS);
              setFilters(NO_FILTERS);
              setPage(1);
            }}
          >
            Clear
          </Button>
        </Group>
      </form>
      {list === null ? (
        <Text c="dimmed">Loading…</Text>
      ) : list.count === 0 ? (
        <Text>No entries match.</Text>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {list.count} {list.count === 1 ? 'entry' : 'entries'}
          </Text>
          <Table.ScrollContainer minWidth={720}>
            <Table striped aria-label="Audit entries">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>When</Table.Th>
                  {platform && <Table.Th>Company</Table.Th>}
                  <Table.Th>Action</Table.Th>
                  <Table.Th>Who</Table.Th>
                  <Table.Th>To whom</Table.Th>
                  <Table.Th>Details</Table.Th>
                  <Table.Th>Address</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.results.map((e) => (
                  <Table.Tr key={e.id}>
                    <Table.Td>{new Date(e.created_at).toLocaleString()}</Table.Td>
                    {platform && (
                      <Table.Td>{e.company_id === null ? '—' : companyName(e.company_id)}</Table.Td>
                    )}
                    <Table.Td>{AUDIT_ACTION_LABELS[e.action]}</Table.Td>
                    <Table.Td>{e.actor_email ?? '—'}</Table.Td>
                    <Table.Td>{e.target_email ?? '—'}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'pre-wrap' }}>
                      {describeEntry(e, companyName) || '—'}
                    </Table.Td>
                    <Table.Td>{e.ip ?? '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} />}
        </>
      )}
    </Stack>
  );
}
