import { z } from './zod';
import { roleSchema } from './role-schema';

/** GET /api/profile/operator: the people a ticket can be assigned to (operators, supervisors, admins). */
export const operatorSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: roleSchema,
});
export type Operator = z.infer<typeof operatorSchema>;
