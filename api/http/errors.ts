import { messages } from '@contract/messages';
import type { SessionEndReason } from '@contract/session-end';

/** An expected failure, answered as {"errors": {"message", "fields"?}} with its status. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
    /** On a 401 only: why the caller's session ended (decision 138). */
    readonly reason?: SessionEndReason,
  ) {
    super(message);
  }
}

export const badRequest = (message: string = messages.badRequest, fields?: Record<string, string>) =>
  new ApiError(400, message, fields);
export const unauthorized = (message: string = messages.unauthorized, reason?: SessionEndReason) =>
  new ApiError(401, message, undefined, undefined, reason);
export const forbidden = () => new ApiError(403, messages.forbidden);
export const notFound = () => new ApiError(404, messages.notFound);
export const conflict = (message: string = messages.conflict, fields?: Record<string, string>) =>
  new ApiError(409, message, fields);
