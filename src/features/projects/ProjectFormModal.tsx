import { Modal, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import {
  checkProject,
  CONDITIONS,
  type ProjectList,
  type ProjectRow,
} from '../../../contract/projects';
import { createProject, updateProject } from './api';
import { FormButtons, FormProblems } from './BatchFormModal';
import { useFormSend } from './useFormSend';

type Fields = {
  name: string;
  condition: string;
  content: string;
  purpose: string;
  comments: string;
  main_purchase_price: string;
  other_purchase_price: string;
  sorting_hours: string;
  other_hours: string;
};

const money = (n: number) => n.toFixed(2);

function fieldsOf(p: ProjectRow | null): Fields {
  return {
    name: p?.name ?? '',
    condition: p?.condition ?? '',
    content: p?.content ?? '',
    purpose: p?.purpose ?? '',
    comments: p?.comments ?? '',
    main_purchase_price: p ? money(p.main_purchase_price) : '',
    other_purchase_price: p ? money(p.other_purchase_price) : '',
    sorting_hours: p ? money(p.sorting_hours) : '',
    other_hours: p ? money(p.other_hours) : '',
  };
}

const conditionOptions = Object.entries(CONDITIONS).map(([value, label]) => ({ value, label }));

/**
 * The create-project and update-project form (a modal a click outside does not close). Every
 * message that applies is shown at once and nothing is sent while any applies; the server checks
 * the same rules again.
 */
export function ProjectFormModal({
  project,
  projects,
  onClose,
  onSaved,
}: {
  /** The project to update, or null to create one. */
  project: ProjectRow | null;
  /** Every project of the company (their names must not be repeated). */
  projects: ProjectRow[];
  onClose: () => void;
  onSaved: (list: ProjectList) => void;
}) {
  const [fields, setFields] = useState<Fields>(() => fieldsOf(project));
  const { problems, setProblems, saving, send } = useFormSend();
  const mode = project ? 'update' : 'create';
  const set = (key: keyof Fields) => (value: string | null) =>
    setFields((f) => ({ ...f, [key]: value ?? '' }));
  const input = (key: keyof Fields) => ({
    value: fields[key],
    onChange: (e: { currentTarget: { value: string } }) => set(key)(e.currentTarget.value),
  });

  async function save() {
    const taken = projects.filter((p) => p.project_id !== project?.project_id).map((p) => p.name);
    const checked = checkProject(fields, mode, taken);
    if (!checked.ok) {
      setProblems(checked.problems);
      return;
    }
    setProblems([]);
    await send(async () => {
      const list = project
        ? await updateProject({ ...fields, project_id: project.project_id })
        : await createProject(fields);
      onSaved(list);
    });
  }

  return (
    <Modal
      opened
      onClose={onClose}
      closeOnClickOutside={false}
      title={project ? `Update project ${project.name}` : 'New project'}
      size="lg"
    >
      <Stack>
        <TextInput label="Name" {...input('name')} />
        <Select
          label="Condition"
          placeholder="Select a condition"
          data={conditionOptions}
          value={fields.condition || null}
          onChange={set('condition')}
        />
        <Textarea label="Description" rows={2} {...input('content')} />
        <TextInput label="Purpose" {...input('purpose')} />
        <SimpleGrid cols={2}>
          <TextInput label="Main purchase price (€)" {...input('main_purchase_price')} />
          <TextInput label="Other purchase price (€)" {...input('other_purchase_price')} />
          <TextInput label="Sorting hours" {...input('sorting_hours')} />
          <TextInput label="Other hours" {...input('other_hours')} />
        </SimpleGrid>
        <Textarea label="Comments (optional)" rows={2} {...input('comments')} />
        <FormProblems problems={problems} />
        <FormButtons
          label={project ? 'Save' : 'Create'}
          saving={saving}
          onCancel={onClose}
          onSend={save}
        />
      </Stack>
    </Modal>
  );
}
