/** Visual snapshots of every story at 1280 px, light and dark (test/visual/suite.ts). */
import { describeVisualSnapshots } from '../visual/suite';

describeVisualSnapshots(1280);
