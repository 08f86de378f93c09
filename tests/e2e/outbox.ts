import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';

/**
 * The token of a link the API mailed (`<page>?token=…`), read from its outbox folder of `.eml`
 * files (quoted-printable undone), waiting up to 15 s for it; only mail to `to` when given.
 */
export async function mailedLinkToken(dataDir: string, page: 'confirm-email' | 'reset-password', to?: string): Promise<string> {
  const outbox = path.join(dataDir, 'outbox');
  const link = new RegExp(`${page}\\?token=([A-Za-z0-9_-]+)`);
  let token: string | null = null;
  await expect
    .poll(
      () => {
        let files: string[] = [];
        try {
          files = readdirSync(outbox).filter((name) => name.endsWith('.eml'));
        } catch {
          return null;
        }
        for (const name of files) {
          const mail = readFileSync(path.join(outbox, name), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
          if (to && !mail.includes(`To: ${to}`)) continue;
          token = link.exec(mail)?.[1] ?? null;
          if (token) return token;
        }
        return null;
      },
      { timeout: 15_000, message: `a ${page} link${to ? ` mailed to ${to}` : ''}` },
    )
    .not.toBeNull();
  return token!;
}
