import type { ESLint, Rule } from 'eslint';
export const layersRule: Rule.RuleModule;
declare const plugin: ESLint.Plugin;
export default plugin;
