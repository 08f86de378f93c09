import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';

import { headerText } from './templates/layout';

/** A message: the plain-text part, and the HTML part every product mail has (./templates, decision 164). */
export type OutgoingMail = { to: string; subject: string; text: string; html?: string | null };

/** What nodemailer gets: the subject on one line whatever it holds, the HTML part only when there is one. */
const composed = (from: string, mail: OutgoingMail) => ({
  from,
  to: mail.to,
  subject: headerText(mail.subject),
  text: mail.text,
  ...(mail.html ? { html: mail.html } : {}),
});

/** Where mail goes: an SMTP server, or .eml files in a local outbox folder. */
export type MailTransport = {
  kind: 'smtp' | 'outbox';
  send(mail: OutgoingMail): Promise<void>;
  /** SMTP only: connects and greets the server (the peer monitor's probe, platform/health/peers.ts). */
  verify?(): Promise<unknown>;
  close(): void;
};

export function createMailTransport(options: { smtpUrl?: string; from: string; outboxDir: string }): MailTransport {
  if (options.smtpUrl) {
    const smtp = nodemailer.createTransport(options.smtpUrl);
    return {
      kind: 'smtp',
      send: async (mail) => {
        await smtp.sendMail(composed(options.from, mail));
      },
      verify: () => smtp.verify(),
      close: () => smtp.close(),
    };
  }
  // The same message an SMTP server would get, written as an .eml file: nothing is lost in development.
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    send: async (mail) => {
      const info = await composer.sendMail(composed(options.from, mail));
      await mkdir(options.outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`;
      // Written under a temporary name first, so a reader never sees half a message.
      const partial = path.join(options.outboxDir, `.${name}.partial`);
      await writeFile(partial, info.message as Buffer);
      await rename(partial, path.join(options.outboxDir, name));
    },
    close: () => composer.close(),
  };
}
