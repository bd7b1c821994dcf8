// CDN chunk: defines <lead-page> (loaded by the loader when the tag appears).
import { leadPageElement } from '../elements/lead-page.element';
import { defineElement } from '../elements/registry';

defineElement(leadPageElement);
