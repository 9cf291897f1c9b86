// An account in the contract's wire shape.
import type { UserRow } from '../../db/schema.js';
import { iso, type Schemas } from '../../shared/wire.js';

export const userView = (user: UserRow): Schemas['User'] => ({
  id: user.id,
  username: user.username,
  email: user.email,
  role: user.role,
  createdAt: iso(user.created_at),
  isVerified: user.is_verified,
});
