import { Button, Group, Loader, MultiSelect, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import {
  DEFAULT_STATUS_FILTER,
  PROJECT_STATUSES,
  type ProjectList,
  type ProjectRow,
  type ProjectStatus,
} from '../../../contract/projects';
import { useSession } from '../../app/session';
import { showApiError } from '../../ui/notify';
import { fetchProjects, setProjectStatus } from './api';
import { ProjectCard } from './ProjectCard';
import { ProjectFormModal } from './ProjectFormModal';

/**
 * Projects overview (docs/projects.md): a card per project, filtered by status ('in progress'
 * at first), New project and Update in a form, the status dropdown for a digibrick_manager.
 */
export default function ProjectsPage() {
  const canSetStatus = useSession((s) => s.flags.digibrick_manager);
  const [projects, setProjects] = useState<ProjectRow[] | null>(null);
  const [statuses, setStatuses] = useState<string[]>([DEFAULT_STATUS_FILTER]);
  // undefined: no form open; null: the new-project form; a row: its update form.
  const [editing, setEditing] = useState<ProjectRow | null | undefined>(undefined);
  const [busy, setBusy] = useState<number | null>(null);

  const load = useCallback(async () => {
    try {
      setProjects((await fetchProjects()).results);
    } catch (error) {
      await showApiError(error);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  async function changeStatus(projectId: number, status: ProjectStatus) {
    setBusy(projectId);
    try {
      setProjects((await setProjectStatus(projectId, status)).results);
    } catch (error) {
      await showApiError(error);
    } finally {
      setBusy(null);
    }
  }

  function saved(list: ProjectList) {
    setProjects(list.results);
    setEditing(undefined);
  }

  const shown = (projects ?? []).filter((p) => statuses.includes(p.status));
  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Title order={2}>Projects</Title>
        <Group align="flex-end">
          <MultiSelect
            label="Status"
            data={[...PROJECT_STATUSES]}
            value={statuses}
            onChange={setStatuses}
            w={320}
          />
          <Button onClick={() => setEditing(null)}>New project</Button>
        </Group>
      </Group>
      {projects === null ? (
        <Loader />
      ) : shown.length === 0 ? (
        <Text c="dimmed">There are no projects with the chosen status.</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }}>
          {shown.map((p) => (
            <ProjectCard
              key={p.project_id}
              project={p}
              canSetStatus={canSetStatus}
              busy={busy === p.project_id}
              onStatus={(s) => void changeStatus(p.project_id, s)}
              onUpdate={() => setEditing(p)}
            />
          ))}
        </SimpleGrid>
      )}
      {editing !== undefined && (
        <ProjectFormModal
          project={editing}
          projects={projects ?? []}
          onClose={() => setEditing(undefined)}
          onSaved={saved}
        />
      )}
    </Stack>
  );
}
