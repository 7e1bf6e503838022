import {
  Alert,
  Button,
  Group,
  List,
  Modal,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import {
  checkBatch,
  type BatchCreate,
  type BatchList,
  type BatchRow,
  type BatchUpdate,
} from '../../../contract/projects';
import { createBatch, updateBatch } from './batch-api';
import { useFormSend } from './useFormSend';

/** Form messages as a list in the form (shared by the Project screen's forms). */
export function FormProblems({ problems }: { problems: string[] }) {
  if (problems.length === 0) return null;
  return (
    <Alert color="yellow" title="Please check the form" role="alert">
      <List size="sm">
        {problems.map((p) => (
          <List.Item key={p}>{p}</List.Item>
        ))}
      </List>
    </Alert>
  );
}

/** A project form's Cancel and its send button (`label`), loading while `saving`. */
export function FormButtons(props: {
  label: string;
  saving: boolean;
  disabled?: boolean;
  onCancel: () => void;
  onSend: () => Promise<void>;
}) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={props.onCancel}>
        Cancel
      </Button>
      <Button onClick={() => void props.onSend()} loading={props.saving} disabled={props.disabled}>
        {props.label}
      </Button>
    </Group>
  );
}

/** What the Project screen gives its batch modals: the project, its batches, what comes after. */
export interface BatchModalProps {
  projectId: number;
  /** The project's batches (their names must not be repeated). */
  batches: BatchRow[];
  onClose: () => void;
  onSaved: (list: BatchList) => void;
}

/**
 * New batch (name, comments) and Update batch (also the hours), in a modal a click outside does
 * not close. Every message that applies is listed; the server checks the same rules again.
 */
export function BatchFormModal({
  projectId,
  batch,
  batches,
  onClose,
  onSaved,
}: BatchModalProps & {
  /** The batch to update, or null for a new one. */
  batch: BatchRow | null;
}) {
  const [name, setName] = useState(batch?.name ?? '');
  const [comments, setComments] = useState(batch?.comments ?? '');
  const [digitizing, setDigitizing] = useState(batch ? batch.digitizing_hours.toFixed(2) : '');
  const [warehouse, setWarehouse] = useState(batch ? batch.warehouse_hours.toFixed(2) : '');
  const { problems, setProblems, saving, send } = useFormSend();

  async function save() {
    const form: BatchCreate | BatchUpdate = batch
      ? {
          batch_id: batch.batch_id,
          name,
          comments,
          digitizing_hours: digitizing,
          warehouse_hours: warehouse,
        }
      : { name, comments };
    const taken = batches.filter((b) => b.batch_id !== batch?.batch_id).map((b) => b.name);
    const checked = checkBatch(form, taken);
    if (!checked.ok) {
      setProblems(checked.problems);
      return;
    }
    setProblems([]);
    await send(async () =>
      onSaved(
        'batch_id' in form
          ? await updateBatch(projectId, form)
          : await createBatch(projectId, form),
      ),
    );
  }

  return (
    <Modal
      opened
      onClose={onClose}
      closeOnClickOutside={false}
      title={batch ? `Update batch ${batch.name}` : 'New batch'}
    >
      <Stack>
        <TextInput label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} />
        <Textarea
          label="Comments"
          rows={2}
          value={comments}
          onChange={(e) => setComments(e.currentTarget.value)}
        />
        {batch && (
          <SimpleGrid cols={2}>
            <TextInput
              label="Digitizing hours"
              value={digitizing}
              onChange={(e) => setDigitizing(e.currentTarget.value)}
            />
            <TextInput
              label="Warehouse hours"
              value={warehouse}
              onChange={(e) => setWarehouse(e.currentTarget.value)}
            />
          </SimpleGrid>
        )}
        <FormProblems problems={problems} />
        <FormButtons
          label={batch ? 'Save' : 'Create'}
          saving={saving}
          onCancel={onClose}
          onSend={save}
        />
      </Stack>
    </Modal>
  );
}
