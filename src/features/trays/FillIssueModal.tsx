import { ReportIssueModal, type IssueReport } from '../../ui/ReportIssueModal';
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

interface Props {
  opened: boolean;
  onClose: () => void;
  locationId: number | null;
  itemId: number | null;
  trayNr: number;
  batchId: number;
}

/** A filler's issue report, naming the tray and batch in the note, via the outbox. */
export function FillIssueModal({ opened, onClose, locationId, itemId, trayNr, batchId }: Props) {
  function send({ type, note, managerId }: IssueReport) {
    const where = `Tray ${trayNr} of batch ${batchId}`;
    return reportFillIssue({
      location_id: locationId,
      item_id: itemId,
      note: `${type} (${where})${note ? `: ${note}` : ''}`,
      manager_id: managerId,
    });
  }
  return (
    <ReportIssueModal opened={opened} onClose={onClose} types={FILL_ISSUE_TYPES} onSend={send} />
  );
}
