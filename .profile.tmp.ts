import { readFileSync } from 'node:fs';
import path from 'node:path';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { withSession, ROOT } from './bench/session';

const DEEP = String.raw`((selector) => { const found = []; const walk = (root) => { found.push(...root.querySelectorAll(selector)); for (const el of root.querySelectorAll('*')) if (el.shadowRoot) walk(el.shadowRoot); }; walk(document); return found; })`;
const maps = new Map<string, TraceMap | null>();
function mapFor(url: string) {
  if (!maps.has(url)) {
    const m = /\/cdn\/(.*\.js)$/.exec(new URL(url).pathname);
    let tm: TraceMap | null = null;
    try { if (m) tm = new TraceMap(readFileSync(path.join(ROOT, 'dist/cdn', m[1]! + '.map'), 'utf8')); } catch {}
    maps.set(url, tm);
  }
  return maps.get(url);
}
await withSession(async ({ browser, server }) => {
  await fetch(`${server.origin}/sandbox/reset`, { method: 'POST' }).catch(() => {});
  for (const url of [`${server.origin}/app/lead/board/1001`, `${server.origin}/anchors/react/`]) {
  console.log('\n=====', url);
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, deviceScaleFactor: 1 });
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForFunction(`(() => { const deep = ${DEEP}; return deep('[part~="lead-card"]').length >= 5; })()`, undefined, { timeout: 20000 });
  await page.waitForTimeout(1500);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  const events: any[] = [];
  cdp.on('Tracing.dataCollected', (e: any) => events.push(...e.value));
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline', transferMode: 'ReportEvents' });
  await cdp.send('Profiler.start');
  const clicks: number[] = [];
  for (let i = 1; i <= 8; i++) {
    const pt = await page.evaluate(`(() => { const deep = ${DEEP}; const t = deep('[part~="lead-card"]')[${i % 5}].querySelector('button[aria-expanded]'); t.scrollIntoView({block:'center'}); const b = t.getBoundingClientRect(); return { x: b.left + b.width/2, y: b.top + b.height/2 }; })()`) as any;
    await page.waitForTimeout(300);
    await cdp.send('Input.dispatchMouseEvent', { type: 'mousePressed', x: pt.x, y: pt.y, button: 'left', buttons: 1, clickCount: 1 });
    await cdp.send('Input.dispatchMouseEvent', { type: 'mouseReleased', x: pt.x, y: pt.y, button: 'left', buttons: 0, clickCount: 1 });
    await page.waitForTimeout(700);
  }
  const { profile } = await cdp.send('Profiler.stop') as any;
  const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
  await cdp.send('Tracing.end');
  await done;
  // trace: top-level durations by name on the renderer main thread
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const agg: Record<string, number> = {};
  for (const e of events) if (main && e.tid === main.tid && e.pid === main.pid && e.ph === 'X' && e.dur) agg[e.name] = (agg[e.name] ?? 0) + e.dur / 1000;
  console.log('trace (main thread, ms, nested counted):', Object.entries(agg).sort((a, b) => b[1] - a[1]).slice(0, 18).map(([k, v]) => `${k} ${v.toFixed(0)}`).join(' | '));
  // profile: self time by original source
  const self = new Map<number, number>();
  const dt = profile.timeDeltas as number[];
  profile.samples.forEach((id: number, i: number) => self.set(id, (self.get(id) ?? 0) + (dt[i] ?? 0) / 1000));
  const bySrc: Record<string, number> = {}; const byFn: Record<string, number> = {};
  for (const node of profile.nodes) {
    const t = self.get(node.id) ?? 0; if (!t) continue;
    const cf = node.callFrame; let src = cf.url ? new URL(cf.url).pathname : `(${cf.functionName || 'native'})`; let fn = cf.functionName;
    const tm = cf.url ? mapFor(cf.url) : null;
    if (tm) { const o = originalPositionFor(tm, { line: cf.lineNumber + 1, column: cf.columnNumber }); if (o.source) { src = o.source.replace(/.*node_modules\//, 'npm:').replace(/^(\.\.\/)+/, ''); fn = o.name ?? fn; } }
    bySrc[src] = (bySrc[src] ?? 0) + t; byFn[`${fn} @ ${src}`] = (byFn[`${fn} @ ${src}`] ?? 0) + t;
  }
  console.log('\nself time by source (ms, 8 expands at 4x):'); for (const [k, v] of Object.entries(bySrc).sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(v.toFixed(1).padStart(8), k);
  console.log('\nby function:'); for (const [k, v] of Object.entries(byFn).sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(v.toFixed(1).padStart(8), k);
  // per click: top-level events on the main thread from the pointerdown dispatch for 250 ms
  const downs = events.filter((e) => main && e.tid === main.tid && e.name === 'EventDispatch' && e.args?.data?.type === 'pointerdown').map((e) => e.ts);
  const per: Record<string, number[]> = {};
  for (const t0 of downs) {
    const row: Record<string, number> = {};
    for (const e of events) {
      if (!main || e.tid !== main.tid || e.ph !== 'X' || !e.dur || e.ts < t0 || e.ts > t0 + 250_000) continue;
      if (['FunctionCall', 'EventDispatch', 'TimerFire', 'FireAnimationFrame', 'UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Commit', 'Layerize', 'HitTest', 'RunMicrotasks', 'v8.run', 'ParseHTML'].includes(e.name)) row[e.name] = (row[e.name] ?? 0) + e.dur / 1000;
    }
    for (const [k, v] of Object.entries(row)) (per[k] ??= []).push(v);
  }
  if (downs.length > 3) { const t0 = downs[3]!; console.log('timeline of click 4 (ms from pointerdown: name dur)'); for (const e of events.filter((e) => main && e.tid === main.tid && e.ph === 'X' && e.dur > 300 && e.ts >= t0 - 1000 && e.ts < t0 + 250_000 && ['RunTask','EventDispatch','FunctionCall','TimerFire','FireAnimationFrame','UpdateLayoutTree','Layout','PrePaint','Paint','Commit','Layerize'].includes(e.name)).sort((a, b) => a.ts - b.ts)) console.log('   ', ((e.ts - t0) / 1000).toFixed(1).padStart(6), e.name, (e.dur / 1000).toFixed(1), e.args?.data?.type ?? e.args?.data?.functionName ?? '', e.name === 'Layout' ? JSON.stringify(e.args?.beginData) + JSON.stringify(e.args?.endData?.layoutRoots?.length) : '', e.name==='UpdateLayoutTree' ? (e.args?.elementCount ?? '') : ''); }
  console.log('per click, median ms in the 250 ms after pointerdown (nested counted):');
  for (const [k, v] of Object.entries(per)) { const s2 = [...v].sort((a, b) => a - b); console.log('  ', k.padEnd(18), s2[Math.floor(s2.length / 2)]!.toFixed(1), ' n=', v.length); }
  await context.close();
  }
});
