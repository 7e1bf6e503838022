import { z } from 'zod';
import { id, int, text } from './fields';

export { MessageResponse } from './shapes';

/**
 * User and company administration (docs/access.md). Field names follow the
 * original contract (snake_case), so the PWA also works against a server that follows it.
 */

const Id = id();
/** 0 (brick_admin) is a real permission: it is never what an empty value becomes. */
const PermissionIdField = int(0, 1000);

/** A permission as shown in a matrix column (0, brick_admin, only on the brick admin's screen). */
export const PermissionDefinition = z.object({
  permission_id: z.number().int(),
  description: z.string(),
});
export type PermissionDefinition = z.infer<typeof PermissionDefinition>;

/** One row of the admin's permission matrix: a user and the permissions they hold. */
export const UserPermissions = z.object({
  user_id: z.number().int(),
  user_name: z.string(),
  user_email: z.string(),
  permissions: z.array(z.number().int()),
});
export type UserPermissions = z.infer<typeof UserPermissions>;

/** GET /user: the caller's company's users and the permissions it holds (never permission 0). */
export const UserListResponse = z.object({
  user_permissions: z.array(UserPermissions),
  company_permissions: z.array(PermissionDefinition),
});
export type UserListResponse = z.infer<typeof UserListResponse>;

/** POST /user. An empty user_email is refused (ADD_USER_EMPTY_EMAIL); an empty name defaults. */
export const AddUserRequest = z.object({
  user_email: text(254).default(''),
  user_name: text(200).optional().nullable(),
});
export type AddUserRequest = z.input<typeof AddUserRequest>;

export const ADD_USER_EMPTY_EMAIL = 'Please enter an email address.';
export const ADD_USER_SUCCESS =
  "An email with instructions to set up the new user's account has been sent. You can now set the user's permissions.";

/** POST /user/permission (body) and DELETE /user/permission (query). */
export const UserPermissionRequest = z.object({
  user_id: Id,
  permission_id: PermissionIdField,
});
export type UserPermissionRequest = z.input<typeof UserPermissionRequest>;

/** DELETE /user?user_id= */
export const DeleteUserQuery = z.object({ user_id: Id });
export type DeleteUserQuery = z.input<typeof DeleteUserQuery>;

/** One row of the brick admin's company matrix: a company and the permissions it holds. */
export const CompanyPermissions = z.object({
  company_id: z.number().int(),
  company_name: z.string(),
  permissions: z.array(z.number().int()),
});
export type CompanyPermissions = z.infer<typeof CompanyPermissions>;

/** GET /company: every company with its permissions, and every permission (including 0). */
export const CompanyListResponse = z.object({
  company_permissions: z.array(CompanyPermissions),
  global_permissions: z.array(PermissionDefinition),
});
export type CompanyListResponse = z.infer<typeof CompanyListResponse>;

/** POST /company/permission (body) and DELETE /company/permission (query). */
export const CompanyPermissionRequest = z.object({
  company_id: Id,
  permission_id: PermissionIdField,
});
export type CompanyPermissionRequest = z.input<typeof CompanyPermissionRequest>;

/** POST /company/login: a temporary password for the company's support account. */
export const CompanyLoginRequest = z.object({ company_id: Id });
export type CompanyLoginRequest = z.input<typeof CompanyLoginRequest>;

export const CompanyLoginResponse = z.object({
  /** The temporary password; it stops working after TEMPORARY_PASSWORD_TTL_HOURS. */
  random_string: z.string(),
  /** The support account it belongs to. */
  email: z.string(),
  expires_at: z.string(),
});
export type CompanyLoginResponse = z.infer<typeof CompanyLoginResponse>;

export const TEMPORARY_PASSWORD_TTL_HOURS = 24;

/** POST /company: a new company and its first admin, who is invited by e-mail. */
export const CreateCompanyRequest = z.object({
  name: text(200),
  admin_email: text(254),
  admin_name: text(200).optional().nullable(),
});
export type CreateCompanyRequest = z.input<typeof CreateCompanyRequest>;

export const CreateCompanyResponse = z.object({
  company_id: z.number().int(),
  message: z.string(),
});
export type CreateCompanyResponse = z.infer<typeof CreateCompanyResponse>;

export const CompanyMessages = {
  emptyName: 'Please enter the company name.',
  nameTaken: (name: string) => `A company named ${name} already exists.`,
  emailTaken: (email: string) => `The email address ${email} already has an account.`,
  created: (name: string, email: string) =>
    `${name} has been created. An email with instructions to set up the account has been sent to ${email}.`,
} as const;

/** The support account a brick admin signs in with to help a company. */
export function supportEmail(companyId: number): string {
  return `support+${companyId}@brick-warehouse.local`;
}

/** The download's file name: a timestamp and a logs suffix, e.g. `2026-11-25T22-50-00-logs.txt`. */
export function logFileName(at: Date): string {
  return `${at.toISOString().slice(0, 19).replace(/:/g, '-')}-logs.txt`;
}
