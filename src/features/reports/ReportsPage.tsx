import { IssuesScreen } from './IssuesScreen';

/** Warehouse Reports (/reports): the issues sent to manager 1, the warehouse manager. */
export default function ReportsPage() {
  return <IssuesScreen managerId={1} title="Warehouse Reports" />;
}
