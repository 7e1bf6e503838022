import { z } from 'zod';
import { id, int } from './fields';
import { countedList, MessageResponse } from './shapes';

/**
 * Issue reports (docs/reports.md).
 * Warehouse Reports (/reports, warehouse_manager) read manager_id 1, Item Reports
 * (/item_reports, order_manager) read manager_id 2; issues sent to both (3) appear in both lists.
 * Reported by POST /v1/issue (orders module).
 */
export const ReportMessages = {
  empty: 'There are no open reports',
  issueNotFound: 'Issue not found',
  onlySolvedDeleted: 'Only solved issues can be deleted. Mark the issue as done first.',
  solved: 'The issue has been marked as solved.',
  reopened: 'The issue has been opened again.',
  deleted: 'The issue has been deleted.',
} as const;

/** Which role reads which manager's list. */
export const REPORT_MANAGER_ROLE = { 1: 'warehouse_manager', 2: 'order_manager' } as const;

const Id = id();

/** GET /v1/issue?manager_id={1|2}[&all_issues=true]: unsolved only unless all_issues. */
export const IssueListQuery = z.object({
  manager_id: int(1, 2),
  all_issues: z.enum(['', '1', 'true', '0', 'false']).optional(),
});
export type IssueListQuery = z.input<typeof IssueListQuery>;

export const IssueRow = z.object({
  issue_id: z.number().int(),
  /** ISO-8601. */
  creation_date: z.string(),
  location_id: z.number().int().nullable(),
  /** Breadcrumb of the location, root to leaf ('' without a location). */
  location_name: z.string(),
  item_id: z.number().int().nullable(),
  colour_name: z.string().nullable(),
  /** Six hex digits, without '#'. */
  colour_hex: z.string().nullable(),
  condition_name: z.string().nullable(),
  mold_name: z.string().nullable(),
  image_path: z.string().nullable(),
  order_id: z.number().int().nullable(),
  issue_note: z.string(),
  /** 1: to the warehouse manager, 2: to the order manager, 3: both. */
  manager_id: z.number().int(),
  /** 0 or 1. */
  solved: z.number().int(),
});
export type IssueRow = z.infer<typeof IssueRow>;

export const IssueListResponse = countedList(IssueRow);
export type IssueListResponse = z.infer<typeof IssueListResponse>;

/** PUT /v1/issue?issue_id&solved=true (false opens it again). */
export const IssueSolveQuery = z.object({
  issue_id: Id,
  solved: z.enum(['true', 'false', '1', '0']).default('true'),
});
export type IssueSolveQuery = z.input<typeof IssueSolveQuery>;
export const IssueSolveResponse = z.object({ message: z.string(), issue: IssueRow });

/** DELETE /v1/issue?issue_id: only a solved issue (409 otherwise). */
export const IssueIdQuery = z.object({ issue_id: Id });
export const IssueDeleteResponse = MessageResponse;
