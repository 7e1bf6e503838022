import { Badge, Button, Card, Group, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import {
  CONDITIONS,
  ProjectMessages,
  PROJECT_STATUSES,
  type ProjectRow,
  type ProjectStatus,
} from '../../../contract/projects';
import { euros, hours, localDate } from '../../ui/format';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text size="sm">
      <Text span c="dimmed">
        {label}:
      </Text>{' '}
      {children}
    </Text>
  );
}

/** The condition's label; an unknown value says so. */
export function conditionLabel(condition: string): string {
  return (CONDITIONS as Record<string, string>)[condition] ?? ProjectMessages.conditionNotFound;
}

/**
 * One project on the overview: its data, a button to open it, Update, and its status — a
 * dropdown for a digibrick_manager (each change is sent at once), read-only for others.
 */
export function ProjectCard({
  project,
  canSetStatus,
  busy,
  onStatus,
  onUpdate,
}: {
  project: ProjectRow;
  canSetStatus: boolean;
  busy: boolean;
  onStatus: (status: ProjectStatus) => void;
  onUpdate: () => void;
}) {
  const p = project;
  return (
    <Card withBorder shadow="xs" padding="md" aria-label={`project ${p.name}`}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={4}>{p.name}</Title>
          {canSetStatus ? (
            <Select
              aria-label={`status of ${p.name}`}
              data={[...PROJECT_STATUSES]}
              value={p.status}
              allowDeselect={false}
              disabled={busy}
              w={150}
              onChange={(v) => v && v !== p.status && onStatus(v as ProjectStatus)}
            />
          ) : (
            <Badge variant="light" color={p.status === 'in progress' ? 'blue' : 'gray'}>
              {p.status}
            </Badge>
          )}
        </Group>
        <Text size="sm">{p.content}</Text>
        <SimpleGrid cols={2} spacing="xs" verticalSpacing={4}>
          <Detail label="Condition">{conditionLabel(p.condition)}</Detail>
          <Detail label="Purpose">{p.purpose}</Detail>
          <Detail label="Main purchase price">{euros(p.main_purchase_price)}</Detail>
          <Detail label="Other purchase price">{euros(p.other_purchase_price)}</Detail>
          <Detail label="Sorting hours">{hours(p.sorting_hours)}</Detail>
          <Detail label="Other hours">{hours(p.other_hours)}</Detail>
          <Detail label="Digitizing hours">{hours(p.digitizing_hours)}</Detail>
          <Detail label="Warehouse hours">{hours(p.warehouse_hours)}</Detail>
          <Detail label="Worth">{euros(p.total_price)}</Detail>
          <Detail label="Created">
            {localDate(p.date_of_creation)}
            {p.creator_name ? ` by ${p.creator_name}` : ''}
          </Detail>
        </SimpleGrid>
        {p.comments && (
          <Text size="sm" c="dimmed">
            {p.comments}
          </Text>
        )}
        {p.date_of_last_edit && (
          <Text size="xs" c="dimmed">
            Last edited {localDate(p.date_of_last_edit)}
            {p.last_edit_name ? ` by ${p.last_edit_name}` : ''}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" size="xs" onClick={onUpdate}>
            Update
          </Button>
          <Button component={Link} to={`/projects/${p.project_id}`} size="xs">
            Go to project
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
