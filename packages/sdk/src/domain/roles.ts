import { ASSIGNABLE_ROLES, type AssignableRoleName } from './constants.js';

/** Whether an Admin may give this role (Staff or User; never Admin). */
export function isAssignableRole(role: string): role is AssignableRoleName {
  return (ASSIGNABLE_ROLES as readonly string[]).includes(role);
}

/** A role change is sent only when the chosen role differs from the current one. */
export function shouldUpdateRole(current: string, next: string): boolean {
  return next !== current;
}

const within = (path: string, base: string) => path === base || path.startsWith(`${base}/`);

/**
 * Where a stored role must be sent from `pathname`: Admin outside /admin -> '/admin', Staff
 * outside /staff -> '/staff', else null. A receipt (/receipt/...) is every role's page: staff
 * print one right after a handover.
 */
export function roleRedirect(role: string | null | undefined, pathname: string): '/admin' | '/staff' | null {
  if (pathname.startsWith('/receipt/')) return null;
  if (role === 'Admin' && !within(pathname, '/admin')) return '/admin';
  if (role === 'Staff' && !within(pathname, '/staff')) return '/staff';
  return null;
}
