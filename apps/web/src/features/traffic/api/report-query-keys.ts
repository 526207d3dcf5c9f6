/** Query keys of the merchant's traffic reports, under one prefix: a new call (or a bought package) refreshes them all. */
export const trafficReportKey = ['merchant', 'traffic-report'] as const;
