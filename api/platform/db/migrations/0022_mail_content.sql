-- E-mails that say something (issue 36, decisions 163-165): the HTML part of each queued message,
-- the longer text of an in-app notification (the answer, the closing reason and message), and the
-- facts of each held notification e-mail, rendered by its template when the held mails go out as one.
ALTER TABLE "mail_queue" ADD COLUMN IF NOT EXISTS "html" text;
--> statement-breakpoint
ALTER TABLE "notification" ADD COLUMN IF NOT EXISTS "body" text;
--> statement-breakpoint
ALTER TABLE "mail_digest_item" ADD COLUMN IF NOT EXISTS "detail" jsonb;
