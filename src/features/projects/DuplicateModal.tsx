import { Modal, MultiSelect, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { checkDuplicateNames } from '../../../contract/batches';
import { FormButtons, FormProblems, type BatchModalProps } from './BatchFormModal';
import { duplicateBatches } from './batch-api';
import { useFormSend } from './useFormSend';

/**
 * Duplicate batches: choose the batches to copy and name each copy. Every name problem is
 * listed at once ('Give a new name for the copy of batch …', 'Batch … already exists', 'Batch …
 * is defined more than once'); all copies are made or none.
 */
export function DuplicateModal({ projectId, batches, onClose, onSaved }: BatchModalProps) {
  const [chosen, setChosen] = useState<string[]>([]);
  const [names, setNames] = useState<Record<string, string>>({});
  const { problems, setProblems, saving, send } = useFormSend();
  const byId = new Map(batches.map((b) => [String(b.batch_id), b]));

  async function duplicate() {
    const copies = chosen.map((id) => ({
      parent_id: Number(id),
      child_name: (names[id] ?? '').trim(),
    }));
    const found = checkDuplicateNames(
      copies.map((c) => ({
        parentName: byId.get(String(c.parent_id))!.name,
        childName: c.child_name,
      })),
      batches.map((b) => b.name),
    );
    setProblems(found);
    if (found.length || copies.length === 0) return;
    await send(async () => onSaved(await duplicateBatches(projectId, copies)));
  }

  return (
    <Modal opened onClose={onClose} closeOnClickOutside={false} title="Duplicate batches">
      <Stack>
        <MultiSelect
          label="Batches to copy"
          data={batches.map((b) => ({ value: String(b.batch_id), label: b.name }))}
          value={chosen}
          onChange={setChosen}
        />
        {chosen.map((id) => (
          <TextInput
            key={id}
            label={`Name of the copy of ${byId.get(id)?.name ?? id}`}
            value={names[id] ?? ''}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setNames((n) => ({ ...n, [id]: value }));
            }}
          />
        ))}
        <FormProblems problems={problems} />
        <FormButtons
          label="Duplicate"
          saving={saving}
          disabled={!chosen.length}
          onCancel={onClose}
          onSend={duplicate}
        />
      </Stack>
    </Modal>
  );
}
