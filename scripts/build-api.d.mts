/** The compiled API's entry (apps/api/dist/server.mjs). */
export const apiEntry: string;
/** Compiles the API into apps/api/dist. */
export function buildApi(): Promise<void>;
/** Compiles the API when its sources changed since the last build. */
export function buildApiIfNeeded(): Promise<void>;
