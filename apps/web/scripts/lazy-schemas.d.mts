import type { Plugin } from 'vite';

export function lazySchemaSource(code: string, fileName: string, helper?: string): string | null;
export function lazySchemas(): Plugin;
