import { Anchor, Button, Checkbox, Group, Stack, Table, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { ReportMessages, type IssueRow } from '../../../contract/reports';
import { notifySuccess, showApiError } from '../../ui/notify';
import { deleteIssue, fetchIssues, solveIssue } from './api';
import { reportTime } from './reportTime';
import { TableHead } from '../../ui/TableHead';
import { LoadingLine } from '../../ui/LoadingLine';
import { ColourName } from '../../ui/ColourName';

/**
 * Warehouse Reports and Item Reports (docs/reports.md): the issues sent to one manager, unsolved
 * ones with a done button, solved ones (with 'Show solved issues') with a delete button.
 */
export function IssuesScreen({ managerId, title }: { managerId: 1 | 2; title: string }) {
  const [showSolved, setShowSolved] = useState(false);
  const [issues, setIssues] = useState<IssueRow[] | null>(null);
  const [busy, setBusy] = useState<number | null>(null);

  const load = useCallback(async () => {
    try {
      setIssues((await fetchIssues(managerId, showSolved)).results);
    } catch (error) {
      await showApiError(error);
    }
  }, [managerId, showSolved]);

  useEffect(() => {
    void load();
  }, [load]);

  async function run(issueId: number, work: () => Promise<void>, done: string) {
    setBusy(issueId);
    try {
      await work();
      notifySuccess(done);
      await load();
    } catch (error) {
      await showApiError(error);
    } finally {
      setBusy(null);
    }
  }

  function confirmDelete(issue: IssueRow) {
    modals.openConfirmModal({
      title: 'Delete report',
      children: <Text size="sm">Are you sure you want to delete report {issue.issue_id}?</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        void run(issue.issue_id, () => deleteIssue(issue.issue_id), ReportMessages.deleted),
    });
  }

  return (
    <Stack gap="md">
      <Title order={2}>{title}</Title>
      <Checkbox
        label="Show solved issues"
        checked={showSolved}
        onChange={(e) => setShowSolved(e.currentTarget.checked)}
      />
      {issues === null ? (
        <LoadingLine what="reports" />
      ) : issues.length === 0 ? (
        <Text>{ReportMessages.empty}</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover>
            <TableHead labels={['Id', 'Time', 'Location', 'Item', 'Note', '']} />
            <Table.Tbody>
              {issues.map((issue) => (
                <Table.Tr key={issue.issue_id} data-solved={issue.solved === 1}>
                  <Table.Td>{issue.issue_id}</Table.Td>
                  <Table.Td>{reportTime(issue.creation_date)}</Table.Td>
                  <Table.Td>
                    {issue.location_id !== null && (
                      <Anchor component={Link} to={`/location/${issue.location_id}`}>
                        {issue.location_name || `Location ${issue.location_id}`}
                      </Anchor>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {issue.mold_name && (
                      <Group gap={6} wrap="nowrap">
                        <Text size="sm">{issue.mold_name}</Text>
                        <ColourName hex={issue.colour_hex} name={issue.colour_name} />
                        <Text size="xs" c="dimmed">
                          {issue.condition_name}
                        </Text>
                      </Group>
                    )}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'pre-line' }}>{issue.issue_note}</Table.Td>
                  <Table.Td>
                    {issue.solved ? (
                      <Button
                        size="compact-sm"
                        color="red"
                        variant="light"
                        loading={busy === issue.issue_id}
                        onClick={() => confirmDelete(issue)}
                      >
                        Delete
                      </Button>
                    ) : (
                      <Button
                        size="compact-sm"
                        loading={busy === issue.issue_id}
                        onClick={() =>
                          void run(
                            issue.issue_id,
                            () => solveIssue(issue.issue_id),
                            ReportMessages.solved,
                          )
                        }
                      >
                        Done
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
