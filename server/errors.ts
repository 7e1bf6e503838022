import { ErrorCode } from '../contract/errors';

/** A client-facing error: status, the message the user sees, and a stable code. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code: string = codeFor(statusCode),
  ) {
    super(message);
  }
}

function codeFor(status: number): string {
  switch (status) {
    case 400:
      return ErrorCode.validation;
    case 401:
      return ErrorCode.unauthorized;
    case 403:
      return ErrorCode.forbidden;
    case 404:
      return ErrorCode.notFound;
    case 409:
      return ErrorCode.conflict;
    case 413:
      return ErrorCode.tooLarge;
    case 429:
      return ErrorCode.tooMany;
    default:
      return status >= 500 ? ErrorCode.internal : ErrorCode.validation;
  }
}

export const badRequest = (m: string) => new AppError(400, m);
export const unauthorized = (m = 'You are not signed in, or your session has expired.') =>
  new AppError(401, m);
export const forbidden = (m = 'Permission denied') => new AppError(403, m);
export const notFound = (m = 'Not found') => new AppError(404, m);
export const conflict = (m: string) => new AppError(409, m);
