import { Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { BatchRow } from '../../../contract/projects';
import { notifySuccess } from '../../ui/notify';
import { useApiCall } from '../../ui/useApiCall';
import { FormButtons } from './BatchFormModal';
import { backUpBatch } from './batch-api';

/** Back up a batch: a comment, then a copy of its trays is stored (see the Backups screen). */
export function BackupModal({ batch, onClose }: { batch: BatchRow; onClose: () => void }) {
  const [comments, setComments] = useState('');
  const [saving, whileSaving] = useApiCall();

  function backUp() {
    return whileSaving(async () => {
      await backUpBatch(batch.batch_id, comments);
      notifySuccess(`Backup of batch ${batch.name} saved`);
      onClose();
    });
  }

  return (
    <Modal
      opened
      onClose={onClose}
      closeOnClickOutside={false}
      title={`Back up batch ${batch.name}`}
    >
      <Stack>
        <Text size="sm">
          A copy of the batch&apos;s {batch.trays} trays is stored; a digibrick manager can put the
          trays back to it later.
        </Text>
        <Textarea
          label="Comments"
          rows={2}
          value={comments}
          onChange={(e) => setComments(e.currentTarget.value)}
        />
        <FormButtons label="Back up" saving={saving} onCancel={onClose} onSend={backUp} />
      </Stack>
    </Modal>
  );
}
