import type { ESLint, Rule } from 'eslint';
export const noCycleRule: Rule.RuleModule;
export function resolveRelative(from: string, specifier: string): string | null;
declare const plugin: ESLint.Plugin;
export default plugin;
