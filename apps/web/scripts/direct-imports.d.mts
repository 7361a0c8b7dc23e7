import type { Plugin } from 'vite';

export function exportMap(indexFile: string): Map<string, { file: string; name: string }>;
export function directImports(packages?: string[]): Plugin;
