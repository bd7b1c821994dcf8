import type { JsonObject, SyncData, SyncObjectRef } from './sync-data';

/**
 * Twilio Sync's versioning over the sandbox's chat (sync-data.ts), as twilio-sync 4.0.1 expects
 * it (node_modules/twilio-sync/dist: synclist.js, syncmap.js, syncdocument.js, subscriptions.js):
 * every change of an object is an event with an id that only grows (one counter for all
 * objects here: each object's ids grow too); an item carries the id of the event that last
 * changed it (`last_event_id`), an object the newest of its items' (`last_event_id`,
 * `revision`). The SDK skips an event whose id it already knows for that item, which is what
 * keeps a message from arriving twice when a page and an event both bring it.
 *
 * Nothing is stored but the versions: `refresh` compares an object's data now with what was
 * last seen and gives each change a new event id, sent to the subscribers (`emit`). An object
 * is first seen whole at one event id (its "base"); messages are only ever appended, so a
 * list keeps its length at the base and an id per message after it.
 */

export interface SyncEvent {
  readonly objectSid: string;
  /** `list_item_added`, `map_item_updated`, `document_updated`… (the SDK's event types). */
  readonly eventType: string;
  readonly event: JsonObject;
}

interface Version {
  eventId: number;
  json: string;
  data: JsonObject;
  dateUpdated: string;
  /** First seen after the base (replayed as added, not updated). */
  added: boolean;
}

interface MapState {
  items: Map<string, Version>;
  removed: Map<string, { eventId: number; data: JsonObject }>;
}

interface ListState {
  baseEventId: number;
  baseCount: number;
  /** Event ids of the messages from index `baseCount` on. */
  ids: number[];
  dates: string[];
}

export interface ItemsQuery {
  /** A list item's index or a map item's key: that item alone. */
  key?: string | undefined;
  from?: string | undefined;
  pageSize: number;
  order: 'asc' | 'desc';
}

export interface ItemsPage {
  items: JsonObject[];
  meta: { previous_token: string | null; next_token: string | null; page_size: number };
}

/** The largest page the stand-in answers (the SDK asks for at most 100). */
const MAX_PAGE = 1000;

export class SyncModel {
  private seq = 0;
  private readonly maps = new Map<string, MapState>();
  private readonly documents = new Map<string, Version>();
  private readonly lists = new Map<string, ListState>();

  constructor(
    readonly data: SyncData,
    /** Where the objects live (their `url`s: https://cds.<region>.twilio.com). */
    private readonly cdsOrigin: string,
    private readonly emit: (event: SyncEvent) => void,
    private readonly now: () => Date,
  ) {}

  private nextId(): number {
    return ++this.seq;
  }

  private url(ref: SyncObjectRef): string {
    const path = ref.kind === 'map' ? 'Maps' : ref.kind === 'list' ? 'Lists' : 'Documents';
    return `${this.cdsOrigin}/v3/${path}/${encodeURIComponent(ref.sid)}`;
  }

  // --- refresh: changes become events -----------------------------------------------------

  /** Compares the object with what was last seen; each change gets an event id and is emitted. */
  refresh(ref: SyncObjectRef): void {
    const at = this.now().toISOString();
    if (ref.kind === 'document') {
      const data = this.data.conversationDocument(ref.conversation);
      const json = JSON.stringify(data);
      const known = this.documents.get(ref.sid);
      if (known?.json === json) return;
      const version: Version = { eventId: this.nextId(), json, data, dateUpdated: at, added: false };
      this.documents.set(ref.sid, version);
      if (known) this.emit({ objectSid: ref.sid, eventType: 'document_updated', event: this.documentEvent(ref, version) });
    } else if (ref.kind === 'map') {
      const items = this.data.mapItems(ref);
      let state = this.maps.get(ref.sid);
      if (!state) {
        const base = this.nextId();
        state = { items: new Map(), removed: new Map() };
        for (const [key, data] of items) state.items.set(key, { eventId: base, json: JSON.stringify(data), data, dateUpdated: at, added: false });
        this.maps.set(ref.sid, state);
        return;
      }
      for (const [key, data] of items) {
        const json = JSON.stringify(data);
        const known = state.items.get(key);
        if (known?.json === json) continue;
        const version: Version = { eventId: this.nextId(), json, data, dateUpdated: at, added: !known || known.added };
        state.items.set(key, version);
        state.removed.delete(key);
        this.emit({ objectSid: ref.sid, eventType: known ? 'map_item_updated' : 'map_item_added', event: this.mapItemEvent(ref, key, version) });
      }
      for (const [key, known] of state.items) {
        if (items.has(key)) continue;
        const eventId = this.nextId();
        state.items.delete(key);
        state.removed.set(key, { eventId, data: known.data });
        this.emit({ objectSid: ref.sid, eventType: 'map_item_removed', event: { ...this.mapItemEvent(ref, key, { ...known, eventId }), date_created: at } });
      }
    } else {
      const count = this.data.messageCount(ref.conversation);
      const state = this.lists.get(ref.sid);
      if (!state) {
        this.lists.set(ref.sid, { baseEventId: this.nextId(), baseCount: count, ids: [], dates: [] });
        return;
      }
      const known = state.baseCount + state.ids.length;
      if (count < known) {
        // The sandbox was reset: the list starts again from what it holds now.
        this.lists.set(ref.sid, { baseEventId: this.nextId(), baseCount: count, ids: [], dates: [] });
        return;
      }
      if (count === known) return;
      const added = this.data.messages(ref.conversation, known, count);
      for (const message of added) {
        state.ids.push(this.nextId());
        state.dates.push(at);
        this.emit({ objectSid: ref.sid, eventType: 'list_item_added', event: this.listItemEvent(ref, message.index) });
      }
    }
  }

