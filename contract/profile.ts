import { z } from './zod';
import { emailSchema } from './auth';
import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN } from './auth-limits';
import { formatMessage, messages } from './messages';
import { phoneSchema } from './phone-schema';
import { ROLES } from './roles';
import { roleSchema } from './role-schema';
import { rutSchema } from './rut-schema';
import { pageQuerySchema } from './envelope';
import { storable, storableMessage } from './text';
import { personNameSchema } from './person-name-schema';
import { ADDRESS_MAX, NAME_MAX, PROFILE_STATUSES } from './profile-fields';

export { ADDRESS_MAX, NAME_MAX, PROFILE_STATUSES, type ProfileStatus } from './profile-fields';
export const profileStatusSchema = z.enum(PROFILE_STATUSES);

/** First and last names: no control characters nor line breaks (person-name-schema.ts). */
const requiredName = (message: string) => personNameSchema(message, NAME_MAX);

/** A new password: at least 6 characters (docs/specification.md, "9. Business constants and limits"), at most 255. */
export const newPasswordSchema = z
  .string({ error: messages.passwordRequired })
  .min(1, messages.passwordRequired)
  .min(PASSWORD_MIN, messages.passwordMin)
  .max(PASSWORD_MAX, formatMessage(messages.tooLong, { max: PASSWORD_MAX }));

/** Empty optional text (as forms send it) becomes undefined. */
const optionalAddress = z
  .string()
  .trim()
  .max(ADDRESS_MAX, formatMessage(messages.tooLong, { max: ADDRESS_MAX }))
  .refine(storable, storableMessage)
  .optional()
  .transform((v) => (v ? v : undefined));

const profileFields = {
  email: emailSchema,
  firstName: requiredName(messages.firstNameRequired),
  lastName: requiredName(messages.lastNameRequired),
  profileCode: z.enum(ROLES, { error: messages.profileCodeInvalid }),
  phone: phoneSchema,
  rut: rutSchema,
  realAddress: optionalAddress,
};

/**
 * POST /api/profile/new (docs/specification.md, "7. The calls it makes"). Without a token it is the public
 * sign-up and always makes a DRIVER; an admin may choose any user type.
 */
export const newProfileSchema = z.object({
  ...profileFields,
  profileCode: profileFields.profileCode.default('DRIVER'),
  password: newPasswordSchema,
  /** The privacy policy version a driver signing up accepted (required then, contract/privacy-policy.ts; decision 146). */
  privacyPolicyVersion: z.string().max(40).optional(),
});
export type NewProfile = z.infer<typeof newProfileSchema>;

/** POST /api/profile/update: uuid plus the same fields; an empty password keeps the old one. */
export const updateProfileSchema = z.object({
  uuid: z.uuid({ error: messages.notFound }),
  ...profileFields,
  password: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(newPasswordSchema.optional()),
});
export type UpdateProfile = z.infer<typeof updateProfileSchema>;

/**
 * POST /api/profile/me: what anyone may change of their own account (Mi perfil). E-mail,
 * RUT and user type stay as they are: they identify the person and only an admin changes them.
 */
export const ownProfileSchema = z.object({
  firstName: profileFields.firstName,
  lastName: profileFields.lastName,
  phone: phoneSchema,
  realAddress: optionalAddress,
});
export type OwnProfile = z.infer<typeof ownProfileSchema>;

/** POST /api/profile/password: the current password and the new one (Mi perfil). */
export const ownPasswordFieldsSchema = z.object({
  currentPassword: z.string({ error: messages.currentPasswordRequired }).min(1, messages.currentPasswordRequired).max(PASSWORD_MAX),
  password: newPasswordSchema,
});
/** `.refine(...newPasswordDiffers)`: the new password is not the current one. */
export const newPasswordDiffers: [(v: { password?: string; currentPassword?: string }) => boolean, { path: string[]; message: string }] = [
  (v) => !v.password || v.password !== v.currentPassword,
  { path: ['password'], message: messages.passwordSameAsCurrent },
];
export const ownPasswordSchema = ownPasswordFieldsSchema.refine(...newPasswordDiffers);
export type OwnPassword = z.infer<typeof ownPasswordSchema>;

/** One user as the admin's list and forms see it (never the password). */
export const profileSchema = z.object({
  uuid: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  profileCode: roleSchema,
  phone: z.string().nullable(),
  rut: z.string().nullable(),
  realAddress: z.string().nullable(),
  status: profileStatusSchema,
  /** Whether the owner confirmed the address: until then no mail but the confirmation goes to it (decision 135). */
  emailConfirmed: z.boolean(),
  createdAt: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

/** GET /api/user/list: page, size, a search by name, e-mail or RUT, and filters. */
export const userListQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(100).refine(storable, storableMessage).optional().transform((v) => (v ? v : undefined)),
  profileCode: z.enum(ROLES).optional().or(z.literal('').transform(() => undefined)),
  status: profileStatusSchema.optional().or(z.literal('').transform(() => undefined)),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

/** POST /api/profile/reset: the e-mailed token and the new password. */
export const resetPasswordSchema = z.object({
  token: z.string().min(20).max(200),
  password: newPasswordSchema,
});

/** POST /api/profile/confirm-email: the token of the e-mailed confirmation link (decision 135). */
export const confirmEmailSchema = z.object({
  token: z.string({ error: messages.emailConfirmationInvalid }).min(20, messages.emailConfirmationInvalid).max(200, messages.emailConfirmationInvalid),
});

export { EMAIL_MAX };
