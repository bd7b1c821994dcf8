// CDN chunk: defines <lead-app> (loaded by the loader when the tag appears).
import { leadAppElement } from '../elements/lead-app.element';
import { defineElement } from '../elements/registry';

defineElement(leadAppElement);
