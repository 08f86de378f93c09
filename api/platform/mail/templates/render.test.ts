import { mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailConfirmationTemplate } from './email-confirmation';
import { deadlineNoticeTemplate } from './deadline-notice';
import { eventChangesMail } from './event-changes';
import type { RenderedMail } from './layout';
import { passwordResetTemplate } from './password-reset';
import { receiptTemplate } from './receipt';

/**
 * Every e-mail the product sends, as a phone's mail app shows it (decision 164): its HTML rendered
 * by Chromium 360 px wide must not scroll sideways and its text must stay readable, even with a
 * long unbroken word, a long link and markup typed by a person. Screenshots: test-results/mail/.
 */
const LONG_WORD = 'Kilómetro'.repeat(12);
const LINK = 'https://atencion.concesion.demo/driver/events/123456?desde=correo&origen=notificacion-de-cambio-de-estado';
const mails: Record<string, RenderedMail> = {
  'comment-answer': eventChangesMail([
    {
      folio: 'R-2026-000123',
      link: LINK,
      title: 'Nuevo comentario en el evento R-2026-000123',
      comment: { text: `Cuadrilla <b>en camino</b>.\n${LONG_WORD}\nRevise ${LINK}`, by: 'STAFF', internal: false },
    },
  ]),
  closing: eventChangesMail([
    {
      folio: 'R-2026-000123',
      link: LINK,
      title: 'El evento R-2026-000123 fue cerrado',
      closure: { reason: 'Derivado a otro organismo', message: `Lo derivamos a la municipalidad. ${LONG_WORD}` },
    },
  ]),
  'several-changes': eventChangesMail([
    { folio: 'R-2026-000123', link: LINK, title: 'El evento R-2026-000123 cambió a En gestión' },
    { folio: 'R-2026-000123', link: LINK, title: 'Nuevo comentario en el evento R-2026-000123', comment: { text: 'Vamos en camino.', by: 'STAFF', internal: false } },
    { folio: 'R-2026-000124', link: LINK, title: 'El evento R-2026-000124 está atrasado' },
    { folio: null, link: LINK, title: 'Su solicitud de bloqueo fue respondida: rechazada', answer: 'No hay motivo legal para bloquear.' },
  ]),
  'privacy-answer': eventChangesMail([{ folio: null, link: LINK, title: 'Su solicitud de rectificación fue respondida: acogida', answer: 'Corregimos el teléfono.' }]),
  receipt: receiptTemplate({
    folio: 'R-2026-000123',
    fullName: 'María José Fernández de la Fuente',
    kind: 'Reclamo',
    classification: 'Bache o daño en el pavimento',
    due: '03-12-2026 14:30',
    eventLink: LINK,
  }),
  'receipt-without-account': receiptTemplate({ folio: 'R-2026-000124', fullName: null, kind: 'Incidente', classification: 'Animal en la vía', due: '03-12-2026 14:30', eventLink: null }),
  'deadline-warning': deadlineNoticeTemplate({
    title: 'El plazo de resolución del evento R-2026-000123 vence en 3 h hábiles',
    folio: 'R-2026-000123',
    deadline: 'resolución',
    due: '03-12-2026 14:30',
    left: '3 h hábiles',
    link: LINK,
  }),
  'first-answer-breach': deadlineNoticeTemplate({
    title: 'El evento R-2026-000123 no tuvo primera respuesta en el plazo',
    folio: 'R-2026-000123',
    deadline: 'primera respuesta',
    due: '03-12-2026 14:30',
    left: null,
    link: LINK,
  }),
  'email-confirmation': emailConfirmationTemplate({ fullName: 'Camila Rojas', link: `https://atencion.concesion.demo/user/confirm-email?token=${'A'.repeat(43)}` }),
  'password-reset': passwordResetTemplate({ fullName: 'Camila Rojas', link: `https://atencion.concesion.demo/user/reset-password?token=${'B'.repeat(43)}` }),
};
/** Each template file of this folder, and which of the mails above it makes. */
const coverage: Record<string, string[]> = {
  'event-changes.ts': ['comment-answer', 'closing', 'several-changes', 'privacy-answer'],
  'receipt.ts': ['receipt', 'receipt-without-account'],
  'deadline-notice.ts': ['deadline-warning', 'first-answer-breach'],
  'email-confirmation.ts': ['email-confirmation'],
  'password-reset.ts': ['password-reset'],
};

let browser: Browser;
beforeAll(async () => {
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

describe('every e-mail', () => {
  it('has a template here, rendered below', () => {
    const templates = readdirSync(import.meta.dirname).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'layout.ts');
    expect(Object.keys(coverage).sort()).toEqual(templates.sort());
    expect(Object.values(coverage).flat().sort()).toEqual(Object.keys(mails).sort());
  });

  it.each(Object.keys(mails))('%s: reads on a 360 px phone without sideways scrolling, in both parts', async (name) => {
    const mail = mails[name]!;
    expect(mail.text.length).toBeGreaterThan(0);
    expect(mail.subject).not.toMatch(/[\r\n]/);
    // What a person typed is text, never markup.
    expect(mail.html).not.toContain('<b>en camino</b>');
    const page = await browser.newPage({ viewport: { width: 360, height: 640 } });
    try {
      await page.setContent(mail.html, { waitUntil: 'load' });
      const fit = await page.evaluate(() => {
        const texts = [...document.body.querySelectorAll('p, li, blockquote, h2, a, div')].filter((e) => e.textContent?.trim());
        return {
          scrollWidth: document.documentElement.scrollWidth,
          overflowing: [...document.body.querySelectorAll('*')].filter((e) => e.getBoundingClientRect().right > 360.5).map((e) => e.tagName),
          smallestFont: Math.min(...texts.map((e) => parseFloat(getComputedStyle(e).fontSize))),
          text: document.body.innerText,
        };
      });
      expect(fit.scrollWidth).toBeLessThanOrEqual(360);
      expect(fit.overflowing).toEqual([]);
      expect(fit.smallestFont).toBeGreaterThanOrEqual(14);
      expect(fit.text).toContain('Concesión Vial');
      const dir = path.join(process.cwd(), 'test-results', 'mail');
      mkdirSync(dir, { recursive: true });
      await page.screenshot({ path: path.join(dir, `${name}-360.png`), fullPage: true });
    } finally {
      await page.close();
    }
  });
});