  /** Refreshes the objects of a conversation that were opened (a message or a read horizon changed). */
  refreshConversation(conversationSid: string): void {
    const conversation = this.data.chat.conversation(conversationSid);
    if (!conversation) return;
    const names = [
      `${conversationSid}.messages`,
      `${conversationSid}.channel`,
      `${conversationSid}.roster`,
      ...conversation.participants.map((p) => `${p}.conversations`),
    ];
    for (const name of names) {
      if (!this.maps.has(name) && !this.lists.has(name) && !this.documents.has(name)) continue;
      const ref = this.data.resolve(name);
      if (ref) this.refresh(ref);
    }
  }

  // --- what the SDK reads -------------------------------------------------------------------

  lastEventId(ref: SyncObjectRef): number {
    this.refresh(ref);
    if (ref.kind === 'document') return this.documents.get(ref.sid)!.eventId;
    if (ref.kind === 'list') {
      const state = this.lists.get(ref.sid)!;
      return state.ids.at(-1) ?? state.baseEventId;
    }
    const state = this.maps.get(ref.sid)!;
    return Math.max(0, ...[...state.items.values()].map((v) => v.eventId), ...[...state.removed.values()].map((r) => r.eventId));
  }

  /** The object's descriptor (`GET /v3/Maps|Lists|Documents/<id>`); a map's items with `Include=items`. */
  descriptor(ref: SyncObjectRef, includeItems: boolean): JsonObject {
    const lastEventId = this.lastEventId(ref);
    const url = this.url(ref);
    const base = { sid: ref.sid, unique_name: ref.sid, url, revision: String(lastEventId), last_event_id: lastEventId, date_expires: null };
    if (ref.kind === 'document') {
      const version = this.documents.get(ref.sid)!;
      return { ...base, data: version.data, date_updated: version.dateUpdated };
    }
    const links = { items: `${url}/Items`, ...(ref.kind === 'list' ? { context: `${url}/Context` } : {}) };
    const descriptor = { ...base, links, date_updated: this.now().toISOString() };
    if (ref.kind === 'map' && includeItems) return { ...descriptor, items: this.queryItems(ref, { pageSize: MAX_PAGE, order: 'asc' }).items };
    return descriptor;
  }

  /** A page of a list's or a map's items (`GET …/Items?Index|Key&From&PageSize&Order`); `From` is inclusive. */
  queryItems(ref: SyncObjectRef & { kind: 'map' | 'list' }, query: ItemsQuery): ItemsPage {
    this.refresh(ref);
    const pageSize = Math.min(Math.max(1, query.pageSize), MAX_PAGE);
    const page = (items: JsonObject[], before: boolean, after: boolean): ItemsPage => ({
      items,
      meta: { previous_token: before ? 'PT-previous' : null, next_token: after ? 'PT-next' : null, page_size: pageSize },
    });
    if (ref.kind === 'list') {
      const count = this.data.messageCount(ref.conversation);
      if (query.key !== undefined) {
        const index = Number(query.key);
        return page(Number.isInteger(index) && index >= 0 && index < count ? [this.listItem(ref, index)] : [], false, false);
      }
      const from = query.from === undefined ? undefined : Number(query.from);
      let start: number;
      let end: number;
      if (query.order === 'asc') {
        start = Math.max(0, from ?? 0);
        end = Math.min(count, start + pageSize);
      } else {
        end = Math.min(count, (from ?? count - 1) + 1);
        start = Math.max(0, end - pageSize);
      }
      const indices = Array.from({ length: Math.max(0, end - start) }, (_, i) => start + i);
      if (query.order === 'desc') indices.reverse();
      const items = indices.map((index) => this.listItem(ref, index));
      // previous: the other way from the page's first item; next: on from its last.
      return query.order === 'asc' ? page(items, start > 0, end < count) : page(items, end < count, start > 0);
    }
    const state = this.maps.get(ref.sid)!;
    if (query.key !== undefined) {
      const version = state.items.get(query.key);
      return page(version ? [this.mapItem(ref, query.key, version)] : [], false, false);
    }
    const keys = [...state.items.keys()].sort();
    if (query.order === 'desc') keys.reverse();
    const inRange = query.from === undefined ? keys : keys.filter((key) => (query.order === 'asc' ? key >= query.from! : key <= query.from!));
    const chosen = inRange.slice(0, pageSize);
    const before = chosen.length > 0 && keys.indexOf(chosen[0]!) > 0;
    return page(
      chosen.map((key) => this.mapItem(ref, key, state.items.get(key)!)),
      before,
      chosen.length < inRange.length,
    );
  }

