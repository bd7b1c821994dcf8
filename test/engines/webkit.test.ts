/** The core journeys (./journeys.ts) in WebKitGTK's MiniBrowser (./webkit.ts). */
import { engineJourneys } from './journeys';

engineJourneys('webkit');
