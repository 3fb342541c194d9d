// What other features may use from this one; everything else in this folder is private to it
// (enforced by .dependency-cruiser.cjs, see docs/architecture.md "Layout and boundaries").
export { exportPractice, getPracticeSummary, localDaySql, zoneOrFallback } from './practice.service.ts';
