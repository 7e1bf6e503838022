import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { WarehouseBatch } from '../../../contract/warehouse';
import { ScanBar } from '../../scan';
import { notifySuccess } from '../../ui/notify';
import { notifyRefusal } from '../../ui/refusalWords';
import { useApiCall } from '../../ui/useApiCall';
import { storeBatch } from './api';
import { LocationPicker } from './LocationPicker';

interface Props {
  batch: WarehouseBatch | null;
  onClose: () => void;
  onStored: () => void;
}

/**
 * Store a batch: choose one location (search, browse or scan its code) and every
 * tray of the batch still to fill becomes filled there.
 */
export function StoreBatchModal({ batch, onClose, onStored }: Props) {
  const [chosen, setChosen] = useState<{ id: number; crumb: string } | null>(null);
  // A refusal in the floor's words: the server's sentence, never a status code.
  const [busy, whileBusy] = useApiCall(notifyRefusal);

  function close() {
    setChosen(null);
    onClose();
  }

  async function store() {
    if (!batch || !chosen) return;
    await whileBusy(async () => {
      const answer = await storeBatch(batch.batch_id, chosen.id);
      notifySuccess(answer.message);
      setChosen(null);
      onStored();
    });
  }

  return (
    <Modal
      opened={batch !== null}
      onClose={close}
      title={batch ? `Store batch ${batch.batch_id}: ${batch.name}` : ''}
      size="lg"
    >
      <Stack gap="md">
        <Text size="sm">Select the location where the whole batch is stored.</Text>
        <ScanBar />
        <LocationPicker
          value={chosen?.id ?? null}
          onChange={(id, crumb) => setChosen({ id, crumb })}
          scanning={batch !== null}
        />
        <Text size="sm" data-testid="store-location">
          {chosen ? `Location: ${chosen.crumb}` : 'No location selected'}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button onClick={() => void store()} disabled={!chosen} loading={busy}>
            Store
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
