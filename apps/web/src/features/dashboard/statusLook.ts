import {
  IconBan,
  IconChecks,
  IconDatabaseImport,
  IconMapPinCheck,
  IconSend,
  type Icon,
} from '@tabler/icons-react';

/** Presentation only: the colour and picture of each counted status on the dashboard cards. */
const LOOKS: Record<number, { color: string; icon: Icon }> = {
  0: { color: 'brand', icon: IconSend },
  2: { color: 'cyan', icon: IconMapPinCheck },
  7: { color: 'teal', icon: IconChecks },
  6: { color: 'red', icon: IconBan },
  8: { color: 'violet', icon: IconDatabaseImport },
};

export const statusLook = (status: number) => LOOKS[status] ?? { color: 'gray', icon: IconSend };

/** The colour of each status group of the overview and its charts. */
export const GROUP_COLOR = {
  andamento: 'blue',
  concessionaria: 'orange',
  concluidas: 'teal',
  recusadas: 'red',
} as const;
