-- Why a session ended (decision 138): set by every path that revokes a token, read back in the
-- 401 the API answers to that token (contract/session-end.ts). Null for tokens still live, and
-- for tokens that never were a full session.
ALTER TABLE "auth_token" ADD COLUMN "end_reason" text;
