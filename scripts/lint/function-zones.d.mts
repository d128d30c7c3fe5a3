import type { Rule } from 'eslint';

declare const plugin: { rules: { 'function-zones': Rule.RuleModule } };
export default plugin;
