/** Query keys of the operator dashboard: its totals, trends and distributions. */
export const adminDashboardKey = ['admin', 'dashboard'] as const;
