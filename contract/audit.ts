import { z } from 'zod';
import { id, text } from './fields';
import { countedList } from './shapes';

/**
 * GET /v1/audit: the audit log of sign-ins (successful and failed), permission changes, user
 * deletions and changes to marketplace stores (added, edited, deleted), newest first, a page at a time. A company admin reads their own company's entries;
 * the platform admin (brick_admin) reads every company's, and the failed sign-ins with an unknown
 * e-mail address (which belong to no company).
 */

export const AUDIT_ACTIONS = [
  'sign_in',
  'sign_in_failed',
  'permission_granted',
  'permission_revoked',
  'user_deleted',
  'company_permission_granted',
  'company_permission_revoked',
  'store_created',
  'store_changed',
  'store_deleted',
  'company_created',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_PER_PAGE = 50;

/** A whole number in min..max, from a query string of digits or a JSON number; nothing else. */
const whole = (min: number, max: number) =>
  z.preprocess(
    (v: unknown) => (typeof v === 'string' && /^\s*\d{1,9}\s*$/.test(v) ? Number(v) : v),
    z.number({ error: 'Expected a whole number.' }).int().min(min).max(max),
  );

/** A calendar day, YYYY-MM-DD (UTC). */
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Expected a date as YYYY-MM-DD.' })
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), { error: 'Not a real date.' });

/**
 * Filters (all optional, combined): `who` part of an e-mail address, matched against who did it
 * and whom it was done to; `action` one of AUDIT_ACTIONS; `from`/`to` days (UTC, both included);
 * `company_id` one company (the platform admin; a company admin may name only their own).
 */
export const AuditQuery = z.object({
  page: whole(1, 1_000_000).default(1),
  limit: whole(1, 200).default(AUDIT_PER_PAGE),
  who: text(254).optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  from: day.optional(),
  to: day.optional(),
  company_id: id().optional(),
});
export type AuditQuery = z.input<typeof AuditQuery>;

export const AuditEntry = z.object({
  id: z.number().int(),
  /** ISO-8601. */
  created_at: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  /** The company the event belongs to: the signed-in (or changed, or deleted) user's. */
  company_id: z.number().int().nullable(),
  /** Who did it (for sign-ins: who signed in, or the e-mail address that was tried). */
  actor_user_id: z.number().int().nullable(),
  actor_email: z.string().nullable(),
  /** Whom it was done to (permission changes and deletions). */
  target_user_id: z.number().int().nullable(),
  target_email: z.string().nullable(),
  /** The company whose permission changed (company permission changes). */
  target_company_id: z.number().int().nullable(),
  permission_id: z.number().int().nullable(),
  /** The client address of the request. */
  ip: z.string().nullable(),
  /**
   * What the entry is about in words, e.g. `Store 12 "Attic" (BRICKLINK); changed: name,
   * token_secret`. A changed credential is named, never its value.
   */
  detail: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

/** `count`: the entries in all pages. */
export const AuditListResponse = countedList(AuditEntry);
export type AuditListResponse = z.infer<typeof AuditListResponse>;

export const AUDIT_OTHER_COMPANY = "You can only read your own company's audit log.";
export const AUDIT_DAYS_REVERSED = "The 'from' day is after the 'to' day.";

/** The actions in words, for the screen's filter and rows. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  sign_in: 'Signed in',
  sign_in_failed: 'Sign-in failed',
  permission_granted: 'Permission granted',
  permission_revoked: 'Permission revoked',
  user_deleted: 'User deleted',
  company_permission_granted: 'Company permission granted',
  company_permission_revoked: 'Company permission revoked',
  store_created: 'Store added',
  store_changed: 'Store changed',
  store_deleted: 'Store deleted',
  company_created: 'Company created',
};
