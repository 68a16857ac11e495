/** The calendar day (YYYY-MM-DD) it is in Brasília at `now`: the users' day, whatever the server's zone. */
export const todayInBrasilia = (now: Date): string =>
  now.toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });

/** Whether an ISO calendar date is later than today in Brasília. */
export const isAfterToday = (isoDate: string, now: Date): boolean => isoDate > todayInBrasilia(now);
