import { Button, Group, Modal, Radio, Select, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { ISSUE_THANKS, OrderMessages } from '../../contract/orders';
import { notifyLocalWriteError } from './localWriteError';
import { notifyError } from './notify';
import { tellWhenServerHasIt } from './pendingWords';

/** Who hears of the issue: manager_id 1, 2 or 3 of issue.report.v1. */
export type IssueRecipient = 1 | 2 | 3;

/** What the person filled in; the screen that opened the modal turns it into its report. */
export interface IssueReport {
  type: string;
  /** The typed note, trimmed ('' when none). */
  note: string;
  managerId: IssueRecipient;
}

const RECIPIENTS = [
  { value: '1', label: 'Warehouse Manager' },
  { value: '2', label: 'Order Manager' },
  { value: '3', label: 'Both' },
];

interface Props {
  opened: boolean;
  onClose: () => void;
  /** The issue types offered in the select. */
  types: readonly string[];
  /**
   * Queues the report (with the ids of the screen) and returns its outbox entry; the modal closes
   * after it, and thanks once the server has the report (or says it is saved on the device and
   * waits). When it throws (the device could not save it) the person is told and the modal stays
   * open.
   */
  onSend: (report: IssueReport) => Promise<{ id: string }>;
}

/** Report an issue: type required, recipient 1/2/3, thanked per recipient. */
export function ReportIssueModal({ opened, onClose, types, onSend }: Props) {
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
    const managerId = Number(recipient) as IssueRecipient;
    let entry: { id: string };
    try {
      entry = await onSend({ type, note: note.trim(), managerId });
    } catch (sendError) {
      // Not saved on the device: the modal stays open with what was typed, to send again.
      notifyLocalWriteError(sendError, 'Your report');
      return;
    }
    // Thanked for notifying the manager only once the server has the report.
    void tellWhenServerHasIt(entry.id, ISSUE_THANKS[managerId], 'report');
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
          data={[...types]}
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
