// What other features may use from this one; everything else in this folder is private to it
// (enforced by .dependency-cruiser.cjs, see docs/architecture.md "Layout and boundaries").
// createAuth (auth.service.ts) is not here: app.ts builds the instance; auth.service.ts reads the
// account feature, which reads this file, so exporting it here would close a cycle.
export { auditRoleChange, type RoleChangeBy, setAdminFlag } from './admin-rights.service.ts';
export { expiredSessionCookies, toCurrentUser } from './auth.routes.ts';
