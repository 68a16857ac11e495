import { dashboardCall, homeCall } from '@portal/domain/contracts/calls/home';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../api/client.ts';

export const homeTotalsQuery = queryOptions({
  queryKey: ['home'],
  queryFn: async () => (await call(homeCall)).dados,
  retry: false,
});

/** The overview beside the spec's totals (GET /api/home/painel): queue, groups, ages, regionals. */
export const dashboardOverviewQuery = queryOptions({
  queryKey: ['home', 'painel'],
  queryFn: async () => (await call(dashboardCall)).dados,
  retry: false,
  // Back on the dashboard after acting on a request, the queue shows the move at once.
  staleTime: 0,
});

export const useHomeTotals = () => useQuery(homeTotalsQuery);
export const useDashboardOverview = () => useQuery(dashboardOverviewQuery);
