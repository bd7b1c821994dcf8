/** Visual snapshots of every story at 390 px, light and dark (test/visual/suite.ts). */
import { describeVisualSnapshots } from '../visual/suite';

describeVisualSnapshots(390);