  /** What a subscriber that knew the object up to event `afterEventId` missed, oldest first. */
  replay(ref: SyncObjectRef, afterEventId: number): SyncEvent[] {
    this.refresh(ref);
    const events: (SyncEvent & { id: number })[] = [];
    if (ref.kind === 'document') {
      const version = this.documents.get(ref.sid)!;
      if (version.eventId > afterEventId)
        events.push({ id: version.eventId, objectSid: ref.sid, eventType: 'document_updated', event: this.documentEvent(ref, version) });
    } else if (ref.kind === 'list') {
      const state = this.lists.get(ref.sid)!;
      state.ids.forEach((id, i) => {
        if (id > afterEventId) events.push({ id, objectSid: ref.sid, eventType: 'list_item_added', event: this.listItemEvent(ref, state.baseCount + i) });
      });
    } else {
      const state = this.maps.get(ref.sid)!;
      for (const [key, version] of state.items) {
        if (version.eventId <= afterEventId) continue;
        events.push({
          id: version.eventId,
          objectSid: ref.sid,
          eventType: version.added ? 'map_item_added' : 'map_item_updated',
          event: this.mapItemEvent(ref, key, version),
        });
      }
      for (const [key, removed] of state.removed) {
        if (removed.eventId <= afterEventId) continue;
        const at = this.now().toISOString();
        const event = this.mapItemEvent(ref, key, { eventId: removed.eventId, json: '', data: removed.data, dateUpdated: at, added: false });
        events.push({ id: removed.eventId, objectSid: ref.sid, eventType: 'map_item_removed', event });
      }
    }
    return events.sort((a, b) => a.id - b.id).map(({ objectSid, eventType, event }) => ({ objectSid, eventType, event }));
  }

  // --- shapes -------------------------------------------------------------------------------

  private listVersion(ref: SyncObjectRef & { kind: 'list' }, index: number): { eventId: number; date: string | null } {
    const state = this.lists.get(ref.sid)!;
    if (index < state.baseCount) return { eventId: state.baseEventId, date: null };
    return { eventId: state.ids[index - state.baseCount] ?? state.baseEventId, date: state.dates[index - state.baseCount] ?? null };
  }

  private listItem(ref: SyncObjectRef & { kind: 'list' }, index: number): JsonObject {
    const message = this.data.messages(ref.conversation, index, index + 1)[0]!;
    const { eventId } = this.listVersion(ref, index);
    return {
      index,
      url: `${this.url(ref)}/Items/${index}`,
      revision: String(eventId),
      last_event_id: eventId,
      data: this.data.messageItem(ref.conversation, message),
      date_updated: message.dateCreated,
      date_expires: null,
    };
  }

  private listItemEvent(ref: SyncObjectRef & { kind: 'list' }, index: number): JsonObject {
    const item = this.listItem(ref, index);
    const { date } = this.listVersion(ref, index);
    return {
      list_sid: ref.sid,
      id: item.last_event_id,
      item_index: index,
      item_url: item.url,
      item_revision: item.revision,
      item_data: item.data,
      date_created: date ?? item.date_updated,
      list_revision: item.revision,
    };
  }

  private mapItem(ref: SyncObjectRef, key: string, version: Version): JsonObject {
    return {
      key,
      url: `${this.url(ref)}/Items/${encodeURIComponent(key)}`,
      revision: String(version.eventId),
      last_event_id: version.eventId,
      data: version.data,
      date_updated: version.dateUpdated,
      date_expires: null,
    };
  }

  private mapItemEvent(ref: SyncObjectRef, key: string, version: Version): JsonObject {
    const item = this.mapItem(ref, key, version);
    return {
      map_sid: ref.sid,
      id: version.eventId,
      item_key: key,
      item_url: item.url,
      item_revision: item.revision,
      item_data: version.data,
      date_created: version.dateUpdated,
      map_revision: item.revision,
    };
  }

  private documentEvent(ref: SyncObjectRef, version: Version): JsonObject {
    return {
      document_sid: ref.sid,
      id: version.eventId,
      document_revision: String(version.eventId),
      document_data: version.data,
      date_created: version.dateUpdated,
    };
  }
}
