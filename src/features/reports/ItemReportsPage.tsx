import { IssuesScreen } from './IssuesScreen';

/** Item Reports (/item_reports): the issues sent to manager 2, the order manager. */
export default function ItemReportsPage() {
  return <IssuesScreen managerId={2} title="Item Reports" />;
}
