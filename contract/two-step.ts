import { z } from './zod';
import { messages } from './messages';
import { meResponseSchema } from './auth';
import { ENDED_BY_ADMIN } from './session-end';

/** Two-step sign-in (docs/decisions/113-two-step-sign-in.md): what the password alone leaves to do. */
export const SECOND_STEPS = ['verify', 'enrol'] as const;
export type SecondStep = (typeof SECOND_STEPS)[number];

/** POST /api/auth's payload: the me shape, and `secondStep` when the token needs one first. */
export const authResponseSchema = meResponseSchema.extend({
  secondStep: z.enum(SECOND_STEPS).optional(),
  /** Set when the person's last session was ended by an administrator: the sign-in tells them (decision 172). */
  lastSessionEnded: z.enum(ENDED_BY_ADMIN).optional(),
});

/** A code from the authenticator app (6 digits) or a recovery code ("abcd-efgh"). */
export const twoStepCodeSchema = z.object({
  code: z
    .string({ error: messages.twoStepCodeWrong })
    .trim()
    .min(6, messages.twoStepCodeWrong)
    .max(20, messages.twoStepCodeWrong)
    .regex(/^[A-Za-z0-9 -]+$/, messages.twoStepCodeWrong),
});

export const twoStepStatusSchema = z.object({
  enabled: z.boolean(),
  required: z.boolean(),
  available: z.boolean(),
  recoveryCodesLeft: z.number().int().min(0),
});
export type TwoStepStatus = z.infer<typeof twoStepStatusSchema>;

/** A secret being enrolled: as text for typing in, and as the otpauth:// address a QR code carries. */
export const twoStepSetupSchema = z.object({ secret: z.string(), uri: z.string() });

export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });

export const twoStepDisableSchema = z.object({ currentPassword: z.string({ error: messages.passwordRequired }).min(1, messages.passwordRequired).max(255) });
