import { ReportIssueModal as IssueModal, type IssueReport } from '../../ui/ReportIssueModal';
import { reportIssue } from './mutations';

/** What a picker can report; the type goes in front of the note (the server keeps one note). */
export const ISSUE_TYPES = [
  'Not enough stock at the location',
  'Item damaged',
  'Wrong item at the location',
  'Location label missing or unreadable',
  'Other',
] as const;

interface Props {
  opened: boolean;
  onClose: () => void;
  orderId: number;
  locationId: number | null;
  itemId: number | null;
}

/** A picker's issue report about the order, location and item in front of them, via the outbox. */
export function ReportIssueModal({ opened, onClose, orderId, locationId, itemId }: Props) {
  function send({ type, note, managerId }: IssueReport) {
    return reportIssue({
      order_id: orderId,
      location_id: locationId,
      item_id: itemId,
      note: note ? `${type}: ${note}` : type,
      manager_id: managerId,
    });
  }
  return <IssueModal opened={opened} onClose={onClose} types={ISSUE_TYPES} onSend={send} />;
}
