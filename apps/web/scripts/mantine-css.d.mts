type Sheet = 'first' | 'participant' | 'staff';
export const SHEETS: Record<Sheet, string>;
export function mantineSheets(): Record<Sheet, string[]>;
export function renderSheet(name: Sheet, components: string[]): string;
