export type Item = { id: string };
