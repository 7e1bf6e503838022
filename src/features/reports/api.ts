import type { IssueListResponse } from '../../../contract/reports';
import { api } from '../../api/client';

/** The issue lists' calls: list one manager's issues, solve, delete (docs/reports.md). */

export function fetchIssues(managerId: 1 | 2, allIssues: boolean): Promise<IssueListResponse> {
  const searchParams: Record<string, string | number> = { manager_id: managerId };
  if (allIssues) searchParams.all_issues = 'true';
  return api.get('v1/issue', { searchParams }).json();
}

export async function solveIssue(issueId: number): Promise<void> {
  await api.put('v1/issue', { searchParams: { issue_id: issueId, solved: 'true' } });
}

export async function deleteIssue(issueId: number): Promise<void> {
  await api.delete('v1/issue', { searchParams: { issue_id: issueId } });
}
