import { Component, CUSTOM_ELEMENTS_SCHEMA, signal } from '@angular/core';
import { createGatewayClient } from 'leadkit';
import { AUTH, FIRST_GATEWAY, LEAD_ID, SECOND_GATEWAY, SP_ID, onLoad, onNavigate, swapped } from '../shared/host.js';

/**
 * The tags in a template: CUSTOM_ELEMENTS_SCHEMA lets Angular accept them, `[prop]` sets DOM
 * properties (the client object included), `(lk-…)` adds event listeners. `$event` is typed from
 * leadkit's `HTMLElementTagNameMap` (strictTemplates checks it against the handlers' types).
 */
@Component({
  selector: 'app-root',
  schemas: [CUSTOM_ELEMENTS_SCHEMA],
  template: `
    <main>
      <h1>Angular host</h1>
      <button type="button" (click)="swapGateway()">Use the second gateway</button>
      <lead-page [leadId]="leadId" [spId]="spId" [gateway]="gateway()" (lk-load)="onLoad($event)" (lk-navigate)="onNavigate($event)"></lead-page>
      <lead-board [spId]="spId" [gateway]="gateway()" (lk-load)="onLoad($event)" (lk-navigate)="onNavigate($event)"></lead-board>
    </main>
  `,
})
export class App {
  protected readonly leadId = LEAD_ID;
  protected readonly spId = SP_ID;
  // A signal holds the client as it is (no proxy); setting a new one re-binds [gateway].
  protected readonly gateway = signal(createGatewayClient({ baseURL: FIRST_GATEWAY, credentials: 'include', auth: AUTH }));
  protected readonly onLoad = onLoad;
  protected readonly onNavigate = onNavigate;

  protected swapGateway(): void {
    this.gateway.set(createGatewayClient({ baseURL: SECOND_GATEWAY, credentials: 'include', auth: AUTH }));
    swapped();
  }
}
