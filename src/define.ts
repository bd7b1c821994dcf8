/**
 * `leadkit/define`: registers every leadkit element under its default name (side effect).
 * Safe to load twice. For a prefix, import `defineElements` from `leadkit` instead (importing
 * it from there registers nothing first); it is re-exported here for existing imports.
 */
import { defineElements } from './define-elements';

defineElements();

export { defineElements };
