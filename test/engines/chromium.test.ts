/**
 * The core journeys (./journeys.ts) in Debian's Chromium through puppeteer-core (CDP): test/e2e
 * covers Chromium in depth; this proves the journeys and the driver against the engine they
 * were first written for. Run when ENGINES names it (ENGINES=chromium,firefox,webkit: vitest.config.ts).
 */
import { engineJourneys } from './journeys';

engineJourneys('chromium');
