/** The core journeys (./journeys.ts) in Firefox ESR (./puppeteer.ts). */
import { engineJourneys } from './journeys';

engineJourneys('firefox');
