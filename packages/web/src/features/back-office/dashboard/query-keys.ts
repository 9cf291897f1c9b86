/** SWR keys of what the admin dashboard reads. */
export const dashboardKeys = {
  summary: ['dashboard'] as const,
};
