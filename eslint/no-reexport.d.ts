import type { ESLint, Rule } from 'eslint';
export const noReexportRule: Rule.RuleModule;
export const EXEMPT: Readonly<Record<string, string>>;
declare const plugin: ESLint.Plugin;
export default plugin;
