/**
 * An Angular host: a standalone component, zoneless, built by the Angular CLI's application
 * builder (`ng build`, @angular/build) with no configuration for leadkit.
 *
 * leadkit's tags are defined only AFTER the app has bootstrapped and rendered: Angular creates
 * <lead-page> and <lead-board> and sets their bound properties ([leadId], [spId], [gateway]) on
 * elements that are not custom elements yet — what an Angular app that loads leadkit lazily (or
 * from a CDN script that arrives late) does. Each element takes those properties over when the
 * tag is defined (run.ts checks it).
 */
import { provideZonelessChangeDetection } from '@angular/core';
import { bootstrapApplication } from '@angular/platform-browser';
import { App } from './app';

bootstrapApplication(App, { providers: [provideZonelessChangeDetection()] })
  .then(() => import('leadkit/define'))
  .catch((error: unknown) => console.error(error));
