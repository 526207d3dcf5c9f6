/** Query keys of the operator's traffic reports, under one prefix. */
export const adminTrafficReportKey = ['admin', 'traffic-report'] as const;
