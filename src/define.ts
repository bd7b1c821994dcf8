/**
 * `leadkit/define`: registers every leadkit element (side effect). Safe to load twice.
 * For a prefix, import `defineElements` and call it yourself instead of this entry.
 */
import { defineElements } from './define-elements';

defineElements();

export { defineElements };
