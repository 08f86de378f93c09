import type { z } from '@contract/zod';
import { messages } from '@contract/messages';

/** An expected failure, answered as {"errors": {"message", "fields"?}} with its status. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string = messages.badRequest, fields?: Record<string, string>) =>
  new ApiError(400, message, fields);
export const unauthorized = (message: string = messages.unauthorized) => new ApiError(401, message);
export const forbidden = () => new ApiError(403, messages.forbidden);
export const notFound = () => new ApiError(404, messages.notFound);
export const conflict = (message: string = messages.conflict, fields?: Record<string, string>) =>
  new ApiError(409, message, fields);

/** The first message per field, keyed by the dotted path ("userProfileDto.id"). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

/** Parses input with a contract schema; a failure is a 400 with per-field messages. */
export function parseOr400<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw badRequest(messages.validationFailed, fieldErrors(result.error));
  return result.data;
}
