import { describe, expect, it } from 'vitest';
import { idempotencyKeySchema, SUBMISSION_KEY_FIELD } from '@contract/idempotency';
import { newSubmissionKey, submissionKeyOf, submissionKeysFor, writeOptionsOf } from './submission-key.server';

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.set(name, value);
  return data;
};

describe('submission keys', () => {
  it('are new for every form shown, and the API accepts them', () => {
    const keys = Array.from({ length: 200 }, () => newSubmissionKey());
    expect(new Set(keys).size).toBe(200);
    for (const key of keys) expect(idempotencyKeySchema.safeParse(key).success).toBe(true);
  });

  it('give each form of a page its own key, all from one nonce, and the API accepts them', () => {
    const keys = submissionKeysFor(['comment', 'close', 'upload']);
    expect(new Set(Object.values(keys)).size).toBe(3);
    for (const key of Object.values(keys)) expect(idempotencyKeySchema.safeParse(key).success).toBe(true);
    const nonce = keys.comment.split(':')[0];
    expect(keys.close).toBe(`${nonce}:close`);
    // Another view of the page: other keys.
    expect(submissionKeysFor(['comment']).comment).not.toBe(keys.comment);
  });

  it('are read from the form that sent them', () => {
    const key = newSubmissionKey();
    expect(submissionKeyOf(form({ [SUBMISSION_KEY_FIELD]: key, comment: 'Hola' }))).toBe(key);
    expect(submissionKeyOf(new URLSearchParams({ [SUBMISSION_KEY_FIELD]: key }))).toBe(key);
  });

  it('are null when missing or not a key the API would take: the write goes without one', () => {
    expect(submissionKeyOf(form({ comment: 'Hola' }))).toBeNull();
    expect(submissionKeyOf(form({ [SUBMISSION_KEY_FIELD]: 'corta' }))).toBeNull();
    expect(submissionKeyOf(form({ [SUBMISSION_KEY_FIELD]: 'con espacios y más de dieciséis' }))).toBeNull();
    expect(submissionKeyOf(form({ [SUBMISSION_KEY_FIELD]: 'x'.repeat(101) }))).toBeNull();
    const withFile = new FormData();
    withFile.set(SUBMISSION_KEY_FIELD, new File(['abcdefghijklmnopq'], 'key.txt'));
    expect(submissionKeyOf(withFile)).toBeNull();
  });

  it('go with every write, whose unanswered call comes back to the form', () => {
    const key = newSubmissionKey();
    expect(writeOptionsOf(form({ [SUBMISSION_KEY_FIELD]: key }))).toEqual({ idempotencyKey: key, unavailableIsAnswer: true });
    expect(writeOptionsOf(form({}))).toEqual({ idempotencyKey: null, unavailableIsAnswer: true });
  });
});
