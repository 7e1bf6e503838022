import { Button, Group, Modal, NumberInput, Stack } from '@mantine/core';
import { useState } from 'react';
import { readTreeQuantity, TREE_QUANTITY_MAX, TREE_QUANTITY_MIN } from './quantity';
import { setQuantity } from './treeActions';
import { useTreeStore } from './treeStore';

interface Props {
  locationId: number;
  itemId: number;
  label: string;
  quantity: number;
  onClose: () => void;
}

/**
 * Edit quantity: the entry must be a whole number from 0 to 100; this modal stays open and refuses
 * anything else with a clear message.
 */
export function QuantityModal({ locationId, itemId, label, quantity, onClose }: Props) {
  const store = useTreeStore();
  const [value, setValue] = useState<string | number>(quantity);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function save() {
    const entry = readTreeQuantity(value);
    if (!entry.ok) {
      setError(entry.message);
      return;
    }
    setSaving(true);
    const ok = await setQuantity(store, locationId, itemId, entry.value);
    setSaving(false);
    if (ok) onClose();
  }

  return (
    <Modal opened onClose={onClose} title={`Quantity of ${label}`}>
      <Stack
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <NumberInput
          label="Quantity"
          description={`A whole number from ${TREE_QUANTITY_MIN} to ${TREE_QUANTITY_MAX}`}
          value={value}
          onChange={(v) => {
            setValue(v);
            setError(null);
          }}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          error={error}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
