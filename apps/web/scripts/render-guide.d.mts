/** The organiser's guide's files for the web build (render-guide.mjs). */
export function renderGuide(guideDir: string): { fileName: string; source: string | Uint8Array }[];
