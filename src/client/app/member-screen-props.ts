/** What every member screen receives: the route's named parameters (`:id`, `:slug`, …). */
export type MemberScreenProps = { params: Record<string, string> };
