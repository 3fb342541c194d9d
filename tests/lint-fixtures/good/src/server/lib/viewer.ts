export type Viewer = { id: string } | null;
