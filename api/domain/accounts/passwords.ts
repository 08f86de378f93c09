import { hash, verify } from '@node-rs/argon2';
import { messages } from '@contract/messages';
import { badRequest } from '../../http/errors';
import { isCommonPassword } from './common-passwords';

/** argon2id with OWASP's minimum: 19 MiB memory, 2 iterations, 1 lane. */
// algorithm 2 is Argon2id (the package's enum is const, which isolated modules cannot read).
const options = { algorithm: 2 as const, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

/** A password someone chose: refused (400 on its field) when it is one of the most common ones. */
export function hashNewPassword(password: string, field = 'password'): Promise<string> {
  if (isCommonPassword(password)) {
    return Promise.reject(badRequest(messages.passwordTooCommon, { [field]: messages.passwordTooCommon }));
  }
  return hashPassword(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real verification, so an unknown e-mail answers
 * as slowly as a wrong password and the two cannot be told apart.
 */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword('no-such-account-placeholder');
  await verifyPassword(await dummyHash, password);
  return false;
}
