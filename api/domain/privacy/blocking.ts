import { mayMail } from '../accounts/email-confirmation';

/**
 * Whether the product may e-mail a person on its own initiative (notifications, digests, receipts): their address
 * is confirmed (decision 135) and their data are not blocked (Ley 19.628 art. 8 ter as amended by Ley 21.719;
 * docs/decisions/150-privacy-requests-and-blocking.md). Mail the person asks for at that moment (a password
 * reset, an address confirmation) is not "use" of blocked data and still goes.
 */
export const mayNotify = (person: { emailConfirmedAt: Date | null; privacyBlockedAt: Date | null }) => mayMail(person) && person.privacyBlockedAt === null;
