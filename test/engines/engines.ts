/** Launches an engine by name (each module imports only its own protocol client when used). */
import type { EngineDriver, EngineName, Viewport } from './driver';

export async function launchEngine(engine: EngineName, viewport: Viewport): Promise<EngineDriver> {
  switch (engine) {
    case 'firefox':
      return (await import('./puppeteer')).launchFirefox(viewport);
    case 'chromium':
      return (await import('./puppeteer')).launchPuppeteerChromium(viewport);
    case 'webkit':
      return (await import('./webkit')).launchWebKit(viewport);
  }
}
