import { Button, Group, Modal, Radio, Select, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { ISSUE_THANKS, OrderMessages } from '../../../contract/orders';
import { notifyError, notifySuccess } from '../../ui/notify';
import { reportIssue } from './mutations';

/** What a picker can report; the type goes in front of the note (the server keeps one note). */
export const ISSUE_TYPES = [
  'Not enough stock at the location',
  'Item damaged',
  'Wrong item at the location',
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
  orderId: number;
  locationId: number | null;
  itemId: number | null;
}

/** Report an issue (spec 2 §2.9, §5, §8): type required, recipient 1/2/3, queued in the outbox. */
export function ReportIssueModal({ opened, onClose, orderId, locationId, itemId }: Props) {
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
    await reportIssue({
      order_id: orderId,
      location_id: locationId,
      item_id: itemId,
      note: note.trim() ? `${type}: ${note.trim()}` : type,
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
          data={[...ISSUE_TYPES]}
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
