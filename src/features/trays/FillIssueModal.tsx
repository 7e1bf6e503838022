import { Button, Group, Modal, Radio, Select, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { ISSUE_THANKS, OrderMessages } from '../../../contract/orders';
import { notifyError, notifySuccess } from '../../ui/notify';
import { reportFillIssue } from './mutations';

/** What a filler can report; the type goes in front of the note (the server keeps one note). */
export const FILL_ISSUE_TYPES = [
  'Quantity differs from the tray',
  'Wrong item in the tray',
  'Item damaged',
  'Location full',
  'Location label missing or unreadable',
  'Other',
] as const;

const RECIPIENTS = [
  { value: '1', label: 'Warehouse Manager' },
  { value: '2', label: 'Order Manager' },
  { value: '3', label: 'Both' },
];

interface Props {
  opened: boolean;
  onClose: () => void;
  locationId: number | null;
  itemId: number | null;
  trayNr: number;
  batchId: number;
}

/** A filler's issue report (spec 2 §5, §8): type required, recipient 1/2/3, through the outbox. */
export function FillIssueModal({ opened, onClose, locationId, itemId, trayNr, batchId }: Props) {
  const [type, setType] = useState<string | null>(null);
  const [recipient, setRecipient] = useState('1');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function send() {
    if (!type) {
      setError(OrderMessages.issueTypeRequired);
      notifyError(OrderMessages.issueTypeRequired);
      return;
    }
    const managerId = Number(recipient) as 1 | 2 | 3;
    const where = `Tray ${trayNr} of batch ${batchId}`;
    await reportFillIssue({
      location_id: locationId,
      item_id: itemId,
      note: `${type} (${where})${note.trim() ? `: ${note.trim()}` : ''}`,
      manager_id: managerId,
    });
    notifySuccess(ISSUE_THANKS[managerId]);
    setType(null);
    setNote('');
    setError(null);
    onClose();
  }

  return (
    <Modal opened={opened} onClose={onClose} title="Report an issue" data-scan-ignore>
      <Stack gap="md">
        <Select
          label="Type of issue"
          placeholder="Select the type"
          data={[...FILL_ISSUE_TYPES]}
          value={type}
          onChange={(v) => {
            setType(v);
            setError(null);
          }}
          error={error}
          size="md"
        />
        <Radio.Group label="Notify" value={recipient} onChange={setRecipient}>
          <Stack gap="xs" mt={4}>
            {RECIPIENTS.map((r) => (
              <Radio key={r.value} value={r.value} label={r.label} size="md" />
            ))}
          </Stack>
        </Radio.Group>
        <Textarea
          label="Note"
          autosize
          minRows={2}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} size="md">
            Cancel
          </Button>
          <Button onClick={() => void send()} size="md">
            Send report
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
