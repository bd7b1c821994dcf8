// CDN chunk: defines <raq-funnel> (loaded by the loader when the tag appears).
import { raqFunnelElement } from '../elements/raq-funnel.element';
import { defineElement } from '../elements/registry';

defineElement(raqFunnelElement);
