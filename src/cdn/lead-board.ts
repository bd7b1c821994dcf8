// CDN chunk: defines <lead-board> (loaded by the loader when the tag appears).
import { leadBoardElement } from '../elements/lead-board.element';
import { defineElement } from '../elements/registry';

defineElement(leadBoardElement);
