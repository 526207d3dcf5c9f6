/** Query key of the operator's settings (every group). */
export const adminSettingsKey = ['admin', 'settings'] as const;
