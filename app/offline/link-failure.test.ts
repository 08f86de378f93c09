import { redirect } from 'react-router';
import { describe, expect, it } from 'vitest';
import { failedSubmission, isLinkFailedAnswer, isLinkFailure, sendKeepingTheForm } from './link-failure';

/** A form sent on a failed link keeps the page (decision 138). */
const sent = () => {
  const body = new URLSearchParams({ intent: 'comment', comment: 'Sin señal en la cuesta' });
  return new Request('http://web.test/driver/events/7', { method: 'POST', body });
};

describe('a failed link', () => {
  it('is what browsers throw when fetch cannot reach the web, or an answer cut short; not a fault of the page', () => {
    expect(isLinkFailure(new TypeError('Failed to fetch'))).toBe(true);
    expect(isLinkFailure(new TypeError('NetworkError when attempting to fetch resource.'))).toBe(true);
    expect(isLinkFailure(new TypeError('Load failed'))).toBe(true);
    expect(isLinkFailure(new Error('Unable to decode turbo-stream response'))).toBe(true);
    expect(isLinkFailure(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isLinkFailure('Failed to fetch')).toBe(false);
  });

  it('answers for the page, with status 503, and keeps the submission to send again as it was', async () => {
    const answer = await sendKeepingTheForm({
      request: sent(),
      serverAction: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    expect(answer).toMatchObject({ data: { linkFailed: true }, init: { status: 503 } });
    expect(isLinkFailedAnswer((answer as unknown as { data: unknown }).data)).toBe(true);
    const kept = failedSubmission.current();
    expect(kept).toMatchObject({ action: '/driver/events/7', method: 'POST', encType: 'application/x-www-form-urlencoded' });
    expect(Object.fromEntries(kept!.formData)).toEqual({ intent: 'comment', comment: 'Sin señal en la cuesta' });
  });

  it('lets every other answer through, and forgets the failure once a sending gets through', async () => {
    await expect(sendKeepingTheForm({ request: sent(), serverAction: () => Promise.reject(new Error('boom')) })).rejects.toThrow('boom');
    await sendKeepingTheForm({ request: sent(), serverAction: () => Promise.reject(new TypeError('Failed to fetch')) });
    expect(failedSubmission.current()).not.toBeNull();
    // A form that worked is answered with a redirect, which arrives thrown.
    const moved = await sendKeepingTheForm({ request: sent(), serverAction: () => Promise.reject(redirect('/driver/events/7')) }).catch((e: unknown) => e);
    expect(moved).toBeInstanceOf(Response);
    expect(failedSubmission.current()).toBeNull();
    expect(await sendKeepingTheForm({ request: sent(), serverAction: () => Promise.resolve({ form: 'comment' }) })).toEqual({ form: 'comment' });
  });
});
