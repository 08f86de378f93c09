import { ACCESS_DELIVERED_ANSWER } from '@contract/privacy-file';
import type { Database } from '../../platform/db/client';
import { privacyRequest } from '../../platform/db/schema';

const DAY_MS = 86_400_000;

/**
 * A download of the person's file, recorded as their ACCESS request (Ley 19.628 as amended, art. 5) granted at
 * once: the concession's proof that it answered, with the same row the admin's queue and "Mis solicitudes" show.
 * Written when every byte of the file has been handed to the connection; a download that failed or was left
 * half-way records nothing. Answered by nobody (the product itself), hence no `answered_by_id`.
 */
export async function recordAccessDelivered(db: Database, subjectId: string, now: Date, requestDays: number): Promise<number> {
  const [row] = await db
    .insert(privacyRequest)
    .values({
      profileId: subjectId,
      type: 'ACCESS',
      status: 'GRANTED',
      createdAt: now,
      dueAt: new Date(now.getTime() + requestDays * DAY_MS),
      answer: ACCESS_DELIVERED_ANSWER,
      answeredAt: new Date(),
    })
    .returning({ id: privacyRequest.id });
  return row!.id;
}
