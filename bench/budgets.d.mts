/** Types of bench/budgets.mjs for the TypeScript that reads it (bench/*.ts); the figures and what each means are there. */
export declare const SIZE_BUDGETS: { readonly loaderGzip: number };
export declare const PACKAGE_BUDGETS: { readonly tarball: number; readonly installBeyondReact: number };
export declare const LOAD_BUDGETS: {
  readonly boardChainedRoundTrips: number;
  readonly boardFirstContentVsReactAnchor: number;
  readonly boardFirstContentVsReactAnchorBusy: number;
  readonly boardLongTasksVsReactAnchor: number;
  readonly serverFirstCardVsStatic: number;
  readonly serverLiveVsClientFirstCard: number;
  readonly hydrationLongTasksVsReactAnchor: number;
  readonly cls: number;
  readonly flavourBoardJsGzip: number;
  readonly ownJsBeyondRuntimeGzip: number;
};
export declare const FIRST_SCREEN_GZIP: Readonly<Record<string, { readonly gzip: number; readonly reason: string }>>;
export declare const FIRST_SCREEN_ROUTES: Readonly<Record<string, string>>;
export declare const INTERACTION_BUDGETS: {
  readonly cpuSlowdown: number;
  readonly samples: number;
  readonly filterToggleP75Ms: number;
  readonly vsReactAnchorExpand: number;
};
export declare const LIGHTHOUSE_BUDGETS: { readonly performanceScore: number };
export declare const THREAD_BUDGETS: { readonly maxDomNodes: number; readonly heapVs1000: number; readonly maxScrollHeapGrowthBytes: number };
export declare const IDLE_CALL_BUDGETS: {
  readonly boardVisible: number;
  readonly boardHidden: number;
  readonly boardHiddenWatching: number;
  readonly threadOpen: number;
};
