import { z } from './zod';
import { ROLES } from './roles';

/** A user type (profileCode), as the API reads and writes it. */
export const roleSchema = z.enum(ROLES);
